import { z } from "zod";
import { ConditionId } from "../core/dialogue.js";
import { RewardConfig } from "../customersim/rewards/reward-config.js";
import { FunctionTool } from "../llm/function-tool.js";

/**
 * The environment server's messages (OpenEnv-style `reset()` / `step(action)` / `state()` over HTTP
 * and one WebSocket per session). Every body the server reads is parsed with these schemas; every
 * body it writes follows them. `siturec schema env-protocol` publishes them as JSON Schema, and the
 * Python client in clients/python mirrors them as dataclasses.
 */
export const ENV_PROTOCOL_VERSION = 1;

/** The environments a session can play. */
export const EnvName = z.enum(["situ-rec", "customersim"]);
export type EnvName = z.infer<typeof EnvName>;

/** How observation images travel: inline data URLs, URLs this server serves, or not at all. */
export const ImageMode = z.enum(["data-url", "url", "none"]);
export type ImageMode = z.infer<typeof ImageMode>;

/** SituRecBench's default reward weights (docs/env-server.md defines each term). */
export const SituRecRewardWeights = z
  .object({
    success: z.number().default(1).describe("once, when the shopper adds a product to the cart"),
    reference: z
      .number()
      .default(0.5)
      .describe("once, when that product is one of the task's reference items"),
    following: z
      .number()
      .default(0.1)
      .describe("per turn whose shopper action matched the assistant's expected action (AFR's event)"),
    localNavigation: z
      .number()
      .default(0.1)
      .describe("per turn whose targeted or directional action matched in its parameters too (LNSR's event)"),
    turnPenalty: z.number().default(0.02).describe("subtracted every turn"),
  })
  .strict();
export type SituRecRewardWeights = z.infer<typeof SituRecRewardWeights>;

/** A SituRecBench session: one episode of one task, with one role under the client's control. */
export const SituRecSessionSpec = z
  .object({
    env: z.literal("situ-rec"),
    /** The store (`siturec envs` lists them). */
    store: z
      .string()
      .min(1)
      .default("supermarket")
      .describe("the store, e.g. supermarket or home-furnishings"),
    role: z.enum(["assistant", "shopper"]).default("assistant").describe("the role the client plays"),
    task: z
      .union([z.string().min(1), z.number().int().min(0)])
      .default(0)
      .describe("a task id (sm-01.1) or its position in the store's task bank"),
    condition: ConditionId.default("full"),
    seed: z.number().int().min(0).default(0),
    maxTurns: z.number().int().min(1).max(100).default(20),
    agents: z
      .object({
        assistant: z
          .string()
          .min(1)
          .optional()
          .describe("when the client plays the shopper (default reference)"),
        shopper: z.string().min(1).optional().describe("when the client plays the assistant (default rule)"),
        moderator: z.string().min(1).optional().describe("default: rule, or the shopper's model"),
      })
      .strict()
      .default({}),
    /** The id the client's policy is recorded under in the trajectory (default `remote`). */
    agentId: z.string().min(1).max(120).default("remote"),
    images: ImageMode.default("data-url"),
    /**
     * Attach the store map to the client's role, as the built-in LLM policies get it: default on for
     * the assistant, off for the shopper (the paper gives the map to the assistant only; on, it is
     * recorded as the run's `shopperMap`).
     */
    minimap: z.boolean().optional(),
    reward: SituRecRewardWeights.prefault({}),
  })
  .strict();
export type SituRecSessionSpec = z.infer<typeof SituRecSessionSpec>;

/** A CustomerSim session: one persona's conversation with the client playing the shopper. */
export const CustomerSimSessionSpec = z
  .object({
    env: z.literal("customersim"),
    role: z.literal("shopper").default("shopper"),
    persona: z
      .union([z.string().min(1), z.number().int().min(0)])
      .default(0)
      .describe("a persona id (lt-p001) or its position in personas.json"),
    sales: z.string().min(1).default("reference").describe("reference, pushy or a model id"),
    turnLimit: z.number().int().min(1).max(100).default(10),
    seed: z.number().int().min(0).default(0),
    steering: z.enum(["none", "human"]).default("none"),
    agentId: z.string().min(1).max(120).default("remote"),
    images: ImageMode.default("data-url"),
    /** UserGRPO's reward configuration (weights, length band, target rounds); defaults as in customersim. */
    reward: RewardConfig.optional(),
  })
  .strict();
export type CustomerSimSessionSpec = z.infer<typeof CustomerSimSessionSpec>;

/** `POST /sessions`. */
export const CreateSessionRequest = z.discriminatedUnion("env", [SituRecSessionSpec, CustomerSimSessionSpec]);
export type CreateSessionRequest = z.input<typeof CreateSessionRequest>;
export type SessionSpec = z.infer<typeof CreateSessionRequest>;

/** A chat message as OpenAI-compatible APIs take it (images as `image_url` parts). */
export const ChatContentPart = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }).strict(),
  z.object({ type: z.literal("image_url"), image_url: z.object({ url: z.string() }).strict() }).strict(),
]);
export type ChatContentPart = z.infer<typeof ChatContentPart>;

