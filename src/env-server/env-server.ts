import { randomBytes, randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { serve } from "@hono/node-server";
import type { Clock } from "../core/clock.js";
import { SiturecError } from "../core/errors.js";
import { listenError } from "../core/listen-error.js";
import type { RenderService } from "../render/render-service.js";
import { openRunStore } from "../storage/open-run-store.js";
import type { LeaseOwner, RunStore } from "../storage/run-store.js";
import { createEnvApp } from "./http-app.js";
import { resetSpec } from "./openenv-protocol.js";
import { openEnvUpgrade } from "./openenv-ws.js";
import { RunSeries } from "./run-series.js";
import { ServerResources } from "./server-resources.js";
import { SessionManager } from "./session-manager.js";
import { attachWebSockets } from "./ws-endpoint.js";

export interface EnvServerOptions {
  /** Port (default 7576; 0 picks a free one). */
  port?: number;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** Sessions open at once (default 64). */
  maxSessions?: number;
  /** A session untouched this long is dropped, its episode stored as failed (default 10 minutes). */
  idleTimeoutMs?: number;
  /**
   * The token clients must send (`Authorization: Bearer T`). Default: none on a loopback address,
   * a random one (printed) on any other; a non-loopback server without a token is refused.
   */
  token?: string;
  /** The run store folder sessions are stored in (default `siturec-runs`). */
  dir?: string;
  /** A run store to use (and leave open) instead of opening `dir`. */
  store?: RunStore;
  /** A render pool to use (and leave open); default one started with the first SituRecBench session. */
  render?: RenderService;
  /** Render pages when the server starts its own pool (default 1). */
  renderPages?: number;
  /** The time idle timeouts are measured in (default: the real clock; tests move a manual one). */
  clock?: Clock;
  /** The session spec fields an OpenEnv reset (`/ws`, `POST /reset`) leaves out (default `{env: "situ-rec"}`). */
  resetDefaults?: Record<string, unknown>;
}

export interface RunningEnvServer {
  /** `http://host:port`, without a trailing slash. */
  url: string;
  port: number;
  /** The token clients must send, if any. */
  token: string | undefined;
  storeDir: string;
  /** The runs the sessions so far were stored in. */
  runIds(): string[];
  /** Drops the open sessions (their episodes stored as failed), marks the runs and stops listening. */
  close(): Promise<void>;
}

/** Whether an address is this machine's loopback (no other machine can reach it). */
export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Starts the environment server: SituRecBench and CustomerSim sessions over HTTP and WebSocket,
 * each session one episode stored in the run store (see RunSeries for which run).
 */
export async function startEnvServer(opts: EnvServerOptions = {}): Promise<RunningEnvServer> {
  const host = opts.host ?? "127.0.0.1";
  let token = opts.token;
  if (!token && !isLoopback(host)) token = randomBytes(18).toString("base64url");
  if (opts.token !== undefined && opts.token.length < 8)
    throw new SiturecError("--token must be at least 8 characters", { exitCode: 2 });
  const store = opts.store ?? openRunStore(opts.dir ?? "siturec-runs");
  const owner: LeaseOwner = { id: randomUUID(), pid: process.pid, host: hostname() };
  const series = new RunSeries(store, owner);
  const res = new ServerResources(
    store,
    series,
    {
      ...(opts.render ? { render: opts.render } : {}),
      ...(opts.renderPages ? { pages: opts.renderPages } : {}),
    },
    opts.clock,
  );
  const sessions = new SessionManager(res, {
    owner: owner.id,
    ...(opts.maxSessions !== undefined ? { maxSessions: opts.maxSessions } : {}),
    ...(opts.idleTimeoutMs !== undefined ? { idleTimeoutMs: opts.idleTimeoutMs } : {}),
  });
  const resetDefaults = opts.resetDefaults ?? {};
  try {
    resetSpec({}, resetDefaults);
  } catch (err) {
    throw new SiturecError(`--reset-defaults: ${(err as Error).message}`, { exitCode: 2 });
  }
  const app = createEnvApp(sessions, { ...(token ? { token } : {}), resetDefaults });
  const server = await new Promise<Server>((ok, fail) => {
    const s = serve({ fetch: app.fetch, port: opts.port ?? 7576, hostname: host }, () => ok(s as Server));
    s.once("error", (err) => fail(listenError(err, host, opts.port ?? 7576)));
  });
  // A client that vanishes mid-request must not take the server with it.
  server.on("clientError", (_err, socket) => socket.destroy());
  const openEnv = openEnvUpgrade(sessions, token, resetDefaults);
  const detachSessions = attachWebSockets(server, sessions, token, openEnv.onUpgrade);
  const detach = () => {
    detachSessions();
    openEnv.close();
  };
  const port = (server.address() as AddressInfo).port;
  const shown = host.includes(":") ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown === "0.0.0.0" ? "127.0.0.1" : shown}:${port}`,
    port,
    token,
    storeDir: store.location,
    runIds: () => series.runIds(),
    close: () => {
      closing ??= (async () => {
        detach();
        const closed = new Promise<void>((ok) => server.close(() => ok()));
        server.closeAllConnections();
        await closed;
        await sessions.close();
        await series.close();
        await res.close();
        if (!opts.store) await store.close();
      })();
      return closing;
    },
  };
}
