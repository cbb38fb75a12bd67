import type { ProviderRules } from "./provider-rules.js";

/**
 * OpenAI-compatible servers (vLLM, llama.cpp, Ollama, OpenRouter, …; `POST BASE_URL/chat/completions`):
 * each server sets its own limits, so none is enforced here.
 *
 * - **Images**: vLLM takes as many per request as `--limit-mm-per-prompt` says (docs/agents.md,
 *   "Serving a vision model with vLLM"); a request over it is refused with a 400.
 * - **Prompt caching**: vLLM's automatic prefix caching and llama.cpp's prompt cache have no
 *   documented minimum; estimates count prefixes from 1,024 tokens, as for OpenAI (a local server
 *   costs nothing unless the config prices it).
 * - **Thinking models** served this way (Qwen3 thinking variants) count their `<think>` text against
 *   the output limit; no allowance is known here, so give such a role a larger one
 *   (`--max-output-tokens ROLE=N`).
 */
export const OPENAI_COMPATIBLE_RULES: ProviderRules = {
  provider: "openai-compatible",
  emptyText: "accepted",
  cacheMinimum: () => 1024,
  cacheBreakpoints: false,
  thinkingAllowance: () => 0,
};
