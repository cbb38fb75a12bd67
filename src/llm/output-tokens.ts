/**
 * The output-token limit each SituRecBench role's requests name (`LlmRequest.maxOutputTokens`),
 * sized to the role's output schema: its largest valid output, counted as Claude counts (o200k × 1.2,
 * the largest of the providers' counts), with at least half again to spare
 * (`src/agents/llm/output-limits.test.ts` builds each and checks the margin):
 *
 * - assistant: a 2,000-character utterance (`MAX_UTTERANCE_CHARS`), a `Navigate` annotation with a
 *   600-character reason, an expected action and a full ten-id ranking: 896 tokens → 1,500;
 * - shopper: a 2,000-character utterance and its tool call: 635 → 1,000;
 * - moderator: yes/no and a 600-character reason: 191 → 400;
 * - judge: seven scores and a 3,000-character rationale: 963 → 1,500.
 *
 * A run's config or `--max-output-tokens ROLE=N` sets another. A model that thinks within the same
 * limit gets its thinking allowance on top (`provider-rules/`).
 */
export const DEFAULT_MAX_OUTPUT_TOKENS = {
  assistant: 1500,
  shopper: 1000,
  moderator: 400,
  judge: 1500,
} as const satisfies Record<string, number>;

/** The largest `maxOutputTokens` a role may be given (the largest any supported model writes). */
export const MAX_OUTPUT_TOKENS_LIMIT = 128_000;