export const ChatMessage = z
  .object({
    role: z.enum(["system", "user", "assistant", "tool"]),
    content: z.union([z.string(), z.array(ChatContentPart)]),
    tool_calls: z
      .array(
        z
          .object({
            id: z.string(),
            type: z.literal("function"),
            function: z.object({ name: z.string(), arguments: z.string() }).strict(),
          })
          .strict(),
      )
      .optional(),
    tool_call_id: z.string().optional(),
  })
  .strict();
export type ChatMessage = z.infer<typeof ChatMessage>;

/** A function the policy may call (CustomerSim's shopper tools), in OpenAI's `tools` format. */
export const ToolSpec = FunctionTool;

/**
 * What the role under control sees before it acts: the prompt the built-in LLM policy of that role
 * would send (system + user messages, images inline or as URLs), the JSON Schema its action must
 * follow, and the parsed context (visible entities, handles, pose, dialogue so far).
 */
export const Observation = z
  .object({
    env: EnvName,
    role: z.string(),
    /** 0-based turn (SituRecBench) or 1-based round (CustomerSim). */
    turn: z.number().int().min(0),
    messages: z.array(ChatMessage),
    /** The JSON Schema of the action (`step`'s `action`). */
    actionSchema: z.record(z.string(), z.unknown()),
    /** Functions the policy may call (CustomerSim); the action carries them as `tool_calls`. */
    tools: z.array(ToolSpec).optional(),
    context: z.record(z.string(), z.unknown()),
  })
  .strict();
export type Observation = z.infer<typeof Observation>;

/** `POST /sessions/ID/step`: the role's action (an object, or a model's raw reply text to parse as JSON). */
export const StepRequest = z
  .object({
    action: z.union([z.record(z.string(), z.unknown()), z.string()]),
    /** The role the client believes it plays; refused (409) when it is not the session's. */
    role: z.string().optional(),
  })
  .strict();
export type StepRequest = z.infer<typeof StepRequest>;

/** What a step returned (Gymnasium's 5-tuple). */
export const StepResult = z
  .object({
    /** The next observation; null once the episode has ended. */
    observation: Observation.nullable(),
    reward: z.number(),
    terminated: z
      .boolean()
      .describe("the episode reached an ending of its own (purchase, moderator, limits)"),
    truncated: z.boolean().describe("the episode was cut short (turn limit, or an error)"),
    info: z.record(z.string(), z.unknown()),
  })
  .strict();
export type StepResult = z.infer<typeof StepResult>;

export const SessionStatus = z.enum(["created", "running", "ended", "closed"]);
export type SessionStatus = z.infer<typeof SessionStatus>;

/** `POST /sessions` and `GET /sessions/ID/state`. */
export const SessionState = z
  .object({
    id: z.string(),
    env: EnvName,
    role: z.string(),
    status: SessionStatus,
    /** The run the episode is stored in, and the run store folder. */
    runId: z.string().nullable(),
    storeDir: z.string(),
    /** The episode's key within its run: store or category, and task or persona. */
    episode: z.object({ env: z.string(), taskId: z.string() }).strict(),
    turn: z.number().int().min(0),
    totalReward: z.number(),
    /** How the episode ended, once it has. */
    outcome: z.record(z.string(), z.unknown()).nullable(),
    spec: z.record(z.string(), z.unknown()),
  })
  .strict();
export type SessionState = z.infer<typeof SessionState>;

/** Every error body: a message, and the HTTP status it came with. */
export const ErrorBody = z.object({ error: z.string(), status: z.number().int() }).strict();
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A WebSocket request (one socket per session, at `/sessions/ID/ws`); replies carry the same `id`. */
export const WsRequest = z.discriminatedUnion("type", [
  z.object({ type: z.literal("reset"), id: z.string().optional() }).strict(),
  z.object({ type: z.literal("step"), id: z.string().optional(), ...StepRequest.shape }).strict(),
  z.object({ type: z.literal("state"), id: z.string().optional() }).strict(),
]);
export type WsRequest = z.infer<typeof WsRequest>;

export const WsReply = z.discriminatedUnion("type", [
  z.object({ type: z.literal("observation"), id: z.string().optional(), observation: Observation }).strict(),
  z.object({ type: z.literal("step"), id: z.string().optional(), result: StepResult }).strict(),
  z.object({ type: z.literal("state"), id: z.string().optional(), state: SessionState }).strict(),
  z.object({ type: z.literal("error"), id: z.string().optional(), ...ErrorBody.shape }).strict(),
]);
export type WsReply = z.infer<typeof WsReply>;

/** The protocol's messages as one JSON Schema document (`siturec schema env-protocol`). */
export function envProtocolJsonSchema(): Record<string, unknown> {
  const defs = {
    CreateSessionRequest,
    SessionState,
    Observation,
    StepRequest,
    StepResult,
    ErrorBody,
    WsRequest,
    WsReply,
  };
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "siturec environment server protocol",
    version: ENV_PROTOCOL_VERSION,
    $defs: Object.fromEntries(
      Object.entries(defs).map(([name, schema]) => {
        const { $schema: _, ...rest } = z.toJSONSchema(schema, {
          io: "input",
          unrepresentable: "any",
        }) as Record<string, unknown>;
        return [name, rest];
      }),
    ),
  };
}
