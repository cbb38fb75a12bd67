import { timingSafeEqual } from "node:crypto";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { shortMessage } from "../core/errors.js";
import { formatZodIssues } from "../core/zod-issues.js";
import { jsonBody } from "./json-body.js";
import { registerOpenEnvRoutes } from "./openenv-http.js";
import { ENV_PROTOCOL_VERSION, type ErrorBody, StepRequest } from "./protocol.js";
import { SessionError } from "./session-error.js";
import type { SessionManager } from "./session-manager.js";

/** Largest request body the server reads (an action is a few kilobytes). */
export const MAX_BODY_BYTES = 1_000_000;

/** Whether a request carries the token (`Authorization: Bearer T` or `?token=T`); always when none is set. */
export function authorized(
  token: string | undefined,
  header: string | undefined,
  query: string | undefined,
): boolean {
  if (!token) return true;
  // RFC 7235: the scheme's name is case-insensitive.
  const given = (header ? /^bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined) ?? query;
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Any failure as the protocol's error body: a SessionError with its status, anything else a 500. */
export function errorBody(err: unknown): ErrorBody {
  if (err instanceof SessionError) return { error: err.message, status: err.status };
  if (err instanceof HTTPException && err.status < 500)
    return { error: err.message || "bad request", status: err.status };
  return { error: `internal error: ${shortMessage(err)}`, status: 500 };
}

/** Refuses a body over the limit while it streams in (a chunked one included), before it is all read. */
export const limitBody = () =>
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new SessionError(413, `the body is over ${MAX_BODY_BYTES} bytes`);
    },
  });

/** A step's body: `{action, role?}`, validated. */
export function stepRequest(body: unknown): StepRequest {
  const parsed = StepRequest.safeParse(body);
  if (!parsed.success) throw new SessionError(400, formatZodIssues(parsed.error, { max: 4 }));
  return parsed.data;
}

/**
 * The environment server's HTTP API: `POST /sessions` → the session's state; `POST
 * /sessions/ID/reset` → observation; `POST /sessions/ID/step {action}` → `{observation, reward,
 * terminated, truncated, info}`; `GET /sessions/ID/state`; `DELETE /sessions/ID`; images of `url`
 * mode at `/sessions/ID/images/N.png`; `GET /health`; OpenEnv's routes (openenv-http.ts). Every failure is a JSON error body with its
 * status; nothing a client sends can stop the server.
 */
export function createEnvApp(
  sessions: SessionManager,
  opts: { token?: string; resetDefaults?: Record<string, unknown> } = {},
): Hono {
  const app = new Hono();
  app.onError((err, c) => {
    const body = errorBody(err);
    if (err instanceof SessionError && err.retryAfterS !== undefined)
      c.header("retry-after", String(err.retryAfterS));
    return c.json(body, body.status as 400);
  });
  app.notFound((c) => c.json({ error: `no route ${c.req.method} ${c.req.path}`, status: 404 }, 404));
  app.get("/health", (c) =>
    c.json({
      status: "healthy",
      ok: true,
      protocol: ENV_PROTOCOL_VERSION,
      sessions: sessions.size,
      open: sessions.open,
      maxSessions: sessions.maxSessions,
    }),
  );
  const requireToken = async (c: Context, next: () => Promise<void>) => {
    if (!authorized(opts.token, c.req.header("authorization"), c.req.query("token")))
      throw new SessionError(
        401,
        "missing or wrong token: send Authorization: Bearer TOKEN (printed when the server started)",
      );
    await next();
  };
  app.use("/sessions", requireToken);
  app.use("/sessions/*", requireToken);
  app.use("*", limitBody());
  app.post("/sessions", async (c) => c.json((await sessions.create(await jsonBody(c))).state(), 201));
  app.get("/sessions", (c) => c.json({ sessions: sessions.size }));
  app.post("/sessions/:id/reset", async (c) => c.json(await sessions.get(c.req.param("id")).reset()));
  app.post("/sessions/:id/step", async (c) => {
    const session = sessions.get(c.req.param("id"));
    return c.json(await session.step(stepRequest(await jsonBody(c))));
  });
  app.get("/sessions/:id/state", (c) => c.json(sessions.get(c.req.param("id")).state()));
  app.delete("/sessions/:id", async (c) => {
    const state = sessions.get(c.req.param("id")).state();
    await sessions.delete(c.req.param("id"));
    return c.json({ ...state, status: "closed" });
  });
  app.get("/sessions/:id/images/:name", (c) => {
    const png = sessions.get(c.req.param("id")).image(c.req.param("name"));
    if (!png) throw new SessionError(404, `no image ${c.req.param("name")} in this session`);
    return c.body(new Uint8Array(png), 200, { "content-type": "image/png" });
  });
  registerOpenEnvRoutes(app, sessions, opts.resetDefaults ?? {}, requireToken);
  return app;
}
