import { z } from "zod";
import { type Condition, DialogueAct, ToolCall } from "../core/dialogue.js";
import type { EnvId } from "../core/manifest.js";
import type { InspectionDetails } from "../core/product.js";
import type { Profile } from "../core/profile.js";
import type { Task } from "../core/task.js";
import type { NAVIGATE_BY_WAYPOINT, NAVIGATE_TO_FIXTURE } from "../envs/common/navigate-schemas.js";
import { envDefinition } from "../envs/registry.js";
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
/** A `Navigate` annotation: the goal and reason, and the fields a store's Navigate schema adds. */
export type NavigateAction = z.infer<typeof NAVIGATE_TO_FIXTURE> &
  Partial<Omit<z.infer<typeof NAVIGATE_BY_WAYPOINT>, "type">>;
export type AssistantAction = z.infer<typeof Plain> | z.infer<typeof Recommend> | NavigateAction;

/**
 * The assistant's structured reply per turn (paper Appendix A.2, B.2): the user-facing utterance,
 * exactly one dialogue action, the expected user action in the assistant's own handles, the internal
 * top-10 ranking (kept as given: ids outside the catalog are recorded, since Catalog % counts them),
 * and an always-empty tool_calls array.
 */
export function assistantOutputSchema(env: EnvId) {
  return z
    .object({
      utterance: z.string().min(1),
      assistant_actions: z.array(assistantActionSchema(env)).length(1),
      expected_user_action: ToolCall,
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

/** The shopper's reply per turn: what it says and exactly one tool call, in its own handles. */
export const ShopperOutput = z.object({ utterance: z.string(), tool_call: ToolCall }).strict();
export type ShopperOutput = z.infer<typeof ShopperOutput>;

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
export const JudgeOutput = z
  .object({
    scores: z
      .object(
        Object.fromEntries(JUDGE_DIMENSIONS.map((d) => [d, Score])) as Record<
          (typeof JUDGE_DIMENSIONS)[number],
          typeof Score
        >,
      )
      .strict(),
    rationale: z.string().optional(),
  })
  .strict();
export type JudgeOutput = z.infer<typeof JudgeOutput>;

/** One model call's cost, for the per-role and per-episode ledgers. */
export type CallUsage = { model: string } & Omit<LlmResponse, "text">;

/** A policy's reply: the output (a fallback when the model's stayed invalid), and what it cost. */
export interface PolicyReply<T> {
  output: T;
  /** Set when the output failed validation even after the repair request. */
  formatError?: string;
  repaired?: boolean;
  calls: CallUsage[];
}

/** What happened when the shopper's call was executed. */
export interface ActionRecord {
  call: ToolCall;
  /** The name of the call's target, so the other role can read the action without the caller's handles. */
  targetName?: string;
  success: boolean;
  error?: string;
  displacement: number;
  revealed?: { product: string } & InspectionDetails;
  addedToCart?: string;
}

/** One exchange of the dialogue history H_t. */
export interface DialogueTurn {
  turn: number;
  assistant: { utterance: string; act?: DialogueAct };
  shopper?: { utterance: string; action?: ActionRecord };
}

/** State both roles may know: where the shopper stands, what it holds, what is in the cart. */
export interface SharedState {
  pose: { x: number; z: number; yaw: number; pitch: number };
  held: string | null;
  cart: string[];
}

export interface AssistantContext {
  env: EnvId;
  condition: Condition;
  turn: number;
  maxTurns: number;
  history: DialogueTurn[];
  observation: RoleObservation;
  minimap: Buffer;
  shared: SharedState;
}

export interface ShopperContext {
  env: EnvId;
  turn: number;
  profile: Profile;
  task: Task;
  history: DialogueTurn[];
  /** What the assistant just said. */
  assistantUtterance: string;
  observation: RoleObservation;
  minimap: Buffer;
  shared: SharedState;
  checked: string[];
  revealed: Record<string, InspectionDetails>;
  /** The result of the shopper's previous call (its error, if refused). */
  lastAction?: ActionRecord;
}

export interface ModeratorContext {
  env: EnvId;
  history: DialogueTurn[];
  assistantUtterance: string;
  shopperUtterance: string;
  action: ActionRecord;
}

/** The assistant role: one reply per turn. One instance serves one episode (it may keep state). */
export interface AssistantPolicy {
  readonly id: string;
  act(ctx: AssistantContext): Promise<PolicyReply<AssistantOutput>>;
}

export interface ShopperPolicy {
  readonly id: string;
  act(ctx: ShopperContext): Promise<PolicyReply<ShopperOutput>>;
}

export interface ModeratorPolicy {
  readonly id: string;
  decide(ctx: ModeratorContext): Promise<PolicyReply<ModeratorOutput>>;
}

export interface JudgeTranscript {
  env: EnvId;
  taskRequest: string;
  /** The dialogue with the shopper's actions, as text. */
  transcript: string;
  outcome: string;
}

export interface JudgePolicy {
  readonly id: string;
  score(input: JudgeTranscript): Promise<PolicyReply<JudgeOutput | null>>;
}
