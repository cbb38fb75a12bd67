import type { LlmMessage } from "./messages.js";
import type { NativeToolCall, ToolChoice, ToolSpec } from "./tools.js";

/** One model call as a role asks for it (`LlmClient.complete`). */
export interface LlmRequest {
  model: string;
  system?: string;
  messages: LlmMessage[];
  temperature?: number;
  /** Nucleus sampling: sent to every provider (the AI SDK drops it, with a warning, where a model takes none). */
  topP?: number;
  /**
   * vLLM's, llama.cpp's and Ollama's `repetition_penalty` (1 = none): sent only to OpenAI-compatible
   * servers, as an extra body field; OpenAI, Anthropic and Google take none (a warning says so).
   * Part of the cache key either way, as the seed is.
   */
  repetitionPenalty?: number;
  /**
   * The most tokens the answer may take. Every role names one (`DEFAULT_MAX_OUTPUT_TOKENS`): left
   * out, Anthropic's SDK asks for the model's maximum, which counts against rate limits. A model that
   * thinks before answering within the same limit (OpenAI's reasoning models, Gemini 2.5) is sent
   * this plus its thinking allowance (`provider-rules/`).
   */
  maxOutputTokens?: number;
  /** Sent only to providers that accept one (OpenAI's Responses API and Anthropic ignore it with a warning). */
  seed?: number;
  /** Ask for a JSON object following this JSON Schema, the way the client's structured-output mode says. */
  output?: { name: string; schema: Record<string, unknown> };
  /**
   * Functions the model may call natively; their calls come back in `toolCalls`, unexecuted. Not
   * with `output`. An empty list is no tools.
   */
  tools?: ToolSpec[];
  /** Whether the model may, must not or must call a tool (default `auto`); ignored without `tools`. */
  toolChoice?: ToolChoice;
  /** Who asks (a role: `assistant`, `shopper`, …), for the spend ledger; not part of the cache key. */
  tag?: string;
  /** Always ask the provider (a reachability check must not be answered from the cache). */
  noCache?: boolean;
}

/** One call as the client's listeners hear of it: paid (an HTTP response) or served from the cache. */
export interface CallEvent {
  tag?: string;
  model: string;
  response: LlmResponse;
}

export interface LlmResponse {
  text: string;
  /**
   * The native tool calls the model made, in order (empty when the request declared no tools).
   * Always set by `LlmClient.complete` (see `LlmCompletion`); optional here only so that usage
   * records typed as `Omit<LlmResponse, "text">` need not carry it.
   */
  toolCalls?: NativeToolCall[];
  /** All input tokens, cached or not (as providers report them). */
  inputTokens: number;
  outputTokens: number;
  /**
   * Of `inputTokens`, those the provider read from its prompt cache (OpenAI's `cached_tokens`,
   * Anthropic's cache reads, Gemini's cached content); set only when some were.
   */
  cachedInputTokens?: number;
  /** Of `inputTokens`, those written to the provider's prompt cache (Anthropic); set only when some were. */
  cacheWriteTokens?: number;
  costUsd: number;
  /**
   * What the provider's prompt cache saved on this call: the cached tokens at the input price less
   * what they cost (negative when cache writes cost more than they saved); set only with cache tokens.
   */
  cacheSavingUsd?: number;
  cached: boolean;
  /** HTTP attempts made (0 when served from the cache). */
  attempts: number;
  latencyMs: number;
  /**
   * What was changed to make the provider take the request (an image left out, an empty text
   * filled), what the provider said it ignored or changed (also written to stderr once per kind), and
   * an answer its content filter stopped or its output limit cut.
   */
  warnings?: string[];
}

/** A response as `LlmClient.complete` returns it: with its tool calls. */
export type LlmCompletion = LlmResponse & { toolCalls: NativeToolCall[] };
