import type { LlmRequest } from "../../llm/client.js";
import { DEFAULT_MAX_OUTPUT_TOKENS } from "../../llm/output-tokens.js";
import { completeStructured } from "../../llm/structured.js";
import type { StoreKnowledge } from "../knowledge/store-knowledge.js";
import {
  type PolicyReply,
  type ShopperContext,
  type ShopperOutput,
  type ShopperPolicy,
  shopperOutputSchema,
} from "../types.js";
import { captioned } from "./captioned-image.js";
import type { LlmPolicyOptions } from "./llm-assistant.js";
import { reply } from "./policy-reply.js";
import {
  actionText,
  goalValues,
  historyText,
  personaText,
  productNames,
  revealedText,
  storeName,
} from "./prompt-context.js";
import { toolListText } from "./tool-list.js";

/** When the model's output stayed invalid the shopper waits: a legal action that changes nothing. */
export const SHOPPER_FALLBACK: ShopperOutput = {
  utterance: "Sorry, one moment.",
  tool_call: { name: "idle", arguments: {} },
};

/**
 * A vision-language model as the shopper simulator: it role-plays the profile and the private goal
 * (request, preferences, budget, disclosure and acceptance policies), sees its own annotated view, and
 * answers with an utterance and exactly one tool call in its own handles.
 */
export class LlmShopper implements ShopperPolicy {
  readonly id: string;

  constructor(
    private readonly k: StoreKnowledge,
    private readonly opts: LlmPolicyOptions,
  ) {
    this.id = opts.model;
  }

  systemPrompt(ctx: ShopperContext): string {
    const { prompts } = this.opts;
    const env = this.k.env;
    return prompts.render("shopper", {
      store_name: storeName(env),
      persona: personaText(ctx.profile),
      ...goalValues(ctx.task),
      inspect_tool: this.k.def.inspection.tool,
      shopper_target_handles: this.k.def.shopperHandleText,
      map_rules: prompts.raw(ctx.minimap.length ? "shopper-map" : "shopper-no-map"),
      tools: toolListText(env),
      scene_rules: prompts.raw(`shopper-${env}`),
    });
  }

  request(ctx: ShopperContext): LlmRequest {
    const text = this.opts.prompts.render("shopper-turn", {
      turn: String(ctx.turn),
      assistant_utterance: ctx.assistantUtterance,
      visible: ctx.observation.caption,
      held: ctx.shared.held ? productNames(this.k, [ctx.shared.held], false) : "nothing",
      cart: productNames(this.k, ctx.shared.cart, false),
      revealed: revealedText(this.k, ctx.revealed),
      last_action: actionText(ctx.lastAction, "shopper"),
      history: historyText(ctx.history, "shopper"),
    });
    return {
      model: this.opts.model,
      tag: "shopper",
      system: this.systemPrompt(ctx),
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text },
            ...captioned(`Your view, turn ${ctx.turn} (your labels):`, ctx.observation.image),
            ...(ctx.minimap.length
              ? captioned("Store map (north up; you are the red arrow):", ctx.minimap)
              : []),
          ],
        },
      ],
      ...(this.opts.temperature !== undefined ? { temperature: this.opts.temperature } : {}),
      ...(this.opts.seed !== undefined ? { seed: this.opts.seed } : {}),
      maxOutputTokens: this.opts.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS.shopper,
    };
  }

  async act(ctx: ShopperContext): Promise<PolicyReply<ShopperOutput>> {
    const result = await completeStructured(
      this.opts.client,
      this.request(ctx),
      shopperOutputSchema(this.k.env),
      { name: "shopper_turn" },
    );
    return reply(this.opts.model, result, SHOPPER_FALLBACK);
  }
}
