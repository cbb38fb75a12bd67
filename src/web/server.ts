import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { z } from "zod";
import { listenError } from "../core/listen-error.js";
import type { EnvId } from "../core/manifest.js";
import { hasEnv } from "../envs/registry.js";
import { minimapSvg } from "../render/minimap.js";
import { openRunStore } from "../storage/open-run-store.js";
import { isPostgresUrl } from "../storage/postgres-run-store.js";
import type { RunStore } from "../storage/run-store.js";
import { LeaderboardQuery, Leaderboards } from "./leaderboard.js";
import { episodeView, runDetail, runSummaries } from "./read-runs.js";
import { staticFiles } from "./static-files.js";

/** Path parameters as the API accepts them (anything else is a 400). */
const RunId = z.string().regex(/^[\w.:@+-]{1,200}$/, "a run id");
const EnvKey = z.string().regex(/^[\w.-]{1,100}$/, "a store or category id");
const TaskKey = z.string().regex(/^[\w.:@+-]{1,200}$/, "a task or persona id");
const ImageHash = z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 hex digest");
const ChartName = z.string().regex(/^[a-z0-9-]{1,60}$/, "a chart name");

/** Where the built app is: `dist/web/app`, beside the compiled server or, from the sources, in the package's dist. */
export function defaultAppDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return here.endsWith(join("src", "web")) ? resolve(here, "../../dist/web/app") : join(here, "app");
}

export interface WebOptions {
  /** The run store folder. */
  dir: string;
  /** The built app (default: `defaultAppDir()`). */
  appDir?: string;
}

/** Sends security headers with every answer: no framing, no sniffing, scripts and styles of this origin only. */
const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
};

/**
 * The web app: the JSON API over the run store and the built viewer. The store is opened read-only
 * when it exists (a store made after the server started is found on the next request).
 */
export function createWebApp(opts: WebOptions): { app: Hono; close: () => Promise<void> } {
  const appDir = opts.appDir ?? defaultAppDir();
  let store: RunStore | undefined;
  const getStore = (): RunStore | undefined => {
    // A store on a server (postgres://) is opened at once; a folder once its database exists.
    if (!store && (isPostgresUrl(opts.dir) || existsSync(join(opts.dir, "siturec.db"))))
      store = openRunStore(opts.dir, { readonly: true });
    return store;
  };
  const app = new Hono();

  app.use(async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(k, v);
  });
  app.onError((err, c) => c.json({ error: err instanceof Error ? err.message : String(err) }, 500));

  const param = <T>(schema: z.ZodType<T>, value: string | undefined): T | undefined => {
    const r = schema.safeParse(value);
    return r.success ? r.data : undefined;
  };
  const bad = (what: string) => ({ error: `invalid ${what}` });

  app.get("/api/runs", async (c) => {
    const s = getStore();
    c.header("Cache-Control", "no-store");
    return c.json(s ? await runSummaries(s) : []);
  });

  app.get("/api/runs/:run", async (c) => {
    const runId = param(RunId, c.req.param("run"));
    if (!runId) return c.json(bad("run id"), 400);
    const s = getStore();
    const detail = s ? await runDetail(s, runId) : undefined;
    c.header("Cache-Control", "no-store");
    return detail ? c.json(detail) : c.json({ error: `no run '${runId}'` }, 404);
  });

  app.get("/api/runs/:run/episodes/:env/:task", async (c) => {
    const runId = param(RunId, c.req.param("run"));
    const env = param(EnvKey, c.req.param("env"));
    const task = param(TaskKey, c.req.param("task"));
    if (!runId || !env || !task) return c.json(bad("run, store or task id"), 400);
    const s = getStore();
    const view = s ? await episodeView(s, runId, env, task) : undefined;
    c.header("Cache-Control", "no-store");
    return view
      ? c.json(view)
      : c.json({ error: `no finished episode ${env}/${task} in run '${runId}'` }, 404);
  });

  const leaderboards = new Leaderboards(getStore);
  const filters = (c: { req: { query: () => Record<string, string> } }) =>
    LeaderboardQuery.safeParse(c.req.query());

  app.get("/api/leaderboard", async (c) => {
    const f = filters(c);
    if (!f.success) return c.json(bad("filter (store, subset 0–3, condition)"), 400);
    c.header("Cache-Control", "no-store");
    return c.json(await leaderboards.view(f.data));
  });

  app.get("/api/leaderboard/charts/:name", async (c) => {
    const name = param(ChartName, c.req.param("name")?.replace(/\.svg$/, ""));
    const f = filters(c);
    if (!name || !f.success) return c.json(bad("chart name or filter"), 400);
    const svg = await leaderboards.chart(f.data, name);
    if (!svg) return c.json({ error: `no chart '${name}'` }, 404);
    return c.body(svg, 200, { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "no-cache" });
  });

  /** A store's layout map (the assistant's labels) without the shopper: the replay draws the path on it. */
  app.get("/api/maps/:env", (c) => {
    const env = param(EnvKey, c.req.param("env")?.replace(/\.svg$/, ""));
    if (!env) return c.json(bad("store id"), 400);
    if (!hasEnv(env)) return c.json({ error: `no store '${env}'` }, 404);
    return c.body(minimapSvg(env as EnvId, "assistant").svg, 200, {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    });
  });

  app.get("/api/images/:hash", async (c) => {
    const hash = param(ImageHash, c.req.param("hash")?.replace(/\.png$/, ""));
    if (!hash) return c.json(bad("image hash"), 400);
    const png = await getStore()?.images.get(hash);
    if (!png) return c.json({ error: "no such image" }, 404);
    return c.body(new Uint8Array(png), 200, {
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });

  app.all("/api/*", (c) => c.json({ error: "not found" }, 404));

  app.get("*", staticFiles(appDir));
  app.notFound((c) => c.text("not found", 404));

  return {
    app,
    close: async () => {
      await store?.close();
      store = undefined;
    },
  };
}

export interface ServeOptions extends WebOptions {
  port?: number;
  host?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  close: () => Promise<void>;
}

/** Starts the server (127.0.0.1 unless told otherwise; port 0 picks a free one). */
export async function startWebServer(opts: ServeOptions): Promise<RunningServer> {
  const { app, close } = createWebApp(opts);
  const host = opts.host ?? "127.0.0.1";
  const server = await new Promise<ReturnType<typeof serve>>((ok, fail) => {
    const s = serve({ fetch: app.fetch, port: opts.port ?? 7575, hostname: host }, () => ok(s));
    s.once("error", (err) => fail(listenError(err, host, opts.port ?? 7575)));
  });
  const port = (server.address() as AddressInfo).port;
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shown === "0.0.0.0" ? "127.0.0.1" : shown}:${port}`,
    port,
    close: async () => {
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      // Browsers keep connections open: end them rather than wait for them to idle out.
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await closed;
      await close();
    },
  };
}
