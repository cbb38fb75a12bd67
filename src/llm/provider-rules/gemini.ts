import type { ProviderRules } from "./provider-rules.js";

const MB = 1024 * 1024;

/** Gemini models that think before they answer: 2.5 and later. */
const THINKING = /^gemini-(2\.5|[3-9])/;

/**
 * Google's Gemini API (`POST /v1beta/models/MODEL:generateContent`), as siturec's requests meet it:
 *
 * - **Empty text**: a part's text is a proto3 string, so `""` is an unset field and the request is
 *   refused (400 `GenerateContentRequest.contents[1].parts[0].data: required oneof field 'data' must
 *   have one initialized field`); the AI SDK drops an empty model part instead, which leaves
 *   `contents[].parts` empty (also refused). Empty text is filled (`fillEmptyText`); whitespace is text.
 * - **Images** ("Image understanding"): inline image data is sent in the request, whose total size,
 *   files and instructions together, must stay under 20 MB (the Files API takes larger ones; siturec
 *   uses none); up to 3,600 images per request.
 * - **Structured output** is `generationConfig.responseMimeType: application/json` with
 *   `responseSchema` (an OpenAPI subset the AI SDK converts the JSON Schema to).
 * - **Prompt caching** is implicit on Gemini 2.5 and later, no breakpoint: prefixes of at least 2,048
 *   tokens on Gemini 2.5 Flash and Pro, 4,096 on Gemini 3 models ("Context caching", implicit caching
 *   table); earlier models cache nothing implicitly.
 * - **Thinking**: Gemini 2.5 and later think by default, and thinking tokens count against
 *   `maxOutputTokens` (a small limit ends in an empty answer with finish reason `MAX_TOKENS`); the
 *   default dynamic thinking budget stops at 8,192 tokens ("Gemini thinking", budget table), which is
 *   the allowance added to a role's limit.
 * - **Safety**: a blocked prompt comes back with `promptFeedback.blockReason` and no candidate, a
 *   blocked answer with finish reason `SAFETY` and no content; the AI SDK reports either as a
 *   content-filter finish, which the client turns into a warning.
 * - **Rate limits**: a 429 `RESOURCE_EXHAUSTED` says how long to wait in its body
 *   (`google.rpc.RetryInfo.retryDelay`, e.g. "37s"), not in a `retry-after` header (`retryAfterMs`).
 */
export const GEMINI_RULES: ProviderRules = {
  provider: "google",
  emptyText: "empty",
  images: { maxImages: 3600, maxRequestBytes: 20 * MB },
  cacheMinimum: (model) =>
    /^gemini-[3-9]/.test(model) ? 4096 : /^gemini-2\.5/.test(model) ? 2048 : undefined,
  cacheBreakpoints: false,
  thinkingAllowance: (model) => (THINKING.test(model) ? 8192 : 0),
};
