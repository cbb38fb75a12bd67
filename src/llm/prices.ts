import { z } from "zod";

/**
 * USD per million tokens: `input` for input tokens the provider did not serve from its prompt cache,
 * `cachedInput` for those it did (a cache read; default: `input`), `cacheWrite` for input tokens
 * written to the cache where the provider bills writes apart (Anthropic; default: `input`).
 */
export const Price = z
  .object({
    input: z.number().nonnegative(),
    output: z.number().nonnegative(),
    cachedInput: z.number().nonnegative().optional(),
    cacheWrite: z.number().nonnegative().optional(),
  })
  .strict();
export type Price = z.infer<typeof Price>;
export const PriceTable = z.record(z.string(), Price);
export type PriceTable = z.infer<typeof PriceTable>;

/**
 * List prices the project knows (USD per million tokens: input, output, cached input and, for
 * Anthropic, 5-minute cache writes; public price pages as of 2026; config can override or add any
 * model id). Local OpenAI-compatible servers cost nothing unless the config says so; unknown hosted
 * models are costed at 0 and reported as unpriced. Gemini's cached-input prices are those of
 * implicit caching (no storage fee); explicit context caches also bill storage, which is not costed.
 */
export const DEFAULT_PRICES: PriceTable = {
  "openai:gpt-4o": { input: 2.5, output: 10, cachedInput: 1.25 },
  "openai:gpt-4o-mini": { input: 0.15, output: 0.6, cachedInput: 0.075 },
  "openai:gpt-4.1": { input: 2, output: 8, cachedInput: 0.5 },
  "openai:gpt-4.1-mini": { input: 0.4, output: 1.6, cachedInput: 0.1 },
  "openai:gpt-4.1-nano": { input: 0.1, output: 0.4, cachedInput: 0.025 },
  "openai:gpt-5": { input: 1.25, output: 10, cachedInput: 0.125 },
  "openai:gpt-5-mini": { input: 0.25, output: 2, cachedInput: 0.025 },
  "openai:gpt-5-nano": { input: 0.05, output: 0.4, cachedInput: 0.005 },
  "openai:gpt-5.1": { input: 1.25, output: 10, cachedInput: 0.125 },
  "anthropic:claude-opus-4-5": { input: 5, output: 25, cachedInput: 0.5, cacheWrite: 6.25 },
  "anthropic:claude-sonnet-4-5": { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 },
  "anthropic:claude-opus-4-1": { input: 15, output: 75, cachedInput: 1.5, cacheWrite: 18.75 },
  "anthropic:claude-haiku-4-5": { input: 1, output: 5, cachedInput: 0.1, cacheWrite: 1.25 },
  "google:gemini-2.5-pro": { input: 1.25, output: 10, cachedInput: 0.125 },
  "google:gemini-2.5-flash": { input: 0.3, output: 2.5, cachedInput: 0.03 },
  // Embedding models: input tokens only.
  "openai:text-embedding-3-small": { input: 0.02, output: 0 },
  "openai:text-embedding-3-large": { input: 0.13, output: 0 },
  "google:gemini-embedding-001": { input: 0.15, output: 0 },
};

export function priceFor(modelId: string, table: PriceTable): Price | undefined {
  if (table[modelId]) return table[modelId];
  if (modelId.startsWith("openai-compatible:")) return { input: 0, output: 0 };
  return undefined;
}

/**
 * What one call's input was made of: `inputTokens` is all of it (as providers report it), of which
 * `cachedInputTokens` were read from the provider's prompt cache and `cacheWriteTokens` written to it.
 */
export interface TokenSplit {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens?: number;
  cacheWriteTokens?: number;
}

/** Input tokens neither read from nor written to the provider's cache. */
export function uncachedInputTokens(
  u: Pick<TokenSplit, "inputTokens" | "cachedInputTokens" | "cacheWriteTokens">,
): number {
  return Math.max(0, u.inputTokens - (u.cachedInputTokens ?? 0) - (u.cacheWriteTokens ?? 0));
}

/**
 * A call's cost: uncached input × input + cached × cachedInput + cache writes × cacheWrite + output ×
 * output (USD per million each; a missing cached or write price is the input price). The legacy form
 * `costOf(price, inputTokens, outputTokens)` costs all input as uncached.
 */
export function costOf(price: Price | undefined, usage: TokenSplit): number;
export function costOf(price: Price | undefined, inputTokens: number, outputTokens: number): number;
export function costOf(price: Price | undefined, a: TokenSplit | number, b?: number): number {
  if (!price) return 0;
  const u: TokenSplit = typeof a === "number" ? { inputTokens: a, outputTokens: b ?? 0 } : a;
  return (
    (uncachedInputTokens(u) * price.input +
      (u.cachedInputTokens ?? 0) * (price.cachedInput ?? price.input) +
      (u.cacheWriteTokens ?? 0) * (price.cacheWrite ?? price.input) +
      u.outputTokens * price.output) /
    1e6
  );
}

/** What the cache saved on a call: cached tokens at the input price less what they cost. */
export function cacheSavingOf(price: Price | undefined, usage: TokenSplit): number {
  if (!price) return 0;
  return (
    ((usage.cachedInputTokens ?? 0) * (price.input - (price.cachedInput ?? price.input)) -
      (usage.cacheWriteTokens ?? 0) * ((price.cacheWrite ?? price.input) - price.input)) /
    1e6
  );
}
