import type { LlmMessage, LlmRequest } from "../../llm/client.js";
import type { NativeToolCall } from "../../llm/tools.js";
import type { SalesAgent, SalesContext, SalesReply } from "../chat/index.js";
import { type LlmAgentOptions, samplingOf } from "./agent-options.js";
import { stripReasoning } from "./reply-text.js";
import { salesSystemPrompt, salesToolOutputText } from "./sales-prompt.js";
import { RECOMMEND_TOOL_SPEC, rawCallOf, SALES_TOOL_SPECS } from "./tool-specs.js";
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
 * retrieval tools and the `recommend` tool as native tools, run through `ctx.tools.call` (so every
 * call, and every malformed one as a format error, lands in the transcript) in a bounded loop, then a
 * text reply. Its recommendations (R(C)) are the products it passes to `recommend`; its text's
 * mentions never count. Its `<reasoning>`/`<think>` blocks are kept as the turn's private reasoning.
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

  /**
   * Before `maxToolSteps` every tool; at it, only `recommend` (retrieval is over); after it, none: a
   * last call for the message when the one at the limit only recommended.
   */
  request(ctx: SalesContext, messages: LlmMessage[], step: number): LlmRequest {
    const atLimit = step >= this.maxToolSteps;
    return {
      model: this.opts.model,
      tag: "sales",
      system: salesSystemPrompt(ctx.category),
      messages,
      tools: atLimit ? [RECOMMEND_TOOL_SPEC] : SALES_TOOL_SPECS,
      ...(step > this.maxToolSteps ? { toolChoice: "none" as const } : {}),
      ...samplingOf(this.opts, "sales"),
    };
  }

  /** Runs a response's calls in the model's order; at the limit only `recommend` is obeyed. */
  private async runCalls(ctx: SalesContext, calls: readonly NativeToolCall[], atLimit: boolean) {
    const results = [];
    for (const c of calls) {
      if (atLimit && c.name !== "recommend") {
        results.push({
          id: c.id,
          name: c.name,
          output: "error: no more searches now; answer the shopper.",
          isError: true,
        });
        continue;
      }
      const out = await ctx.tools.call(rawCallOf(c));
      results.push({
        id: c.id,
        name: c.name,
        output: salesToolOutputText(out),
        ...(out.ok ? {} : { isError: true }),
      });
    }
    return results;
  }

  async salesTurn(ctx: SalesContext): Promise<SalesReply> {
    const messages = this.messages(ctx);
    const said: string[] = [];
    const thought: string[] = [];
    for (let step = 0; step <= this.maxToolSteps + 1; step++) {
      // A copy of the messages: the loop goes on adding to them.
      const request = { ...this.request(ctx, messages, step), messages: [...messages] };
      const r = await this.opts.client.complete(request);
      this.usage.record(
        { ...usageOf(this.opts.model, r), role: "sales", round: ctx.round, step },
        { request, response: r },
      );
      const read = stripReasoning(r.text);
      if (read.text) said.push(read.text);
      if (read.reasoning) thought.push(read.reasoning);
      if (!r.toolCalls.length || step > this.maxToolSteps) break;
      messages.push({ role: "assistant", content: r.text, toolCalls: r.toolCalls });
      messages.push({
        role: "tool",
        results: await this.runCalls(ctx, r.toolCalls, step >= this.maxToolSteps),
      });
      // A message with its recommendations is a finished reply; a search (or a bare recommend) is not.
      if (read.text && (step >= this.maxToolSteps || r.toolCalls.every((c) => c.name === "recommend"))) break;
    }
    return { text: said.join("\n\n"), ...(thought.length ? { reasoning: thought.join("\n\n") } : {}) };
  }
}
