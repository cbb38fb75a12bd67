import { z } from "zod";
import { type Condition, DialogueAct, ToolCall, toolCallSchema } from "../core/dialogue.js";
import type { EnvId } from "../core/manifest.js";
import type { InspectionDetails } from "../core/product.js";
import type { Profile } from "../core/profile.js";
import type { Task } from "../core/task.js";
import type { NAVIGATE_BY_WAYPOINT, NAVIGATE_TO_FIXTURE } from "../envs/common/navigate-schemas.js";
import { envDefinition } from "../envs/registry.js";
import type { CallTranscript } from "../llm/call-record.js";
import type { LlmResponse } from "../llm/client.js";
import type { RoleObservation } from "../render/observer.js";

const Plain = z.object({ type: DialogueAct.exclude(["Recommend", "Navigate"]) });
const Recommend = z.object({
  type: z.literal("Recommend"),
  display_name: z.string().min(1),
  visible_now: z.boolean(),
  reason: z.string().min(1),
});
/** One dialogue-action annotation; `Recommend` and `Navigate` carry their required fields. */
export function assistantActionSchema(env: EnvId) {
  return z.union([Plain.strict(), Recommend.strict(), envDefinition(env).navigateSchema.strict()]);
}
/**
 * A `Navigate` annotation: the goal and reason, and the fields a store's Navigate schema adds (its
 * `target_approach` is one of the store's approaches: the schema checks that, the type keeps a string).
 */
export type NavigateAction = z.infer<typeof NAVIGATE_TO_FIXTURE> &
  Partial<Omit<z.infer<typeof NAVIGATE_BY_WAYPOINT>, "type" | "target_approach">> & {
    target_approach?: string;
  };
export type AssistantAction = z.infer<typeof Plain> | z.infer<typeof Recommend> | NavigateAction;

/**
 * The longest utterance a role may send (characters): a turn of dialogue, not a document. It bounds
 * what a participant, an environment-server client or a model can make every later prompt carry.
 */
export const MAX_UTTERANCE_CHARS = 2000;

/**
 * The assistant's structured reply per turn (paper Appendix A.2, B.2): the user-facing utterance,
 * exactly one dialogue action, the expected user action in the assistant's own handles, the internal
 * top-10 ranking (kept as given: ids outside the catalog are recorded, since Catalog % counts them),
 * and an always-empty tool_calls array.
 */
export function assistantOutputSchema(env: EnvId) {
  return z
    .object({
      utterance: z.string().min(1).max(MAX_UTTERANCE_CHARS),
      assistant_actions: z.array(assistantActionSchema(env)).length(1),
      expected_user_action: toolCallSchema(
        legalToolNames(env),
        "the shopper's tool call you expect next, with targets in your handles",
      ),
      ranking: z.array(z.string()).max(10),
      tool_calls: z.array(z.unknown()).length(0),
    })
    .strict();
}
export interface AssistantOutput {
  utterance: string;
  assistant_actions: [AssistantAction] | AssistantAction[];
  expected_user_action: ToolCall;
  ranking: string[];
  tool_calls: unknown[];
}

/**
 * The shopper's reply per turn: what it says and exactly one tool call, in its own handles. Store
 * agnostic (any tool name): for replies read without their store; the world refuses a tool the store
 * lacks. A model is asked for `shopperOutputSchema(env)`, whose tool names are the store's.
 */
export const ShopperOutput = z
  .object({ utterance: z.string().max(MAX_UTTERANCE_CHARS), tool_call: ToolCall })
  .strict();
export type ShopperOutput = z.infer<typeof ShopperOutput>;

/** `ShopperOutput` for one store: the tool call's name is one of the store's tools. */
export function shopperOutputSchema(env: EnvId) {
  return z
    .object({
      utterance: z.string().max(MAX_UTTERANCE_CHARS),
      tool_call: toolCallSchema(legalToolNames(env), "your one tool call, with targets in your handles"),
    })
    .strict();
}

/** The shopper's tools in a store, in its definition's order. */
function legalToolNames(env: EnvId): string[] {
  return Object.keys(envDefinition(env).tools);
}

