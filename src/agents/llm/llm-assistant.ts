import { z } from "zod";
import type { Condition } from "../../core/dialogue.js";
import type { ContentPart, LlmClient, LlmRequest } from "../../llm/client.js";
import { DEFAULT_MAX_OUTPUT_TOKENS } from "../../llm/output-tokens.js";
import { completeStructured } from "../../llm/structured.js";
import type { StoreKnowledge } from "../knowledge/store-knowledge.js";
import type { PromptSet } from "../prompts/prompt-set.js";
import {
  type AssistantContext,
  type AssistantOutput,
  type AssistantPolicy,
  assistantOutputSchema,
  type PolicyReply,
} from "../types.js";
import { captioned } from "./captioned-image.js";
import { reply } from "./policy-reply.js";
import {
  catalogText,
  conditionTemplate,
  historyText,
  locationText,
  poseText,
  productNames,
  storeName,
  targetIndexText,
} from "./prompt-context.js";

/** What every model-backed SituRecBench policy is made with. */
export interface LlmPolicyOptions {
  /** A model id: `openai:gpt-4o`, `anthropic:claude-sonnet-4-5`, `openai-compatible:MODEL@URL`, … */
  model: string;
  /** The run's model client (cache, retries, limits, costs, the providers' rules). */
  client: LlmClient;
  /** The run's prompt templates. */
  prompts: PromptSet;
  /** Sampling temperature (undefined: the provider's default). */
  temperature?: number;
  /** Sent to providers that take a seed. */
  seed?: number;
  /** The most tokens one answer may take (default: the role's, `DEFAULT_MAX_OUTPUT_TOKENS`). */
  maxOutputTokens?: number;
}

/** What the assistant says when its model's output stayed invalid: nothing is claimed, the turn passes. */
export const ASSISTANT_FALLBACK: AssistantOutput = {
  utterance: "Sorry, give me a moment.",
  assistant_actions: [{ type: "ClarifyNeed" }],
  expected_user_action: { name: "idle", arguments: {} },
  ranking: [],
  tool_calls: [],
};

/**
 * A vision-language model as the assistant: the system prompt carries the role policy, handle
 * rules, scene rules, condition, output schema, catalog and location index; each turn sends the
 * state, what is visible (per condition) and the dialogue, with the annotated view (full only) and
 * the minimap as images. The output is validated; one repair request, then a recorded format error.
 */
export class LlmAssistant implements AssistantPolicy {
  readonly id: string;
  private system?: string;

  constructor(
    private readonly k: StoreKnowledge,
    private readonly condition: Condition,
    private readonly opts: LlmPolicyOptions,
  ) {
    this.id = opts.model;
  }

  systemPrompt(maxTurns: number): string {
    const { prompts } = this.opts;
    this.system ??= prompts.render("assistant", {
      store_name: storeName(this.k.env),
      max_turns: String(maxTurns),
      handle_rules: prompts.render("assistant-handles", {
        assistant_target_handles: this.k.def.assistantHandleText,
      }),
      scene_rules: prompts.raw(`assistant-${this.k.env}`),
      condition_rules: prompts.raw(conditionTemplate(this.condition)),
      map_rules: prompts.raw("assistant-map"),
      output_schema: JSON.stringify(z.toJSONSchema(assistantOutputSchema(this.k.env), { io: "input" })),
      catalog: catalogText(this.k),
      location_index: locationText(this.k),
      fixture_index: this.condition === "no-evv-caption" ? targetIndexText(this.k) : "",
    });
    return this.system;
  }

  request(ctx: AssistantContext): LlmRequest {
    const visible =
      this.condition === "no-evv-caption"
        ? "(No list of visible entities in this condition.)"
        : ctx.observation.caption;
    const withIds = ctx.captionIds === true;
    const text = this.opts.prompts.render("assistant-turn", {
      turn: String(ctx.turn),
      max_turns: String(ctx.maxTurns),
      pose: poseText(ctx.shared),
      held: ctx.shared.held ? productNames(this.k, [ctx.shared.held], withIds) : "nothing",
      cart: productNames(this.k, ctx.shared.cart, withIds),
      visible,
      history: historyText(ctx.history, "assistant"),
    });
    return {
      model: this.opts.model,
      tag: "assistant",
      system: this.systemPrompt(ctx.maxTurns),
      messages: [
        { role: "user", content: [...this.earlierViews(ctx), { type: "text", text }, ...this.images(ctx)] },
      ],
      ...(this.opts.temperature !== undefined ? { temperature: this.opts.temperature } : {}),
      ...(this.opts.seed !== undefined ? { seed: this.opts.seed } : {}),
      maxOutputTokens: this.opts.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS.assistant,
    };
  }

  /** Earlier views first: they only grow turn by turn, so a provider's prefix cache can reuse them. */
  private earlierViews(ctx: AssistantContext): ContentPart[] {
    return ctx.views.flatMap((v) =>
      captioned(`Earlier view, turn ${v.turn} (your labels of that turn):`, v.image),
    );
  }

  /** This turn's images, each under the caption the system prompt names it by. */
  private images(ctx: AssistantContext): ContentPart[] {
    return [
      ...(this.condition === "full" && ctx.observation.image.length
        ? captioned(`Current view, turn ${ctx.turn} (your labels):`, ctx.observation.image)
        : []),
      ...(ctx.minimap.length
        ? captioned("Store map (north up; the shopper is the red arrow):", ctx.minimap)
        : []),
    ];
  }

  async act(ctx: AssistantContext): Promise<PolicyReply<AssistantOutput>> {
    const result = await completeStructured(
      this.opts.client,
      this.request(ctx),
      assistantOutputSchema(this.k.env),
      {
        name: "assistant_turn",
        truncatable: ["ranking"],
      },
    );
    return reply(this.opts.model, result, ASSISTANT_FALLBACK) as PolicyReply<AssistantOutput>;
  }
}
