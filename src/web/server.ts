import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { listenError } from "../core/listen-error.js";
import type { EnvId } from "../core/manifest.js";
import { expandEnvSelector } from "../envs/env-selector.js";
import { envIds, hasEnv } from "../envs/registry.js";
import { minimapSvg } from "../render/minimap.js";
import { labelFont, sceneDataJson } from "../render/scene-data.js";
import { openRunStore } from "../storage/open-run-store.js";
import { isPostgresUrl } from "../storage/postgres-run-store.js";
import type { RunStore } from "../storage/run-store.js";
import { StudyRuntime, type StudyRuntimeOptions } from "../study/study-runtime.js";
import { STUDY_RECORDS } from "../study/study-store.js";
import { type AccessTokens, addViewerSession, viewerGate } from "./access-tokens.js";
import { addCustomerSimLeaderboardRoutes } from "./customersim-leaderboard-routes.js";
import { addEpisodeIndexRoutes } from "./episode-index-routes.js";
import { LeaderboardQuery, Leaderboards } from "./leaderboard.js";
import { addModelCallRoutes } from "./model-call-routes.js";
import { episodeView, runDetail, runSummaries } from "./read-runs.js";
import { staticFiles } from "./static-files.js";
import { addStudyRoutes, invitePath } from "./study-routes.js";

/** Path parameters as the API accepts them (anything else is a 400). */
const RunId = z.string().regex(/^[\w.:@+-]{1,200}$/, "a run id");
const EnvKey = z.string().regex(/^[\w.-]{1,100}(?:@\d{1,6})?$/, "a store (or store@seed) or category id");
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
  /** The organiser's token for the study endpoints (default: 32 random bytes, printed at start). */
  adminToken?: string;
  /** The read-only token: the viewer's GET endpoints, never a study endpoint (default: 32 random bytes, printed at start). */
  viewerToken?: string;
  /** Every viewer endpoint needs the admin token too (a server other machines reach: participants must not see the runs). */
  viewerNeedsAdmin?: boolean;
  /** What plays participants' episodes (tests give their own render pool or model client). */
  study?: Omit<StudyRuntimeOptions, "store">;
  /** The store the viewer reads instead of opening `dir` (a static bundle's view restricted to some runs). */
  store?: RunStore;
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
export function createWebApp(opts: WebOptions): {
  app: Hono;
  close: () => Promise<void>;
  adminToken: string;
  /** The read-only viewer's token. */
  viewerToken: string;
  /** Every study's active invite paths (none, and no store made, when the store does not exist yet). */
  invites: () => Promise<{ study: string; code: string; path: string }[]>;
} {
  const appDir = opts.appDir ?? defaultAppDir();
  const adminToken = opts.adminToken ?? randomBytes(32).toString("base64url");
  const viewerToken = opts.viewerToken ?? randomBytes(32).toString("base64url");
  // Participants' episodes are written: the study runtime has a store of its own, opened for writing.
  let runtime: StudyRuntime | undefined;
  const studies = () => {
    runtime ??= new StudyRuntime({ ...opts.study, store: openRunStore(opts.dir) });
    return runtime;
  };
  let store: RunStore | undefined = opts.store;
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
  app.onError((err, c) =>
    err instanceof HTTPException && err.status < 500
      ? c.json({ error: err.message || "bad request" }, err.status)
      : c.json({ error: err instanceof Error ? err.message : String(err) }, 500),
  );
  // Refused while it streams in (a chunked body too), before it is all read.
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ error: `the body is over ${MAX_BODY_BYTES} bytes` }, 413),
    }),
  );

  addStudyRoutes(app, { runtime: studies, adminToken, viewerToken });
  addSceneRoutes(app, getStore);
  const studiesHeld = holdsStudies(getStore);
  requireAdminForViewer(
    app,
    { adminToken, viewerToken },
    async () => opts.viewerNeedsAdmin === true || (await studiesHeld()),
  );
  addRunRoutes(app, getStore);
  addModelCallRoutes(app, getStore);
  addEpisodeIndexRoutes(app, getStore);
  addLeaderboardRoutes(app, getStore);
  addCustomerSimLeaderboardRoutes(app, getStore);
  addMapAndImageRoutes(app, getStore);

  app.all("/api/*", (c) => c.json({ error: "not found" }, 404));

  app.get("*", staticFiles(appDir));
  app.notFound((c) => c.text("not found", 404));

  const invites = async () => {
    if (!getStore()) return [];
    const all = await studies().studies.list();
    return all.flatMap((s) =>
      s.participants
        .filter((p) => p.revokedAt === undefined)
        .map((p) => ({ study: s.id, code: p.code, path: invitePath(p.token) })),
    );
  };
  return {
    app,
    adminToken,
    viewerToken,
    invites,
    close: async () => {
      await runtime?.close();
      await runtime?.studies.runs.close();
      runtime = undefined;
      await store?.close();
      store = undefined;
    },
  };
}

