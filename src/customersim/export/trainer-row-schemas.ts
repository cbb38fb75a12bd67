import { z } from "zod";
import { FunctionTool } from "../../llm/function-tool.js";

/**
 * A tool call as transformers chat templates take it: `arguments` is the JSON object itself (a
 * template that writes `arguments | tojson` would encode a JSON string twice). A malformed call keeps
 * whatever the model gave, so a trainer sees the mistake as it was made.
 */
export const TrlToolCall = z
  .object({
    id: z.string(),
    type: z.literal("function"),
    function: z.object({ name: z.string(), arguments: z.unknown() }).strict(),
  })
  .strict();
export type TrlToolCall = z.infer<typeof TrlToolCall>;

const messageFields = {
  role: z.enum(["system", "user", "assistant", "tool"]),
  content: z.string(),
  tool_calls: z.array(TrlToolCall).optional(),
  /** On a `tool` message: the call it answers, and the tool's name. */
  tool_call_id: z.string().optional(),
  name: z.string().optional(),
};

/** A prompt message (GRPO): what the shopper model sees, its own reasoning never among it. */
export const TrlPromptMessage = z.object(messageFields).strict();
export type TrlPromptMessage = z.infer<typeof TrlPromptMessage>;

/**
 * An SFT message. `train` marks the turns to learn (Axolotl's `message_field_training: train`): the
 * shopper's turns without a malformed tool call; TRL's `assistant_only_loss` ignores it and trains
 * every assistant turn. `reasoning_content` holds the shopper's reasoning with `--reasoning-as
 * reasoning_content` (the key Qwen3/DeepSeek-R1 templates read); by default it is in `content`.
 */
export const TrlMessage = z
  .object({ ...messageFields, reasoning_content: z.string().optional(), train: z.boolean() })
  .strict();
export type TrlMessage = z.infer<typeof TrlMessage>;

/** A tool as transformers' `apply_chat_template(tools=…)` takes it (OpenAI's function format). */
export const TrlTool = FunctionTool;
export type TrlTool = z.infer<typeof TrlTool>;

const ProductIds = z.array(z.string());

/** `--format trl-sft`: TRL's conversational language-modeling row (`messages`) with its `tools`. */
export const TrlSftRow = z
  .object({
    messages: z.array(TrlMessage).min(2),
    tools: z.array(TrlTool),
    persona_id: z.string(),
    category: z.string(),
    ending: z.enum(["purchase", "end_conversation", "turn_limit"]),
    purchased: z.string().nullable(),
    rounds: z.number().int().min(1),
    sample: z.number().int().min(0),
    /** Some shopper turn has a malformed tool call (those turns carry `train: false`). */
    shopper_format_error: z.boolean(),
  })
  .strict();
export type TrlSftRow = z.infer<typeof TrlSftRow>;

/** What every GRPO and verl row says about the shopper turn to be generated. */
const turnContext = {
  persona_id: z.string(),
  category: z.string(),
  /** The shopper round the generated turn plays (1 = the opening answer to the greeting). */
  round: z.number().int().min(1),
  turn_limit: z.number().int().min(1),
  feasible: z.boolean(),
  sample: z.number().int().min(0),
  /** R(C) so far: what the salesperson recommended before this turn, first recommendation first. */
  recommended: ProductIds,
  /** Their names, in the same order (the shopper may buy by exact name). */
  recommended_names: z.array(z.string()),
  /**
   * Products the salesperson first recommended after this turn in the stored conversation; null when
   * it ended here by the shopper's decision (what would have come is unknown).
   */
  recommended_later: ProductIds.nullable(),
};

/**
 * `--format trl-grpo`: TRL's conversational prompt-only row. The policy generates the shopper's next
 * turn; the other columns reach the reward functions as keyword arguments
 * (`clients/python/siturec_env/rewards.py`).
 */
export const TrlGrpoRow = z
  .object({
    prompt: z.array(TrlPromptMessage).min(2),
    /** 𝒜: the persona's acceptable products (empty for an infeasible persona). */
    acceptable: ProductIds,
    ...turnContext,
  })
  .strict();
export type TrlGrpoRow = z.infer<typeof TrlGrpoRow>;

/** verl's chat message: role and text only (tool calls written as `<tool_call>` text). */
export const VerlMessage = z
  .object({ role: z.enum(["system", "user", "assistant", "tool"]), content: z.string() })
  .strict();
export type VerlMessage = z.infer<typeof VerlMessage>;

/** `--format verl`: one row of verl's RL dataset (`RLHFDataset`), the fields its docs name. */
export const VerlRow = z
  .object({
    data_source: z.literal("siturec/customersim"),
    prompt: z.array(VerlMessage).min(2),
    ability: z.literal("shopper-simulation"),
    reward_model: z.object({ style: z.literal("rule"), ground_truth: ProductIds }).strict(),
    extra_info: z
      .object({
        split: z.string(),
        index: z.number().int().min(0),
        ...turnContext,
      })
      .strict(),
  })
  .strict();
export type VerlRow = z.infer<typeof VerlRow>;
