import { z } from "zod";
import { assistantOutputSchema, shopperOutputSchema } from "../agents/types.js";
import { formatZodIssues } from "../core/zod-issues.js";
import { envIds } from "../envs/registry.js";
import { CustomerSimAction } from "./customersim-session.js";
import {
  CreateSessionRequest,
  Observation,
  type SessionSpec,
  SessionState,
  type StepRequest,
  type StepResult,
} from "./protocol.js";
import { SessionError } from "./session-error.js";

/**
 * OpenEnv's wire protocol (meta-pytorch/OpenEnv, openenv-core 0.2.3, commit 685de411e5f7:
 * `src/openenv/core/env_server/{types,http_server,serialization}.py`, `env_client.py`,
 * `generic_client.py`), served beside the session API: a WebSocket at `/ws` (one connection, one
 * session) and the stateless HTTP routes. The messages are OpenEnv's; what goes inside `data` is
 * siturec's (the session spec, the action, the observation).
 */
export const OPENENV_VERSION =
  "openenv-core 0.2.3 (meta-pytorch/OpenEnv@685de411e5f77286b0fd94798d42c4467cf8a1bc)";

/** OpenEnv's `WSErrorCode`. */
export const WsErrorCode = z.enum([
  "INVALID_JSON",
  "UNKNOWN_TYPE",
  "VALIDATION_ERROR",
  "EXECUTION_ERROR",
  "CAPACITY_REACHED",
  "FACTORY_ERROR",
  "SESSION_ERROR",
]);
export type WsErrorCode = z.infer<typeof WsErrorCode>;

const Data = z.record(z.string(), z.unknown());

/** OpenEnv's incoming WebSocket messages (`WSResetMessage | WSStepMessage | WSStateMessage | WSCloseMessage`, extra keys forbidden). */
export const OpenEnvMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("reset"), data: Data.default({}) }).strict(),
  z.object({ type: z.literal("step"), data: Data }).strict(),
  z.object({ type: z.literal("state") }).strict(),
  z.object({ type: z.literal("close") }).strict(),
]);
export type OpenEnvMessage = z.infer<typeof OpenEnvMessage>;
export const OPENENV_MESSAGE_TYPES = ["reset", "step", "state", "close"] as const;

/** What siturec keeps beside OpenEnv's `done`: Gymnasium's split, the failure and today's `info`. */
export const OpenEnvMetadata = z
  .object({
    terminated: z.boolean().describe("the episode reached an ending of its own"),
    truncated: z.boolean().describe("the turn limit cut the episode, or it failed"),
    error: z
      .string()
      .nullable()
      .describe("why the episode failed (not the client's play): drop the rollout; null otherwise"),
    info: z.record(z.string(), z.unknown()),
  })
  .strict();
export type OpenEnvMetadata = z.infer<typeof OpenEnvMetadata>;

/** An observation as sent inside OpenEnv's `{observation, reward, done}`; after the last step, only its metadata. */
export const OpenEnvObservation = z.union([
  Observation.extend({ metadata: OpenEnvMetadata }).strict(),
  z.object({ metadata: OpenEnvMetadata }).strict(),
]);

/** OpenEnv's `ResetResponse` / `StepResponse`, and the `data` of a WebSocket `observation` reply. */
export const OpenEnvResult = z
  .object({ observation: OpenEnvObservation, reward: z.number().nullable(), done: z.boolean() })
  .strict();
export type OpenEnvResult = z.infer<typeof OpenEnvResult>;

/** OpenEnv's `State` (`episode_id`, `step_count`, extra allowed): here with the session's state and the last result. */
export const OpenEnvState = z.union([
  z.object({ episode_id: z.null(), step_count: z.literal(0) }).strict(),
  z
    .object({
      episode_id: z.string(),
      step_count: z.number().int().min(0),
      ...SessionState.shape,
      last_result: OpenEnvResult.nullable().describe("the last reset or step reply's data, to fetch again"),
    })
    .strict(),
]);
export type OpenEnvState = z.infer<typeof OpenEnvState>;

