import { z } from "zod";
import { ConditionId, DialogueAct, ToolCall } from "../core/dialogue.js";
import { EnvId } from "../core/manifest.js";
import { Profile } from "../core/profile.js";
import { Task } from "../core/task.js";

export const TRAJECTORY_KIND = "siturec.trajectory";
export const TRAJECTORY_VERSION = 1;

export const TerminationReason = z.enum([
  "success_cart_added",
  "turn_limit",
  "recommendation_exhausted",
  "moderator_stop",
  "motion_stall",
  "error",
]);
export type TerminationReason = z.infer<typeof TerminationReason>;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 hex digest");
const Pose = z.object({ x: z.number(), z: z.number(), yaw: z.number(), pitch: z.number() }).strict();
const Bearing = z.enum(["left", "ahead", "right"]);

export const CallRecord = z
  .object({
    model: z.string(),
    inputTokens: z.number().int().nonnegative().describe("all input tokens, cached or not"),
    outputTokens: z.number().int().nonnegative(),
    cachedInputTokens: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe("of inputTokens, those read from the provider's prompt cache (absent: none)"),
    cacheWriteTokens: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe("of inputTokens, those written to the provider's prompt cache (absent: none)"),
    costUsd: z.number().nonnegative(),
    cacheSavingUsd: z
      .number()
      .optional()
      .describe("what the provider's prompt cache saved on this call, USD (absent: no cache tokens)"),
    cached: z.boolean(),
    attempts: z.number().int().nonnegative(),
    latencyMs: z.number().nonnegative(),
    warnings: z
      .array(z.string())
      .optional()
      .describe(
        "what was changed to make the provider take the request (an image left out, an empty text filled) and what the provider said it ignored, refused or cut (absent: nothing)",
      ),
  })
  .strict();
export type CallRecord = z.infer<typeof CallRecord>;

/** Tokens and cost of one role over a turn or an episode. */
export const RoleUsage = z
  .object({
    calls: z.number().int().nonnegative(),
    cachedCalls: z.number().int().nonnegative(),
    inputTokens: z.number().int().nonnegative(),
    outputTokens: z.number().int().nonnegative(),
    cachedInputTokens: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe("of inputTokens, those read from the provider's prompt cache (absent: none)"),
    cacheWriteTokens: z.number().int().nonnegative().optional(),
    costUsd: z.number().nonnegative(),
    cacheSavingUsd: z.number().optional().describe("what the provider's prompt cache saved, USD"),
    formatErrors: z.number().int().nonnegative(),
    formatWarnings: z
      .number()
      .int()
      .nonnegative()
      .default(0)
      .describe("fixes lenient validation made (unknown keys dropped, a list cut, whitespace trimmed)"),
    repairs: z.number().int().nonnegative(),
    fencedJson: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe(
        "policy replies whose JSON was taken out of a code fence or surrounding prose (absent: none)",
      ),
    invalidTools: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe(
        "policy replies in which a model output named a tool the store does not have and validation refused it, repaired or not (absent: none)",
      ),
  })
  .strict();
export type RoleUsage = z.infer<typeof RoleUsage>;

export const RoleUsages = z
  .object({ assistant: RoleUsage, shopper: RoleUsage, moderator: RoleUsage })
  .strict();
export type RoleUsages = z.infer<typeof RoleUsages>;

/** One role's view: the annotated image (by content hash) and what it shows, with entity ids. */
export const RoleObservationRecord = z
  .object({
    image: Sha256.describe("the annotated first-person PNG, in the run's content-addressed image folder"),
    products: z.array(
      z
        .object({
          handle: z.string(),
          id: z.string(),
          name: z.string(),
          distanceM: z.number(),
          bearing: Bearing,
        })
        .strict(),
    ),
    targets: z.array(
      z
        .object({
          handle: z.string(),
          id: z.string(),
          name: z.string(),
          kind: z.string(),
          approaches: z.array(z.string()),
          distanceM: z.number(),
          bearing: Bearing,
        })
        .strict(),
    ),
  })
  .strict();
