import type { ProviderRules } from "./provider-rules.js";

const MB = 1024 * 1024;

/**
 * The shortest prefix Claude caches, by model family (Anthropic, "Prompt caching: cache limitations";
 * a shorter prefix is processed uncached, with no error): 4,096 tokens for Opus 4.5/4.6 and Haiku 4.5,
 * 2,048 for Sonnet 4.6 and the Haiku 3 models, 1,024 for Sonnet 4.5, Opus 4/4.1, Sonnet 4 and 3.7.
 * A model not listed is taken at 1,024.
 */
const CACHE_MINIMUMS: [RegExp, number][] = [
  [/claude-(opus-4-[56]|haiku-4-5)/, 4096],
  [/claude-(sonnet-4-6|3-5-haiku|3-haiku|haiku-3)/, 2048],
];

/**
 * Anthropic's Messages API (`POST /v1/messages`), as siturec's requests meet it:
 *
 * - **Empty text**: every text content block must hold non-whitespace text (400 `messages: text
 *   content blocks must be non-empty` / `… must contain non-whitespace text`): a model that answered
 *   nothing makes the next request of its conversation carry an empty block (a repair request, a
 *   CustomerSim shopper's next turn), so blank text is filled (`fillEmptyText`).
 * - **Images** (Vision guide, "General limits"; API overview, "Request size limits"): at most 100
 *   images per request for models with a 200k-token context window (400 `too many images and
 *   documents: 101 + 0 > 100`), each at most 8000×8000 px, and at most 2000×2000 px when a request has
 *   more than 20 images (400 `At least one of the image dimensions exceed max allowed size for
 *   many-image requests: 2000 pixels`); 5 MB per image as sent (base64: 3.75 MB of file); 32 MB per
 *   request (413 `request_too_large`). An assistant with `history.images: all` reaches 101 images at
 *   turn 100, so the oldest earlier views are left out (`limitImages`).
 * - **`max_tokens`** is required; the AI SDK sends the model's maximum (64,000 for Sonnet 4.5) when a
 *   request names none, which counts against the output-token rate limit: every role names its own.
 * - **Prompt caching** keeps a prefix only up to a `cache_control` breakpoint (at most four) and only
 *   from the model's minimum length (`CACHE_MINIMUMS`); the system prompt is marked only when the
 *   tools and system prompt before it reach it.
 * - **Temperature** is 0 to 1 (the AI SDK clamps a higher one, with a warning), and Claude Sonnet 4.5
 *   and later take `temperature` or `top_p`, not both (the SDK drops `top_p`, with a warning).
 * - No extended thinking is asked for, so no thinking allowance.
 */
export const ANTHROPIC_RULES: ProviderRules = {
  provider: "anthropic",
  emptyText: "blank",
  images: {
    maxImages: 100,
    maxImageBytes: Math.floor((5 * MB * 3) / 4),
    maxImageSide: 8000,
    manyImages: { images: 20, side: 2000 },
    maxRequestBytes: 32 * MB,
  },
  cacheMinimum: (model) => CACHE_MINIMUMS.find(([re]) => re.test(model))?.[1] ?? 1024,
  cacheBreakpoints: true,
  thinkingAllowance: () => 0,
};