export type OpenEnvReply =
  | { type: "observation"; data: OpenEnvResult }
  | { type: "state"; data: OpenEnvState }
  | { type: "error"; data: { message: string; code: WsErrorCode } & Record<string, unknown> };

/** The first observation as OpenEnv's reset result: no reward yet, not done. */
export function resetResult(obs: Observation): OpenEnvResult {
  return {
    observation: { ...obs, metadata: { terminated: false, truncated: false, error: null, info: {} } },
    reward: null,
    done: false,
  };
}

/** A step's result as OpenEnv's: `done` is `terminated or truncated`; the split, the failure and `info` in the metadata. */
export function stepResult(r: StepResult): OpenEnvResult {
  const error = typeof r.info.error === "string" ? r.info.error : null;
  const metadata = { terminated: r.terminated, truncated: r.truncated, error, info: r.info };
  return {
    observation: r.observation ? { ...r.observation, metadata } : { metadata },
    reward: r.reward,
    done: r.terminated || r.truncated,
  };
}

/**
 * The session spec of a reset: its `data` over the server's defaults (`env serve --reset-defaults`;
 * defaults for another `env` than the data's are left out). OpenEnv's `episode_id` is taken out.
 */
export function resetSpec(
  data: Record<string, unknown>,
  defaults: Record<string, unknown>,
): { spec: SessionSpec; episodeId: string | undefined } {
  const { episode_id: episodeId, ...rest } = data;
  if (episodeId !== undefined && (typeof episodeId !== "string" || episodeId.length > 255))
    throw new SessionError(400, "data.episode_id: expected a string of at most 255 characters");
  const base = rest.env === undefined || rest.env === defaults.env ? defaults : {};
  const parsed = CreateSessionRequest.safeParse({ env: "situ-rec", ...base, ...rest });
  if (!parsed.success)
    throw new SessionError(400, formatZodIssues(parsed.error, { max: 4, prefix: "data." }));
  return { spec: parsed.data, episodeId };
}

/** A step's `data` as today's step request: the action object, or `{action, role?}` (raw reply text allowed). */
export function stepOf(data: Record<string, unknown>): StepRequest {
  const keys = Object.keys(data);
  const wrapped = "action" in data && keys.every((k) => k === "action" || k === "role");
  if (!wrapped) return { action: data };
  const { action, role } = data;
  if (typeof action !== "string" && (typeof action !== "object" || action === null || Array.isArray(action)))
    throw new SessionError(400, "data.action: expected an object or a model's raw reply text");
  if (role !== undefined && typeof role !== "string")
    throw new SessionError(400, "data.role: expected a string");
  return {
    action: action as StepRequest["action"],
    ...(role !== undefined ? { role } : {}),
  };
}

function jsonSchema(schema: z.ZodType, title: string): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return { title, ...rest };
}

/** OpenEnv's `SchemaResponse`: JSON Schemas of the action (every role's), the observation and the state. */
export function openEnvSchemas(): { action: unknown; observation: unknown; state: unknown } {
  const actions = [
    ...envIds().flatMap((env) => [
      jsonSchema(assistantOutputSchema(env), `situ-rec assistant action (${env})`),
      jsonSchema(shopperOutputSchema(env), `situ-rec shopper action (${env})`),
    ]),
    jsonSchema(CustomerSimAction, "customersim shopper action"),
    jsonSchema(
      z.object({ action: z.union([Data, z.string()]), role: z.string().optional() }).strict(),
      "any role's action wrapped as {action, role?} (action may be a model's raw reply text)",
    ),
  ];
  return {
    action: {
      title: "siturec action (the role's; the observation's actionSchema is the one to follow)",
      anyOf: actions,
    },
    observation: jsonSchema(OpenEnvObservation, "siturec observation"),
    state: jsonSchema(OpenEnvState, "siturec state"),
  };
}
