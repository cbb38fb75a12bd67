import type { ConversationResult } from "../chat/index.js";
import type { Persona } from "../schema/persona.js";
import { DEFAULT_OPENING, type MessageOptions } from "./conversation-messages.js";
import { type ConversationPrefix, conversationPrefixes } from "./conversation-prefixes.js";
import { personaSystemPrompt } from "./persona-prompt.js";
import { TrlGrpoRow, TrlSftRow, VerlRow } from "./trainer-row-schemas.js";
import {
  type ReasoningPlacement,
  textToolInstructions,
  trlMessages,
  trlPromptMessages,
  trlShopperTools,
  verlPromptMessages,
} from "./trl-messages.js";

/** What the store knows of a rollout beyond its conversation (`customersim run` headers). */
export interface RolloutMeta {
  /** Its index among the persona's samples (`--samples`); default 0. */
  sample?: number;
}

export interface TrainerRowOptions extends MessageOptions {
  /** trl-sft: where the shopper's stored reasoning goes (default `content`). */
  reasoning?: ReasoningPlacement;
  /** A product's name, so that a reward can resolve a purchase made by name. */
  productName?: (id: string) => string | undefined;
  /** verl: the `extra_info.split` (default `train`). */
  split?: string;
}

function opening(persona: Persona, options: TrainerRowOptions) {
  const system = (options.systemPrompt ?? personaSystemPrompt)(persona);
  return { system, greeting: options.opening ?? DEFAULT_OPENING };
}

/** `trl-sft`: the whole conversation, the shopper's turns the ones to train, with the shopper's tools. */
export function trlSftRow(
  result: ConversationResult,
  persona: Persona,
  options: TrainerRowOptions = {},
  meta: RolloutMeta = {},
): TrlSftRow {
  const { system, greeting } = opening(persona, options);
  return TrlSftRow.parse({
    messages: [
      { role: "system", content: system, train: false },
      { role: "user", content: greeting, train: false },
      ...trlMessages(result.transcript, options.reasoning ?? "content"),
    ],
    tools: trlShopperTools(),
    persona_id: result.personaId,
    category: result.category,
    ending: result.ending,
    purchased: result.purchased,
    rounds: result.rounds,
    sample: meta.sample ?? 0,
    shopper_format_error: result.shopperFormatError,
  });
}

/** The columns every GRPO and verl row carries about the turn to generate. */
function turnContext(
  result: ConversationResult,
  persona: Persona,
  prefix: ConversationPrefix,
  options: TrainerRowOptions,
  meta: RolloutMeta,
) {
  return {
    persona_id: result.personaId,
    category: result.category,
    round: prefix.round,
    turn_limit: result.turnLimit,
    feasible: persona.feasible,
    sample: meta.sample ?? 0,
    recommended: prefix.recommended,
    recommended_names: prefix.recommended.map((id) => options.productName?.(id) ?? id),
    recommended_later: prefix.recommendedLater,
  };
}

/** `trl-grpo`: one prompt per shopper turn of the conversation (the conversation up to that turn). */
export function trlGrpoRows(
  result: ConversationResult,
  persona: Persona,
  options: TrainerRowOptions = {},
  meta: RolloutMeta = {},
): TrlGrpoRow[] {
  const { system, greeting } = opening(persona, options);
  return conversationPrefixes(result).map((prefix) =>
    TrlGrpoRow.parse({
      prompt: [
        { role: "system", content: system },
        { role: "user", content: greeting },
        ...trlPromptMessages(prefix.history),
      ],
      acceptable: persona.acceptable,
      ...turnContext(result, persona, prefix, options, meta),
    }),
  );
}

/**
 * `verl`: one row per shopper turn, as verl's RL dataset reads it. The system prompt also describes
 * the tools and how to call one in text (verl renders no tools without a tool config).
 */
export function verlRows(
  result: ConversationResult,
  persona: Persona,
  startIndex: number,
  options: TrainerRowOptions = {},
  meta: RolloutMeta = {},
): VerlRow[] {
  const { system, greeting } = opening(persona, options);
  return conversationPrefixes(result).map((prefix, i) =>
    VerlRow.parse({
      data_source: "siturec/customersim",
      prompt: [
        { role: "system", content: `${system}\n\n${textToolInstructions()}` },
        { role: "user", content: greeting },
        ...verlPromptMessages(prefix.history),
      ],
      ability: "shopper-simulation",
      reward_model: { style: "rule", ground_truth: persona.acceptable },
      extra_info: {
        split: options.split ?? "train",
        index: startIndex + i,
        ...turnContext(result, persona, prefix, options, meta),
      },
    }),
  );
}