/** Largest request body the server reads (a participant's turn or a new study is a few kilobytes). */
export const MAX_BODY_BYTES = 1_000_000;

/** The run store, opened when it exists. */
type GetStore = () => RunStore | undefined;

/** A path parameter as the schema accepts it, else undefined (the route answers 400). */
function param<T>(schema: z.ZodType<T>, value: string | undefined): T | undefined {
  const r = schema.safeParse(value);
  return r.success ? r.data : undefined;
}

const bad = (what: string) => ({ error: `invalid ${what}` });

/** What the browser's scene builder loads: the label font and a store's scene data. */
function addSceneRoutes(app: Hono, getStore: GetStore): void {
  app.get("/api/scene/font.woff2", (c) =>
    c.body(new Uint8Array(labelFont()), 200, {
      "Content-Type": "font/woff2",
      "Cache-Control": "public, max-age=86400",
    }),
  );
  app.get("/api/scene/:env", async (c) => {
    const env = c.req.param("env").replace(/\.json$/, "");
    if (!(await servedStore(env, getStore))) return c.json({ error: `no store '${env}'` }, 404);
    return c.body(sceneDataJson(env as EnvId), 200, {
      "Content-Type": "application/json",
      "Cache-Control": "public, max-age=3600",
    });
  });
}

/**
 * The viewer's endpoints (every `/api/` route registered after this, so runs, episodes, leaderboards,
 * images and maps) need a token when `needed` says so: beyond loopback, and on loopback too once the
 * store holds a study (a participant at the lab machine must not read which assistant is which, nor
 * the answers). The read-only token opens them for GET only; the organiser's opens everything.
 */
function requireAdminForViewer(app: Hono, tokens: AccessTokens, needed: () => Promise<boolean>): void {
  addViewerSession(app, tokens);
  app.use("/api/*", viewerGate(tokens, needed));
}

/** Whether the store holds a study (once it does, it always will: studies are never deleted). */
function holdsStudies(getStore: GetStore): () => Promise<boolean> {
  let held = false;
  return async () => {
    const store = getStore();
    if (!held && store) held = (await store.listRecords(STUDY_RECORDS)).length > 0;
    return held;
  };
}

/** The runs, one run's detail and one finished episode. */
function addRunRoutes(app: Hono, getStore: GetStore): void {
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
}

/** The leaderboard and its charts, filtered by the query. */
function addLeaderboardRoutes(app: Hono, getStore: GetStore): void {
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
}

/**
 * Whether the viewer serves a store's files: a registered store, or another store id the store's runs
 * played (a seeded variant). A request alone never makes the server generate a store it was not asked
 * to by a run: an id is not a licence to fill the disk.
 */
async function servedStore(env: string, getStore: GetStore): Promise<boolean> {
  if (envIds().includes(env)) return true;
  const runs = (await getStore()?.listRuns()) ?? [];
  const played = (r: { config: unknown }) => {
    const selector = (r.config as { env?: unknown } | null)?.env;
    return typeof selector === "string" && (expandEnvSelector(selector) ?? []).includes(env);
  };
  return runs.some(played) && hasEnv(env);
}

/** Stores' layout maps and the run store's images. */
function addMapAndImageRoutes(app: Hono, getStore: GetStore): void {
  /** A store's layout map (the assistant's labels) without the shopper: the replay draws the path on it. */
  app.get("/api/maps/:env", async (c) => {
    const env = param(EnvKey, c.req.param("env")?.replace(/\.svg$/, ""));
    if (!env) return c.json(bad("store id"), 400);
    if (!(await servedStore(env, getStore))) return c.json({ error: `no store '${env}'` }, 404);
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
}

export interface ServeOptions extends WebOptions {
  port?: number;
  host?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The organiser's token (study endpoints; every viewer endpoint too with `viewerNeedsAdmin`). */
  adminToken: string;
  /** The read-only token (the viewer's GET endpoints only), for the link `#/view/TOKEN`. */
  viewerToken: string;
  /** The open studies' invite links (full URLs), for the server's start message. */
  invites: () => Promise<{ study: string; code: string; path: string; url: string }[]>;
  close: () => Promise<void>;
}

/** Starts the server (127.0.0.1 unless told otherwise; port 0 picks a free one). */
export async function startWebServer(opts: ServeOptions): Promise<RunningServer> {
  const { app, close, adminToken, viewerToken, invites } = createWebApp(opts);
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
    adminToken,
    viewerToken,
    invites: async () => {
      const base = `http://${shown === "0.0.0.0" ? "127.0.0.1" : shown}:${port}`;
      return (await invites()).map((i) => ({ ...i, url: `${base}${i.path}` }));
    },
    close: async () => {
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      // Browsers keep connections open: end them rather than wait for them to idle out.
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await closed;
      await close();
    },
  };
}
