import { z } from "zod";

/** The ten dialogue actions of the assistant (paper Appendix B.2). */
export const DialogueAct = z.enum([
  "Greet",
  "AskPreference",
  "ClarifyNeed",
  "Navigate",
  "Recommend",
  "Explain",
  "AnswerQuestion",
  "Compare",
  "HandleRejection",
  "ConfirmPurchase",
]);
export type DialogueAct = z.infer<typeof DialogueAct>;

/** A tool call as agents write it: the name and its arguments (targets as the caller's handles). */
export const ToolCall = z
  .object({ name: z.string().min(1), arguments: z.record(z.string(), z.unknown()).default({}) })
  .strict();
export type ToolCall = z.infer<typeof ToolCall>;

/**
 * A tool call whose name must be one of `names` (a store's tools): constrained decoding can only
 * produce legal names, and validation of an invented one names the legal ones.
 */
export function toolCallSchema(names: readonly string[], describe?: string) {
  const name = z.enum(names as [string, ...string[]]);
  return z
    .object({
      name: describe ? name.describe(describe) : name,
      arguments: z.record(z.string(), z.unknown()).default({}),
    })
    .strict();
}

/**
 * What the assistant is given besides the dialogue (paper §4.2): `full` the annotated view and the
 * list of visible entities; `no-evv` the list without the image; `no-evv-caption` neither.
 */
export const ConditionId = z.enum(["full", "no-evv", "no-evv-caption"]);
export type Condition = z.infer<typeof ConditionId>;
