import type { LlmRequest } from "./llm-request.js";

/**
 * What a call's finish reason says that its text does not: the provider's content filter stopped the
 * answer (Anthropic's `refusal` stop reason, Gemini's `SAFETY` block), or the answer hit its output
 * limit and was cut.
 */
export function finishWarnings(reason: string | undefined, req: LlmRequest): string[] {
  if (reason === "content-filter") return ["the provider's safety filter stopped the answer (a refusal)"];
  if (reason === "length")
    return [
      `the answer reached its output limit${req.maxOutputTokens !== undefined ? ` (${req.maxOutputTokens} tokens)` : ""} and was cut`,
    ];
  return [];
}