export type RoleObservationRecord = z.infer<typeof RoleObservationRecord>;

/** The assistant's output as recorded (a model's fallback output included). */
export const RecordedAssistantOutput = z
  .object({
    utterance: z.string(),
    assistant_actions: z.array(z.object({ type: DialogueAct }).catchall(z.unknown())),
    expected_user_action: ToolCall,
    ranking: z.array(z.string()),
    tool_calls: z.array(z.unknown()),
  })
  .strict();

const Revealed = z.record(z.string(), z.unknown());

export const TurnRecord = z
  .object({
    turn: z.number().int().nonnegative(),
    pose: Pose.describe("the shopper's pose when the turn began (both roles' view point)"),
    observations: z.object({ assistant: RoleObservationRecord, shopper: RoleObservationRecord }).strict(),
    assistant: z
      .object({
        output: RecordedAssistantOutput,
        /** The entity the expected user action points at, resolved from the assistant's handles (null: none or unknown). */
        expectedTargetId: z.string().nullable(),
        views: z
          .array(z.number().int().nonnegative())
          .optional()
          .describe("the turns whose annotated views the assistant was given as images (this one included)"),
        formatError: z.string().optional(),
        formatWarnings: z
          .array(z.string())
          .optional()
          .describe("what lenient validation fixed in the output"),
        repaired: z.boolean(),
        calls: z.array(CallRecord),
      })
      .strict(),
    shopper: z
      .object({
        output: z.object({ utterance: z.string(), tool_call: ToolCall }).strict(),
        formatError: z.string().optional(),
        formatWarnings: z.array(z.string()).optional(),
        repaired: z.boolean(),
        calls: z.array(CallRecord),
      })
      .strict(),
    execution: z
      .object({
        tool: z
          .string()
          .nullable()
          .describe("the parsed tool name; null when the call named no tool of the store"),
        success: z.boolean(),
        error: z.string().optional(),
        displacement: z.number(),
        blocked: z.boolean(),
        /** The entity the shopper's call pointed at, resolved from the shopper's handles. */
        targetId: z.string().nullable(),
        targetName: z.string().nullable(),
        revealed: Revealed.optional().describe("what inspecting showed (pick_up_item, check_item)"),
        addedToCart: z.string().optional(),
        stalled: z.boolean(),
      })
      .strict(),
    state: z
      .object({
        pose: Pose,
        held: z.string().nullable(),
        cart: z.array(z.string()),
        checked: z.array(z.string()),
        declined: z.array(z.string()),
        revealed: z.array(z.string()).describe("products whose details are known so far (K_t)"),
      })
      .strict(),
    termination: z
      .object({
        recommendations: z.number().int().nonnegative().describe("Recommend annotations so far"),
        moderator: z
          .object({
            decision: z.enum(["yes", "no"]),
            reason: z.string().optional(),
            formatError: z.string().optional(),
            formatWarnings: z.array(z.string()).optional(),
            calls: z.array(CallRecord),
          })
          .strict()
          .nullable()
          .describe("null when the moderator was not queried (a runtime check ended the episode)"),
        ended: z.boolean(),
        reason: TerminationReason.nullable(),
      })
      .strict(),
    usage: RoleUsages,
  })
  .strict();
export type TurnRecord = z.infer<typeof TurnRecord>;

/**
 * The agent ids an episode was played with. `user` is the shopper's id: format version 1 keeps the
 * name it was published with (the code, the config and the command line call the role `shopper`).
 */
export const AgentIdsRecord = z
  .object({
    assistant: z.string(),
    user: z.string().describe("the shopper simulator's id"),
    moderator: z.string(),
  })
  .strict();

/** Earlier annotated views an assistant gets by default: a bounded request (see docs/agents.md). */
export const DEFAULT_HISTORY_IMAGES = 3;

/**
 * What the roles are given besides the assistant's condition (run config `history.images`,
 * `captions.ids`, `shopperMap`).
 */
