import { z } from "zod";
import { TrlGrpoRow, TrlSftRow, VerlRow } from "./trainer-row-schemas.js";

/** An OpenAI-style tool call, as TRL and verl chat templates read it. */
export const ChatToolCall = z
  .object({
    type: z.literal("function"),
    function: z.object({ name: z.string(), arguments: z.string() }).strict(),
  })
  .strict();

/** One chat message; the shopper being trained is the "assistant", the salesperson the "user". */
export const ChatMessage = z
  .object({
    role: z.enum(["system", "user", "assistant"]),
    content: z.string(),
    tool_calls: z.array(ChatToolCall).optional(),
  })
  .strict();
export type ChatMessage = z.infer<typeof ChatMessage>;

const metadata = {
  persona_id: z.string(),
  category: z.string(),
  ending: z.enum(["purchase", "end_conversation", "turn_limit"]),
  purchased: z.string().nullable(),
  rounds: z.number().int().min(1),
};

/** An SFT row: the whole conversation as messages (TRL "conversational" format). */
export const SftRow = z.object({ messages: z.array(ChatMessage).min(2), ...metadata }).strict();
export type SftRow = z.infer<typeof SftRow>;

const Unit = z.number().min(0).max(1);

/**
 * A GRPO row (TRL "conversational prompt-completion"): the prompt is the system message and the
 * salesperson's greeting, the completion the conversation; the trajectory reward is broadcast to
 * every assistant turn of it. Rows of one persona share a `group_id`.
 */
export const GrpoRow = z
  .object({
    prompt: z.array(ChatMessage).min(1),
    completion: z.array(ChatMessage).min(1),
    reward: Unit,
    rewards: z
      .object({
        align: Unit.nullable(),
        reason: Unit.nullable(),
        ngram: Unit.nullable(),
        format: Unit.nullable(),
        length: Unit.nullable(),
        turns: Unit.nullable(),
      })
      .strict(),
    group_id: z.string(),
    ...metadata,
  })
  .strict();
export type GrpoRow = z.infer<typeof GrpoRow>;

/** Every row format `customersim export` writes: its own (`sft`, `grpo`) and the trainers' own. */
export const EXPORT_FORMATS = ["sft", "grpo", "trl-sft", "trl-grpo", "verl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const ROW_SCHEMAS: Record<ExportFormat, z.ZodType> = {
  sft: SftRow,
  grpo: GrpoRow,
  "trl-sft": TrlSftRow,
  "trl-grpo": TrlGrpoRow,
  verl: VerlRow,
};

/** The JSON Schema (draft 2020-12) of a row format, generated from its zod schema. */
export function rowJsonSchema(format: ExportFormat): Record<string, unknown> {
  return z.toJSONSchema(ROW_SCHEMAS[format]) as Record<string, unknown>;
}
