import type { LlmRequest } from "./client.js";
import { warnOnce } from "./warnings.js";

/** Providers that take a repetition penalty (as the extra body field `repetition_penalty`). */
const REPETITION_PENALISED = new Set<string>(["openai-compatible"]);

/** The warning for a repetition penalty a provider does not take, also written to stderr once. */
export function ignoredPenalty(
  req: Pick<LlmRequest, "model" | "repetitionPenalty">,
  provider: string,
): string[] {
  if (req.repetitionPenalty === undefined || REPETITION_PENALISED.has(provider)) return [];
  const warning = `repetition penalty ignored by ${req.model} (only OpenAI-compatible servers take one)`;
  warnOnce(`siturec: ${warning}`);
  return [warning];
}

/**
 * The AI SDK's provider options of a request: lenient JSON schemas, and a repetition penalty for an
 * OpenAI-compatible server, which the SDK passes into the request body as given (`repetition_penalty`).
 */
export function providerOptionsOf(req: Pick<LlmRequest, "repetitionPenalty">, provider: string) {
  const penalty =
    req.repetitionPenalty !== undefined && REPETITION_PENALISED.has(provider)
      ? { repetition_penalty: req.repetitionPenalty }
      : {};
  return {
    openai: { strictJsonSchema: false },
    openaiCompatible: { strictJsonSchema: false, ...penalty },
  };
}