export const AssistantContextSettings = z
  .object({
    historyImages: z
      .union([z.number().int().nonnegative(), z.literal("all")])
      .describe("earlier annotated views sent with the current one (full condition): K (0: none) or all"),
    captionIds: z.boolean().describe("catalog and layout ids in the visible-entity lists"),
    shopperMap: z
      .boolean()
      .optional()
      .describe(
        "the shopper was given the store map; absent in runs before the setting, whose model shoppers had it",
      ),
  })
  .strict();
export type AssistantContextSettings = z.infer<typeof AssistantContextSettings>;

/** The sampling temperature each model-backed role was sent, named as in `agents`. */
export const RoleTemperatures = z
  .object({ assistant: z.number(), user: z.number(), moderator: z.number() })
  .partial()
  .strict();
export type RoleTemperatures = z.infer<typeof RoleTemperatures>;

/** The output-token limit each model-backed role's requests named, named as in `agents`. */
export const RoleMaxOutputTokens = z
  .object({
    assistant: z.number().int().positive(),
    user: z.number().int().positive(),
    moderator: z.number().int().positive(),
  })
  .partial()
  .strict();
export type RoleMaxOutputTokens = z.infer<typeof RoleMaxOutputTokens>;

/** What identifies the episode: its run, the configuration and the code and prompts it ran with. */
export const EpisodeHeader = z
  .object({
    runId: z.string(),
    identity: z.string().describe("hash of config, prompts, task bank and code version"),
    env: EnvId,
    condition: ConditionId,
    maxTurns: z.number().int().positive(),
    seed: z.number().int(),
    agents: AgentIdsRecord,
    promptHash: z.string(),
    codeVersion: z.string(),
    context: AssistantContextSettings.optional().describe(
      "what the roles were given beyond the assistant's condition",
    ),
    temperatures: RoleTemperatures.optional().describe(
      "absent in runs before temperatures were recorded (those sent none: the provider's default)",
    ),
    maxOutputTokens: RoleMaxOutputTokens.optional().describe(
      "each model role's output-token limit, without a thinking model's allowance; absent in runs before limits were recorded (those named none: the SDK's default, for Anthropic the model's maximum)",
    ),
    render: z
      .object({
        width: z.number().int(),
        height: z.number().int(),
        quality: z.enum(["fast", "high"]).optional().describe("absent in runs before render qualities: fast"),
      })
      .strict(),
    task: Task,
    profile: Profile,
  })
  .strict();
export type EpisodeHeader = z.infer<typeof EpisodeHeader>;

export const EpisodeOutcome = z
  .object({
    reason: TerminationReason,
    success: z.boolean().describe("the episode ended with a cart addition"),
    turns: z.number().int().nonnegative(),
    cart: z.array(z.string()),
    purchased: z.string().nullable(),
    purchasedReference: z.boolean().describe("the purchase is one of the task's reference items"),
    recommendations: z.number().int().nonnegative(),
    error: z.string().optional(),
    usage: RoleUsages,
  })
  .strict();
export type EpisodeOutcome = z.infer<typeof EpisodeOutcome>;

/**
 * A finished episode: everything needed to recompute every metric and to replay it. Version 1.
 * Images are referenced by SHA-256; they live in the run's image folder (`images/ab/abcdef….png`).
 */
export const Trajectory = z
  .object({
    kind: z.literal(TRAJECTORY_KIND),
    version: z.literal(TRAJECTORY_VERSION),
    header: EpisodeHeader,
    turns: z.array(TurnRecord),
    outcome: EpisodeOutcome,
    judge: z.unknown().optional().describe("dialogue-quality scores, when the run was judged"),
  })
  .strict();
export type Trajectory = z.infer<typeof Trajectory>;

/** The published JSON Schema of the trajectory format. */
export function trajectoryJsonSchema(): Record<string, unknown> {
  return {
    $id: `https://siturec.dev/schema/trajectory-v${TRAJECTORY_VERSION}.json`,
    title: "siturec trajectory",
    ...z.toJSONSchema(Trajectory, { unrepresentable: "any" }),
  };
}
