import type { LlmMessage, LlmRequest } from "../../llm/client.js";
import type { SalesAgent, SalesContext, SalesReply } from "../chat/index.js";
import { type LlmAgentOptions, samplingOf } from "./agent-options.js";
import { stripReasoning } from "./reply-text.js";
import { salesSystemPrompt, salesToolOutputText } from "./sales-prompt.js";
import { rawCallOf, SALES_TOOL_SPECS } from "./tool-specs.js";
import { UsageLedger, usageOf } from "./usage.js";

export const DEFAULT_MAX_TOOL_STEPS = 4;

export interface LlmSalesOptions extends LlmAgentOptions {
  /**
   * Model calls per turn that may call tools; after that many, one more call with `toolChoice: none`
   * asks for the reply. Default 4.
   */
  maxToolSteps?: number;
}

/**
 * A language model as the CustomerSim salesperson: the sales prompt, the two category-restricted
 * retrieval tools as native tools, run through `ctx.tools.call` (so every call, and every malformed
 * one as a format error, lands in the transcript) in a bounded loop, then a text reply. It leaves
 * `recommended` unset: the chat layer counts the products whose id or full name the reply mentions,
 * and the prompt asks for both.
 */
export class LlmSales implements SalesAgent {
  readonly id: string;
  readonly usage: UsageLedger;
  private readonly maxToolSteps: number;

  constructor(private readonly opts: LlmSalesOptions) {
    this.id = opts.id ?? opts.model;
    this.usage = new UsageLedger(opts.onCall);
    this.maxToolSteps = opts.maxToolSteps ?? DEFAULT_MAX_TOOL_STEPS;
    if (!Number.isInteger(this.maxToolSteps) || this.maxToolSteps < 0)
      throw new RangeError(`maxToolSteps must be a non-negative integer, got ${this.maxToolSteps}`);
  }

  /** The conversation from the salesperson's side: the shopper is the user. */
  messages(ctx: SalesContext): LlmMessage[] {
    return ctx.transcript.map(
      (t): LlmMessage =>
        t.role === "shopper" ? { role: "user", content: t.text } : { role: "assistant", content: t.text },
    );
  }

  request(ctx: SalesContext, messages: LlmMessage[], step: number): LlmRequest {
    return {
      model: this.opts.model,
      tag: "sales",
      system: salesSystemPrompt(ctx.category),
      messages,
      tools: SALES_TOOL_SPECS,
      ...(step >= this.maxToolSteps ? { toolChoice: "none" as const } : {}),
      ...samplingOf(this.opts),
    };
  }

  async salesTurn(ctx: SalesContext): Promise<SalesReply> {
    const messages = this.messages(ctx);
    const said: string[] = [];
    for (let step = 0; step <= this.maxToolSteps; step++) {
      const r = await this.opts.client.complete(this.request(ctx, messages, step));
      this.usage.record({ ...usageOf(this.opts.model, r), role: "sales", round: ctx.round, step });
      const text = stripReasoning(r.text).text;
      if (text) said.push(text);
      // At the limit the tools are off; a provider that calls one anyway is not obeyed.
      if (!r.toolCalls.length || step >= this.maxToolSteps) break;
      messages.push({ role: "assistant", content: r.text, toolCalls: r.toolCalls });
      // One call after another, so the transcript records them in the model's order.
      const results = [];
      for (const c of r.toolCalls) {
        const out = await ctx.tools.call(rawCallOf(c));
        results.push({
          id: c.id,
          name: c.name,
          output: salesToolOutputText(out),
          ...(out.ok ? {} : { isError: true }),
        });
      }
      messages.push({ role: "tool", results });
    }
    return { text: said.join("\n\n") };
  }
}