export const ModeratorOutput = z
  .object({ decision: z.enum(["yes", "no"]), reason: z.string().optional() })
  .strict();
export type ModeratorOutput = z.infer<typeof ModeratorOutput>;

/** The seven dialogue-quality dimensions of Appendix C.1, each 1–5. */
export const JUDGE_DIMENSIONS = [
  "informativeness",
  "naturalness",
  "groundedness",
  "preference_alignment",
  "proactiveness",
  "non_repetition",
  "overall",
] as const;
const Score = z.number().int().min(1).max(5);
/** One 1–5 score per dimension: the judge's, and a participant's questionnaire answers. */
export const DimensionScores = z
  .object(
    Object.fromEntries(JUDGE_DIMENSIONS.map((d) => [d, Score])) as Record<
      (typeof JUDGE_DIMENSIONS)[number],
      typeof Score
    >,
  )
  .strict();
export const JudgeOutput = z
  .object({
    scores: DimensionScores,
    rationale: z.string().optional(),
  })
  .strict();
export type JudgeOutput = z.infer<typeof JudgeOutput>;

/** One model call's cost, for the per-role and per-episode ledgers. */
export type CallUsage = { model: string } & Omit<LlmResponse, "text">;

/** A policy's reply: the output (a fallback when the model's stayed invalid), and what it cost. */
export interface PolicyReply<T> {
  /** What the policy decided; validated against the role's output schema. */
  output: T;
  /** Set when the output failed validation even after the repair request (then `output` is a fallback). */
  formatError?: string;
  /** What lenient validation fixed without changing the meaning (unknown keys dropped, a list cut, whitespace trimmed). */
  formatWarnings?: string[];
  /** Whether a repair request was needed. */
  repaired?: boolean;
  /** Whether a model reply's JSON object had to be taken out of a code fence or surrounding prose. */
  fencedJson?: boolean;
  /** Tool names a reply gave that the store does not have (a rejected reply's too: counted even when repaired). */
  invalidTools?: string[];
  /** The model calls this reply took (none for the built-in policies), with tokens, cost and latency. */
  calls: CallUsage[];
  /**
   * The same calls' requests as sent and responses as received (model-backed policies only). The run
   * store keeps them beside the turn; the published trajectory has only `calls`.
   */
  transcripts?: CallTranscript[];
}

/** What happened when the shopper's call was executed. */
export interface ActionRecord {
  /** The call as the shopper wrote it, in its own handles. */
  call: ToolCall;
  /** The name of the call's target, so the other role can read the action without the caller's handles. */
  targetName?: string;
  /** Whether the world executed it (AI2-THOR's lastActionSuccess). */
  success: boolean;
  /** Why it was refused (the shopper sees this next turn). */
  error?: string;
  /** How far the shopper moved, metres. */
  displacement: number;
  /** What inspecting the item showed (the store's inspection tool). */
  revealed?: { product: string } & InspectionDetails;
  /** The product it put in the cart (the purchase that ends the episode). */
  addedToCart?: string;
}

/** One exchange of the dialogue history H_t. */
export interface DialogueTurn {
  /** 0-based turn index. */
  turn: number;
  /** What the assistant said, and its dialogue act. */
  assistant: { utterance: string; act?: DialogueAct };
  /** What the shopper said and did in reply. */
  shopper?: { utterance: string; action?: ActionRecord };
}

/** State both roles may know: where the shopper stands, what it holds, what is in the cart. */
export interface SharedState {
  /** The shopper's pose: metres on the floor plan, yaw and pitch in degrees. */
  pose: { x: number; z: number; yaw: number; pitch: number };
  /** The product in the shopper's hand (stores where items are held), or null. */
  held: string | null;
  /** Products added to the cart, in order. */
  cart: string[];
}

