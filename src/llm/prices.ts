import { z } from "zod";

/** USD per million tokens. */
export const Price = z.object({ input: z.number().nonnegative(), output: z.number().nonnegative() }).strict();
export type Price = z.infer<typeof Price>;
export const PriceTable = z.record(z.string(), Price);
export type PriceTable = z.infer<typeof PriceTable>;

/**
 * List prices the project knows (USD per million input / output tokens, public price pages as of
 * 2026; config can override or add any model id). Local OpenAI-compatible servers cost nothing unless
 * the config says so; unknown hosted models are costed at 0 and reported as unpriced.
 */
export const DEFAULT_PRICES: PriceTable = {
  "openai:gpt-4o": { input: 2.5, output: 10 },
  "openai:gpt-4o-mini": { input: 0.15, output: 0.6 },
  "openai:gpt-4.1": { input: 2, output: 8 },
  "openai:gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "openai:gpt-5": { input: 1.25, output: 10 },
  "openai:gpt-5-mini": { input: 0.25, output: 2 },
  "anthropic:claude-sonnet-4-5": { input: 3, output: 15 },
  "anthropic:claude-opus-4-1": { input: 15, output: 75 },
  "anthropic:claude-haiku-4-5": { input: 1, output: 5 },
  "google:gemini-2.5-pro": { input: 1.25, output: 10 },
  "google:gemini-2.5-flash": { input: 0.3, output: 2.5 },
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

export function costOf(price: Price | undefined, inputTokens: number, outputTokens: number): number {
  if (!price) return 0;
  return (inputTokens * price.input + outputTokens * price.output) / 1e6;
}
