import { DEFAULT_MAX_OUTPUT_TOKENS } from "../../llm/output-tokens.js";
import { completeStructured } from "../../llm/structured.js";
import { type ModeratorContext, ModeratorOutput, type ModeratorPolicy, type PolicyReply } from "../types.js";
import type { LlmPolicyOptions } from "./llm-assistant.js";
import { reply } from "./policy-reply.js";
import { actionText, historyText } from "./prompt-context.js";

/** The moderator of Appendix B.3: yes/no from the history, the latest messages and the current action. */
export class LlmModerator implements ModeratorPolicy {
  readonly id: string;

  constructor(private readonly opts: LlmPolicyOptions) {
    this.id = opts.model;
  }

  async decide(ctx: ModeratorContext): Promise<PolicyReply<ModeratorOutput>> {
    const { prompts } = this.opts;
    const text = prompts.render("moderator-turn", {
      history: historyText(ctx.history, "assistant"),
      assistant_utterance: ctx.assistantUtterance,
      shopper_utterance: ctx.shopperUtterance,
      action: actionText(ctx.action, "assistant"),
    });
    const result = await completeStructured(
      this.opts.client,
      {
        model: this.opts.model,
        tag: "moderator",
        system: prompts.raw("moderator"),
        messages: [{ role: "user", content: text }],
        ...(this.opts.temperature !== undefined ? { temperature: this.opts.temperature } : {}),
        ...(this.opts.seed !== undefined ? { seed: this.opts.seed } : {}),
        maxOutputTokens: this.opts.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS.moderator,
      },
      ModeratorOutput,
      { name: "moderator_decision" },
    );
    // An unreadable verdict never ends an episode.
    return reply(this.opts.model, result, { decision: "no" });
  }
}