/** What the assistant is given each turn (paper Appendix B.2; what it may use depends on `condition`). */
export interface AssistantContext {
  /** The store (its definition: `envDefinition(env)`). */
  env: EnvId;
  /** The context condition: `full` (image and list), `no-evv` (list only) or `no-evv-caption` (neither). */
  condition: Condition;
  /** 0-based turn index. */
  turn: number;
  /** The episode's turn limit. */
  maxTurns: number;
  /** The dialogue so far, with the shopper's executed actions. */
  history: DialogueTurn[];
  /**
   * The shopper's first-person view with the assistant's Set-of-Mark labels (letters for products,
   * numbers for targets), the visible products and targets with their catalog and layout ids, and the
   * same as a caption. Under `no-evv-caption` a policy should not read the lists or the caption.
   */
  observation: RoleObservation;
  /** The assistant's minimap PNG: the store plan with its fixed handles and the shopper's pose. Empty unless the policy declares `needs.minimap`. */
  minimap: Buffer;
  shared: SharedState;
  /**
   * Earlier annotated views, oldest first (the paper's history of observations): the last
   * `history.images` of them under `full`, none under the other conditions.
   */
  views: { turn: number; image: Buffer }[];
  /** Whether catalog and layout ids go with names in what it is shown (run config `captions.ids`; default off). */
  captionIds?: boolean;
}

/** What the simulated shopper is given each turn: its private profile and goal, and its own view. */
export interface ShopperContext {
  /** The store (its definition: `envDefinition(env)`). */
  env: EnvId;
  /** 0-based turn index. */
  turn: number;
  /** Who the shopper is: persona, demographics, personality and interaction style. */
  profile: Profile;
  /** The shopping task: request, preferences, budget, disclosure and acceptance policies, reference items. */
  task: Task;
  /** The dialogue so far, with the shopper's executed actions. */
  history: DialogueTurn[];
  /** What the assistant just said. */
  assistantUtterance: string;
  /** The first-person view with the shopper's own labels (numbers for products, letters for targets); no catalog ids. */
  observation: RoleObservation;
  /** The shopper's minimap PNG. Empty unless the policy declares `needs.minimap`. */
  minimap: Buffer;
  shared: SharedState;
  /** Products checked so far (stores where items are checked in place), oldest first. */
  checked: string[];
  /** What inspecting each product showed so far (K_t). */
  revealed: Record<string, InspectionDetails>;
  /** The result of the shopper's previous call (its error, if refused). */
  lastAction?: ActionRecord;
}

/** What the moderator is given after the shopper's action, when no runtime rule ended the episode. */
export interface ModeratorContext {
  /** The store. */
  env: EnvId;
  /** The dialogue so far, this turn's exchange included. */
  history: DialogueTurn[];
  /** This turn's assistant utterance. */
  assistantUtterance: string;
  /** This turn's shopper utterance. */
  shopperUtterance: string;
  /** The shopper's action this turn, as executed. */
  action: ActionRecord;
}

/** The assistant role: one reply per turn. One instance serves one episode (it may keep state). */
export interface AssistantPolicy {
  readonly id: string;
  act(ctx: AssistantContext): Promise<PolicyReply<AssistantOutput>>;
}

/** The simulated shopper: an utterance and exactly one tool call per turn. One instance serves one episode. */
export interface ShopperPolicy {
  readonly id: string;
  act(ctx: ShopperContext): Promise<PolicyReply<ShopperOutput>>;
}

/** The moderator: whether the episode should end now (Appendix B.3). One instance serves one episode. */
export interface ModeratorPolicy {
  readonly id: string;
  decide(ctx: ModeratorContext): Promise<PolicyReply<ModeratorOutput>>;
}

/** What the conversation judge reads of a finished episode. */
export interface JudgeTranscript {
  env: EnvId;
  /** The dialogue with the shopper's actions, as text. */
  transcript: string;
  /** Not in the paper (judge `--extras` only): the shopper's task request. */
  taskRequest?: string;
  /** Not in the paper (judge `--extras` only): how the episode ended, in words. */
  outcome?: string;
}

export interface JudgePolicy {
  readonly id: string;
  score(input: JudgeTranscript): Promise<PolicyReply<JudgeOutput | null>>;
}
