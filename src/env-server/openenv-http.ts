import type { Context, Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import { shortMessage } from "../core/errors.js";
import { VERSION } from "../core/version.js";
import { jsonBody } from "./json-body.js";
import {
  OPENENV_VERSION,
  openEnvSchemas,
  resetResult,
  resetSpec,
  stepOf,
  stepResult,
} from "./openenv-protocol.js";
import { SessionError } from "./session-error.js";
import type { AnySession, SessionManager } from "./session-manager.js";

/** OpenEnv's `StepRequest`: `{action, timeout_s?, request_id?}`, other keys allowed (and ignored). */
const OpenEnvStepRequest = z.looseObject({
  action: z.record(z.string(), z.unknown()),
  timeout_s: z.number().gt(0).nullable().optional(),
  request_id: z.string().max(255).nullable().optional(),
});

/** OpenEnv's `ResetRequest` extras: `seed` at least 0, `episode_id` at most 255 characters; the rest is the spec. */
const OpenEnvResetRequest = z.looseObject({
  seed: z.number().int().min(0).nullable().optional(),
  episode_id: z.string().max(255).nullable().optional(),
});

/** FastAPI's 422 body: `{detail: [{type, loc, msg, input}]}`. */
function unprocessable(c: Context, error: z.ZodError, body: unknown) {
  const detail = error.issues.map((i) => ({
    type: i.code,
    loc: ["body", ...i.path],
    msg: `${i.path.join(".") || "body"}: ${i.message}`,
    input: i.path.reduce<unknown>(
      (v, k) => (v && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined),
      body,
    ),
  }));
  return c.json({ detail }, 422);
}

/** A fresh session for one request, dropped after it (as OpenEnv's HTTP routes make and close an env per request). */
async function withFresh<T>(
  sessions: SessionManager,
  spec: Parameters<SessionManager["create"]>[0],
  use: (s: AnySession) => Promise<T>,
): Promise<T> {
  const session = await sessions.create(spec);
  try {
    return await use(session);
  } finally {
    await sessions.delete(session.id, "OpenEnv HTTP request: one environment per request").catch(() => {});
  }
}

/** An error as FastAPI's HTTPException body, `{detail}`, with today's status. */
function detail(c: Context, err: unknown) {
  if (err instanceof SessionError) return c.json({ detail: err.message }, err.status as 400);
  return c.json({ detail: `internal error: ${shortMessage(err)}` }, 500);
}

/**
 * OpenEnv's HTTP routes as its `HTTPEnvServer` has them (simulation mode): `POST /reset`,
 * `POST /step`, `GET /state` — stateless, one environment made and closed per request —, and
 * `GET /schema`, `GET /metadata`. (`GET /health` is the session API's, with OpenEnv's `status`.)
 */
export function registerOpenEnvRoutes(
  app: Hono,
  sessions: SessionManager,
  defaults: Record<string, unknown>,
  requireToken: MiddlewareHandler,
): void {
  app.get("/schema", (c) => c.json(openEnvSchemas()));
  app.get("/metadata", (c) =>
    c.json({
      name: "siturec",
      description:
        "SituRecBench (situated conversational recommendation: an assistant and a shopper in a rendered store) and CustomerSim (a shopper simulator talking to a salesperson), one episode per session.",
      readme_content: null,
      version: VERSION,
      author: null,
      documentation_url: "docs/env-server.md",
      protocol: OPENENV_VERSION,
    }),
  );
  for (const path of ["/reset", "/step", "/state"]) app.use(path, requireToken);
  app.get("/state", (c) => c.json({ episode_id: null, step_count: 0 }));
  app.post("/reset", async (c) => {
    try {
      const raw = await jsonBody(c);
      const parsed = OpenEnvResetRequest.safeParse(raw);
      if (!parsed.success) return unprocessable(c, parsed.error, raw);
      const data = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== null));
      const { spec } = resetSpec(data, defaults);
      return c.json(await withFresh(sessions, spec, async (s) => resetResult(await s.reset())));
    } catch (err) {
      return detail(c, err);
    }
  });
  app.post("/step", async (c) => {
    try {
      const raw = await jsonBody(c);
      const parsed = OpenEnvStepRequest.safeParse(raw);
      if (!parsed.success) return unprocessable(c, parsed.error, raw);
      const request = stepOf(parsed.data.action);
      const { spec } = resetSpec({}, defaults);
      const result = await withFresh(sessions, spec, async (s) => {
        await s.reset();
        return stepResult(await s.step(request));
      });
      return c.json(result);
    } catch (err) {
      return detail(c, err);
    }
  });
}
