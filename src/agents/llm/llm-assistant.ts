import { z } from "zod";
import type { Condition } from "../../core/dialogue.js";
import type { LlmClient, LlmRequest } from "../../llm/client.js";
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

export interface LlmPolicyOptions {
  model: string;
  client: LlmClient;
  prompts: PromptSet;
  temperature?: number;
  seed?: number;
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
    const text = this.opts.prompts.render("assistant-turn", {
      turn: String(ctx.turn),
      max_turns: String(ctx.maxTurns),
      pose: poseText(ctx.shared),
      held: ctx.shared.held ? productNames(this.k, [ctx.shared.held], true) : "nothing",
      cart: productNames(this.k, ctx.shared.cart, true),
      visible,
      history: historyText(ctx.history, "assistant"),
    });
    const png = (data: Buffer) => ({ type: "image" as const, data, mediaType: "image/png" });
    // Earlier views first: they only grow turn by turn, so a provider's prefix cache can reuse them.
    const earlier = ctx.views.flatMap((v) => [
      { type: "text" as const, text: `Your annotated view at turn ${v.turn} (earlier):` },
      png(v.image),
    ]);
    const images = [
      ...(this.condition === "full" && ctx.observation.image.length ? [png(ctx.observation.image)] : []),
      ...(ctx.minimap.length ? [png(ctx.minimap)] : []),
    ];
    return {
      model: this.opts.model,
      tag: "assistant",
      system: this.systemPrompt(ctx.maxTurns),
      messages: [{ role: "user", content: [...earlier, { type: "text", text }, ...images] }],
      ...(this.opts.temperature !== undefined ? { temperature: this.opts.temperature } : {}),
      ...(this.opts.seed !== undefined ? { seed: this.opts.seed } : {}),
    };
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
