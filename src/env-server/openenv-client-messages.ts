import { z } from "zod";
import { SiturecError } from "../core/errors.js";
import { Observation } from "./protocol.js";

/**
 * The messages of OpenEnv's WebSocket protocol as its `EnvClient` (openenv.core.env_client) sends and
 * reads them: one socket at `/ws` is one session; `{type: "reset", data: {…spec}}`,
 * `{type: "step", data: {…action}}`, `{type: "state"}`, `{type: "close"}` in; every reply
 * `{type, data}`, with `data` `{observation, reward, done}` after a reset or a step, the state after a
 * `state`, and `{message, code}` when `type` is `"error"`. Like OpenEnv's client, a reply's `type` is
 * read only to tell an error; the request it answers says how to read its `data`.
 */

/** An outgoing message (OpenEnv's `WSResetMessage`, `WSStepMessage`, `WSStateMessage`, `WSCloseMessage`). */
export type OpenEnvRequest =
  | { type: "reset"; data: Record<string, unknown> }
  | { type: "step"; data: Record<string, unknown> }
  | { type: "state" }
  | { type: "close" };

/** `reset`: the session spec (env, store or persona, seed, images, …) is its `data`. */
export function resetMessage(spec: Record<string, unknown> = {}): OpenEnvRequest {
  return { type: "reset", data: { ...spec } };
}

/**
 * `step`: an action object is itself the `data`, as OpenEnv's `_step_payload` sends it; a model's raw
 * reply text, or an action with the role it is meant for, travels wrapped as `{action, role?}`.
 */
export function stepMessage(action: Record<string, unknown> | string, role?: string): OpenEnvRequest {
  if (typeof action === "string" || role !== undefined)
    return { type: "step", data: { action, ...(role !== undefined ? { role } : {}) } };
  return { type: "step", data: { ...action } };
}

export function stateMessage(): OpenEnvRequest {
  return { type: "state" };
}

export function closeMessage(): OpenEnvRequest {
  return { type: "close" };
}

/** Any reply: a type and its data (OpenEnv's `WSObservationResponse`, `WSStateResponse`, `WSErrorResponse`). */
export const OpenEnvEnvelope = z.object({ type: z.string(), data: z.unknown().optional() });
export type OpenEnvEnvelope = z.infer<typeof OpenEnvEnvelope>;

/** An error reply's data: OpenEnv's `WSErrorCode` (`INVALID_JSON`, `VALIDATION_ERROR`, …) and a message. */
export const OpenEnvErrorData = z.looseObject({
  message: z.string().default("Unknown error"),
  code: z.union([z.string(), z.number()]).default("UNKNOWN"),
});
export type OpenEnvErrorData = z.infer<typeof OpenEnvErrorData>;

/** The data of a reset's or a step's reply (OpenEnv's `StepResult`: observation, reward, done). */
export const OpenEnvResultData = z.looseObject({
  observation: z.record(z.string(), z.unknown()).nullable().optional(),
  reward: z.number().nullable().optional(),
  done: z.boolean().default(false),
});

/**
 * What siturec's server keeps beside OpenEnv's `done`, in the observation's `metadata`: Gymnasium's
 * split, why the episode failed (drop the rollout), and the step's `info` (reward terms, timing).
 */
export const OpenEnvResultMetadata = z.looseObject({
  terminated: z.boolean().optional(),
  truncated: z.boolean().optional(),
  error: z.string().nullable().optional(),
  info: z.record(z.string(), z.unknown()).optional(),
});
export type OpenEnvResultMetadata = z.infer<typeof OpenEnvResultMetadata>;

/** A reset's or a step's reply, the observation read as the environment server's `Observation`. */
export interface OpenEnvStepResult {
  /** The next observation; null once the episode has ended (the server then sends only its metadata). */
  observation: Observation | null;
  /** The step's reward; null when the server sends none (a reset). */
  reward: number | null;
  done: boolean;
  /** The observation's `metadata` (terminated, truncated, error, info); `{}` when the server sends none. */
  metadata: OpenEnvResultMetadata;
  /** Whatever else the reply's data carries beside observation, reward and done. */
  extra: Record<string, unknown>;
}

/** A refusal over the OpenEnv socket: the server's error code and message, or a broken connection. */
export class OpenEnvError extends SiturecError {
  override readonly name = "OpenEnvError";
  constructor(
    /** OpenEnv's `WSErrorCode` (`VALIDATION_ERROR`, `CAPACITY_REACHED`, …), or `CONNECTION_CLOSED`, `TIMEOUT`, `INVALID_REPLY`. */
    readonly code: string,
    message: string,
    /** The error reply's whole data (e.g. `status`, `errors`, `max_sessions`). */
    readonly data: Record<string, unknown> = {},
  ) {
    // A refused input is the caller's to fix (exit code 2); anything else failed on the way (1).
    super(`${message} (code: ${code})`, {
      exitCode: code === "VALIDATION_ERROR" || code === "INVALID_JSON" ? 2 : 1,
    });
  }
}

/** Reads one raw frame: its envelope, throwing the server's error when it is one. */
export function readEnvelope(raw: string): OpenEnvEnvelope {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new OpenEnvError("INVALID_REPLY", "the server's reply is not valid JSON");
  }
  const envelope = OpenEnvEnvelope.safeParse(json);
  if (!envelope.success) throw new OpenEnvError("INVALID_REPLY", "the server's reply has no type");
  if (envelope.data.type === "error") {
    const err = OpenEnvErrorData.safeParse(envelope.data.data ?? {});
    const data = err.success ? err.data : { message: "Unknown error", code: "UNKNOWN" };
    throw new OpenEnvError(String(data.code), data.message, data);
  }
  return envelope.data;
}

/**
 * A reset's or a step's reply data as a result: the observation without its `metadata`, read as the
 * protocol's `Observation`; one with nothing but metadata (after the last step), or none, reads as null.
 */
export function parseResult(data: unknown): OpenEnvStepResult {
  const parsed = OpenEnvResultData.safeParse(data ?? {});
  if (!parsed.success)
    throw new OpenEnvError("INVALID_REPLY", "the reply's data is not {observation, reward, done}");
  const { observation, reward, done, ...extra } = parsed.data;
  const { metadata: rawMetadata, ...fields } = observation ?? {};
  const metadata = OpenEnvResultMetadata.safeParse(rawMetadata ?? {});
  if (!metadata.success) throw new OpenEnvError("INVALID_REPLY", "the observation's metadata is malformed");
  return {
    observation: Object.keys(fields).length > 0 ? Observation.parse(fields) : null,
    reward: reward ?? null,
    done,
    metadata: metadata.data,
    extra,
  };
}

/** A state reply's data (the session's state; kept as the server sends it). */
export function parseState(data: unknown): Record<string, unknown> {
  return z.record(z.string(), z.unknown()).parse(data ?? {});
}

/**
 * OpenEnv's `convert_to_ws_url` and its `/ws` suffix: http→ws, https→wss, no scheme→ws; a URL that
 * already names the socket (`…/ws`) is kept as it is.
 */
export function openEnvSocketUrl(base: string): string {
  let url = base.replace(/\/+$/, "");
  if (url.startsWith("http://")) url = `ws://${url.slice(7)}`;
  else if (url.startsWith("https://")) url = `wss://${url.slice(8)}`;
  else if (!url.startsWith("ws://") && !url.startsWith("wss://")) url = `ws://${url}`;
  return url.endsWith("/ws") ? url : `${url}/ws`;
}
