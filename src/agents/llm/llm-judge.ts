import { DEFAULT_MAX_OUTPUT_TOKENS } from "../../llm/output-tokens.js";
import { completeStructured } from "../../llm/structured.js";
import { JudgeOutput, type JudgePolicy, type JudgeTranscript, type PolicyReply } from "../types.js";
import type { LlmPolicyOptions } from "./llm-assistant.js";
import { reply } from "./policy-reply.js";
import { storeName } from "./prompt-context.js";

/** The judge's temperature unless told otherwise: its scores should repeat (and be served from the cache). */
export const DEFAULT_JUDGE_TEMPERATURE = 0;

/** The conversation judge: the seven anchored 1–5 dimensions of Appendix C.1, one call per finished trajectory. */
export class LlmJudge implements JudgePolicy {
  readonly id: string;

  constructor(private readonly opts: LlmPolicyOptions) {
    this.id = opts.model;
  }

  async score(input: JudgeTranscript): Promise<PolicyReply<JudgeOutput | null>> {
    const { prompts } = this.opts;
    const result = await completeStructured(
      this.opts.client,
      {
        model: this.opts.model,
        tag: "judge",
        system: prompts.raw("judge"),
        messages: [
          {
            role: "user",
            content: prompts.render("judge-turn", {
              store_name: storeName(input.env),
              extras: [
                ...(input.taskRequest !== undefined ? [`The shopper's request: ${input.taskRequest}`] : []),
                ...(input.outcome !== undefined ? [`Outcome: ${input.outcome}`] : []),
              ]
                .map((line) => `${line}\n`)
                .join(""),
              transcript: input.transcript,
            }),
          },
        ],
        temperature: this.opts.temperature ?? DEFAULT_JUDGE_TEMPERATURE,
        ...(this.opts.seed !== undefined ? { seed: this.opts.seed } : {}),
        maxOutputTokens: this.opts.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS.judge,
      },
      JudgeOutput,
      { name: "judge_scores" },
    );
    return reply<JudgeOutput | null>(this.opts.model, result, null);
  }
}
