import type { ProviderRules } from "./provider-rules.js";

const MB = 1024 * 1024;

/** OpenAI's reasoning models: the o-series and GPT-5 (its chat models excepted). */
const REASONING = /^(o\d|gpt-5)(?!.*-chat)/;

/**
 * OpenAI's API (the AI SDK sends `openai:` models to the Responses API, `POST /v1/responses`), as
 * siturec's requests meet it:
 *
 * - **Empty text** is accepted.
 * - **Images** ("Images and vision", image input requirements): up to 500 images per request, up to
 *   20 MB per image and 50 MB of image bytes per request.
 * - **Structured output** is a `json_schema` response format (strict mode off: siturec's schemas
 *   hold free-form maps).
 * - **Prompt caching** is automatic for prefixes of 1,024 tokens and more, no breakpoint.
 * - **Reasoning models** (o-series, GPT-5) spend reasoning tokens out of `max_output_tokens` before
 *   the answer and take no temperature (the AI SDK leaves it out, with a warning); OpenAI's reasoning
 *   guide says to reserve at least 25,000 tokens for reasoning and outputs when starting out, which is
 *   the allowance added to a role's limit.
 * - **Rate limits** count `max_output_tokens` against tokens per minute, which is why every role
 *   names its limit.
 */
export const OPENAI_RULES: ProviderRules = {
  provider: "openai",
  emptyText: "accepted",
  images: { maxImages: 500, maxImageBytes: 20 * MB, maxTotalImageBytes: 50 * MB },
  cacheMinimum: () => 1024,
  cacheBreakpoints: false,
  thinkingAllowance: (model) => (REASONING.test(model) ? 25_000 : 0),
};
