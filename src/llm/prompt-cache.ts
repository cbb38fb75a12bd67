import type { LanguageModelV3Usage } from "@ai-sdk/provider";
import type { LanguageModelUsage, ModelMessage, SystemModelMessage } from "ai";

/**
 * Provider prompt caching. Every request this project sends keeps its constant part first (the
 * system prompt: role, catalog, location index; then the tools or output schema, which providers
 * place before the messages), byte-identical across turns and episodes of one store and condition,
 * and the per-turn part after it, so the providers' prefix caches can hit:
 *
 * - OpenAI and Gemini cache prefixes implicitly (OpenAI from 1,024 tokens); nothing is marked.
 * - Anthropic caches only up to a marked breakpoint: the system prompt is sent as a system message
 *   with `cacheControl: {type: "ephemeral"}` (5-minute cache), which covers the tools before it too.
 *   Anthropic caches only prefixes of at least 1,024 tokens (4,096 for some models): the client marks
 *   the system prompt only when its prefix reaches the model's minimum (`cacheBreakpoint` in
 *   `provider-rules/`; `breakpoint` here), so the moderator's and judge's short prompts go unmarked.
 *
 * The cached-token counts come back in the AI SDK's usage (`inputTokenDetails.cacheReadTokens` and
 * `cacheWriteTokens`; OpenAI-compatible servers' `prompt_tokens_details.cached_tokens`).
 */
export function promptCacheOptions(
  provider: string,
  system: string | undefined,
  messages: ModelMessage[],
  breakpoint = provider === "anthropic",
): { system?: string | SystemModelMessage; messages: ModelMessage[] } {
  if (!system) return { messages };
  if (provider === "anthropic" && breakpoint)
    return {
      system: {
        role: "system",
        content: system,
        providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } },
      },
      messages,
    };
  return { system, messages };
}

/** The cache reads and writes of an AI SDK usage, each only when non-zero (so records keep their shape). */
export function cacheTokensOf(usage: LanguageModelUsage | undefined): {
  cachedInputTokens?: number;
  cacheWriteTokens?: number;
} {
  const read = usage?.inputTokenDetails?.cacheReadTokens ?? usage?.cachedInputTokens ?? 0;
  const write = usage?.inputTokenDetails?.cacheWriteTokens ?? 0;
  return {
    ...(read > 0 ? { cachedInputTokens: read } : {}),
    ...(write > 0 ? { cacheWriteTokens: write } : {}),
  };
}

/** The same from a provider's raw (language model v3) usage. */
export function cacheTokensOfRaw(usage: LanguageModelV3Usage | undefined): {
  cachedInputTokens?: number;
  cacheWriteTokens?: number;
} {
  const read = usage?.inputTokens.cacheRead ?? 0;
  const write = usage?.inputTokens.cacheWrite ?? 0;
  return {
    ...(read > 0 ? { cachedInputTokens: read } : {}),
    ...(write > 0 ? { cacheWriteTokens: write } : {}),
  };
}
