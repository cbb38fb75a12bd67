import type { ContentPart, LlmMessage, LlmRequest } from "../../llm/client.js";
import type { RawToolCall, ShopperAgent, ShopperContext, ShopperReply, Turn } from "../chat/index.js";
import { productImagePng } from "../images/index.js";
import type { Product } from "../schema/product.js";
import { type LlmAgentOptions, samplingOf } from "./agent-options.js";
import { readReplyText } from "./reply-text.js";
import { SALES_GREETING, type ShopperPromptOptions, shopperSystemPrompt } from "./shopper-prompt.js";
import { rawCallOf, SHOPPER_TOOL_SPECS } from "./tool-specs.js";
import { UsageLedger, usageOf } from "./usage.js";

export interface LlmShopperOptions extends LlmAgentOptions, ShopperPromptOptions {
  /**
   * Attach the pictures of the products the salesperson recommended, as image parts of its messages
   * (multimodal models); default true. Turn off for text-only models.
   */
  images?: boolean;
  /**
   * When the model makes no native call but writes `<tool_call>…</tool_call>` into its text, hand
   * those to the chat layer as raw calls (valid ones act, others are format errors); default true.
   */
  textToolCalls?: boolean;
}

/**
 * The private reasoning a shopper wrote in a turn (stripped from what the salesperson sees). The turn
 * record keeps it too (`Turn.reasoning`), which is what runs store; this list is the agent's copy.
 */
export interface ShopperReasoning {
  personaId: string;
  round: number;
  text: string;
}

/**
 * A (multimodal) language model as the CustomerSim shopper (§2.2, Appendix B.2): the paper's base
 * prompt with the persona, the category's ICL reasoning example and domain knowledge, optionally the
 * Human Steering instructions. It calls `add_to_cart` and `end_conversation` as native tools; their
 * calls become the reply's raw tool calls, validated (and format errors recorded) by the chat layer.
 * Its `<reasoning>`/`<think>` blocks become the reply's `reasoning`, stored with the turn; neither the
 * salesperson nor the shopper's own later requests see it (each turn is sent as what it said).
 */
export class LlmShopper implements ShopperAgent {
  readonly id: string;
  readonly usage: UsageLedger;
  readonly reasoning: ShopperReasoning[] = [];
  private readonly images = new Map<string, Promise<Buffer>>();

  constructor(private readonly opts: LlmShopperOptions) {
    this.id = opts.id ?? (opts.steering === "human" ? `${opts.model}+human-steering` : opts.model);
    this.usage = new UsageLedger(opts.onCall);
  }

  systemPrompt(ctx: ShopperContext): string {
    return shopperSystemPrompt(ctx.persona, ctx.store.knowledge(ctx.category), this.opts);
  }

  private image(product: Product): Promise<Buffer> {
    let found = this.images.get(product.id);
    if (!found) {
      found = productImagePng(product);
      this.images.set(product.id, found);
    }
    return found;
  }

  private async salesMessage(turn: Turn, ctx: ShopperContext): Promise<LlmMessage> {
    const products = turn.recommended.flatMap((id) => ctx.store.product(id) ?? []);
    if (this.opts.images === false || !products.length) return { role: "user", content: turn.text };
    const parts: ContentPart[] = [{ type: "text", text: turn.text }];
    for (const p of products) {
      parts.push({ type: "text", text: `Picture of ${p.name} (${p.id}):` });
      parts.push({ type: "image", data: await this.image(p), mediaType: "image/png" });
    }
    return { role: "user", content: parts };
  }

  /** The conversation from the shopper's side: the salesperson is the user, the shopper the assistant. */
  async messages(ctx: ShopperContext): Promise<LlmMessage[]> {
    const out: LlmMessage[] = [{ role: "user", content: SALES_GREETING }];
    for (const turn of ctx.transcript) {
      if (turn.role === "sales") {
        out.push(await this.salesMessage(turn, ctx));
        continue;
      }
      // A shopper turn's calls never ended the conversation, so each failed: the model sees why.
      const ids = turn.toolCalls.map((_, i) => `call_${turn.index}_${i}`);
      out.push({
        role: "assistant",
        content: turn.text,
        ...(turn.toolCalls.length
          ? { toolCalls: turn.toolCalls.map((c, i) => ({ id: ids[i]!, name: c.name, input: c.arguments })) }
          : {}),
      });
      if (turn.toolCalls.length)
        out.push({
          role: "tool",
          results: turn.toolCalls.map((c, i) => {
            const r = turn.toolResults[i];
            return r?.ok
              ? { id: ids[i]!, name: c.name, output: "ok" }
              : { id: ids[i]!, name: c.name, output: `error: ${r?.error ?? "invalid call"}`, isError: true };
          }),
        });
    }
    return out;
  }

  async request(ctx: ShopperContext): Promise<LlmRequest> {
    return {
      model: this.opts.model,
      tag: "shopper",
      system: this.systemPrompt(ctx),
      messages: await this.messages(ctx),
      tools: SHOPPER_TOOL_SPECS,
      ...samplingOf(this.opts, "shopper"),
    };
  }

  async shopperTurn(ctx: ShopperContext): Promise<ShopperReply> {
    const request = await this.request(ctx);
    const r = await this.opts.client.complete(request);
    this.usage.record(
      { ...usageOf(this.opts.model, r), role: "shopper", round: ctx.round, step: 0 },
      { request, response: r },
    );
    const read = readReplyText(r.text);
    if (read.reasoning)
      this.reasoning.push({ personaId: ctx.persona.id, round: ctx.round, text: read.reasoning });
    let toolCalls: RawToolCall[] = r.toolCalls.map(rawCallOf);
    if (!toolCalls.length && this.opts.textToolCalls !== false) toolCalls = read.textToolCalls;
    return {
      text: read.text,
      ...(toolCalls.length ? { toolCalls } : {}),
      ...(read.reasoning ? { reasoning: read.reasoning } : {}),
    };
  }
}
