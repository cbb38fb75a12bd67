import type { LanguageModelV3, LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import {
  generateText,
  jsonSchema,
  NoObjectGeneratedError,
  Output,
  ToolChoiceViolationError,
  tool,
  wrapLanguageModel,
} from "ai";
import pLimit, { type LimitFunction } from "p-limit";
import { type Clock, realClock } from "../core/clock.js";
import { hashOf } from "../core/hash.js";
import { EmbeddingCache, ResponseCache } from "./cache.js";
import { type EmbedRequest, type EmbedResponse, embedTexts } from "./embed.js";
import { classifyFailure } from "./failures.js";
import { finishWarnings } from "./finish-warnings.js";
import { LlmError } from "./llm-error.js";
import type { CallEvent, LlmCompletion, LlmRequest, LlmResponse } from "./llm-request.js";
import { messageView, toModelMessages } from "./messages.js";
import { parseModelId } from "./model-id.js";
import { cacheSavingOf, costOf, DEFAULT_PRICES, type PriceTable, priceFor } from "./prices.js";
import { cacheTokensOf, cacheTokensOfRaw, promptCacheOptions } from "./prompt-cache.js";
import { cacheBreakpoint, prepareRequest } from "./provider-rules/provider-rules.js";
import { languageModel, MissingApiKeyError, providerPool } from "./providers.js";
import { ResponseCaches, type SharedLimit, type SharedResponseCache } from "./response-caches.js";
import { ignoredPenalty, providerOptionsOf } from "./sampling-options.js";
import {
  checkToolSpecs,
  type NativeToolCall,
  nativeToolCallOf,
  toolSetOf,
  toolsView,
  violatingAnswer,
} from "./tools.js";
import { warningText } from "./warnings.js";

export type { EmbedRequest, EmbedResponse } from "./embed.js";
export { retryAfterMs } from "./failures.js";
export type { CallEvent, LlmCompletion, LlmRequest, LlmResponse } from "./llm-request.js";
export type {
  AssistantMessage,
  ContentPart,
  LlmMessage,
  ToolResultMessage,
  UserMessage,
} from "./messages.js";

/**
 * How a request for structured output reaches the provider: `json_schema` as the provider's native
 * JSON-schema response format (OpenAI, Gemini, and OpenAI-compatible servers such as vLLM and
 * llama.cpp through `response_format`), `tool` as a forced call of one tool whose input is the
 * schema, `prompt` with the format in the prompt only; `auto` picks per provider (tool for
 * Anthropic, json_schema for the others).
 */
export const StructuredOutputMode = ["auto", "json_schema", "tool", "prompt"] as const;
export type StructuredOutputMode = (typeof StructuredOutputMode)[number];

export { LlmError, type LlmErrorKind } from "./llm-error.js";

export interface LlmClientOptions {
  /** Where responses are cached; undefined: no cache. */
  cacheDir?: string;
  /** Neither read nor write the cache. */
  noCache?: boolean;
  requestTimeoutMs?: number;
  maxRetries?: number;
  /** First backoff step; each retry doubles it (full jitter), capped at `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Concurrent requests per provider, shared by every episode that uses this client. */
  concurrency?: number;
  prices?: PriceTable;
  /** How requests with an `output` schema ask for it (default `auto`). */
  structuredOutput?: StructuredOutputMode;
  /** The most one call may take, all attempts and waits together (default 5 minutes). */
  callDeadlineMs?: number;
  /** The time that request timeouts, backoff and deadlines are measured in (default: the real clock). */
  clock?: Clock;
  /**
   * A response cache that other processes share (e.g. Redis for queue workers): read when the local
   * cache misses, written with it; a rerun on any worker then makes no HTTP request.
   */
  sharedCache?: SharedResponseCache;
  /**
   * A concurrency limit per provider pool that holds across processes (queue workers), taken after
   * this client's own limit for every call (its retries and waits included).
   */
  sharedLimit?: SharedLimit;
}

export type { SharedLimit, SharedResponseCache } from "./response-caches.js";

/** A failed attempt about to be retried, for logs and progress lines. */
export interface RetryEvent {
  model: string;
  /** The attempt that failed (1-based) and how many may be made. */
  attempt: number;
  maxAttempts: number;
  reason: string;
  waitMs: number;
}

/** Providers that take a sampling seed. */
const SEEDED = new Set<string>(["openai-compatible", "google"]);

/** The mode `auto` resolves to for a provider. */
export function structuredModeFor(
  provider: string,
  mode: StructuredOutputMode,
): Exclude<StructuredOutputMode, "auto"> {
  if (mode !== "auto") return mode;
  return provider === "anthropic" ? "tool" : "json_schema";
}

/**
 * The request as the cache keys it: everything sent (images by their content hash), not who asks.
 * Tools and the tool choice are keyed only when tools are declared, so the key of a request without
 * tools is what it was before tools existed (cached and recorded runs depend on it).
 */
function cacheView({ tag: _, noCache: __, tools, toolChoice, ...req }: LlmRequest): unknown {
  const view = { ...req, messages: req.messages.map(messageView) };
  return tools?.length ? { ...view, tools: toolsView(tools), toolChoice: toolChoice ?? "auto" } : view;
}

/**
 * Model calls through the Vercel AI SDK with what a benchmark needs around them: a response cache,
 * retries with exponential backoff and jitter that honour `retry-after` (on 429, 5xx and timeouts),
 * a request timeout, a concurrency limit per provider shared across episodes, and token and cost
 * accounting. Written here rather than with the SDK's own retries because every attempt has to be
 * counted and every wait has to respect the shared limit.
 */
export class LlmClient {
  readonly prices: PriceTable;
  private readonly cache: ResponseCaches;
  private readonly embeddingCache?: EmbeddingCache;
  private readonly limits = new Map<string, LimitFunction>();
  private readonly opts: Required<
    Omit<LlmClientOptions, "cacheDir" | "noCache" | "prices" | "sharedCache" | "sharedLimit" | "clock">
  >;
  private readonly sharedLimit?: SharedLimit;
  private readonly clock: Clock;
  /** HTTP attempts made by this client (cache hits make none). */
  httpAttempts = 0;

  constructor(options: LlmClientOptions = {}) {
    this.prices = { ...DEFAULT_PRICES, ...(options.prices ?? {}) };
    if (options.cacheDir && !options.noCache) this.embeddingCache = new EmbeddingCache(options.cacheDir);
    this.cache = new ResponseCaches(
      options.cacheDir && !options.noCache ? new ResponseCache(options.cacheDir) : undefined,
      options.noCache ? undefined : options.sharedCache,
    );
    if (options.sharedLimit) this.sharedLimit = options.sharedLimit;
    this.clock = options.clock ?? realClock;
    this.opts = {
      requestTimeoutMs: options.requestTimeoutMs ?? 120_000,
      maxRetries: options.maxRetries ?? 4,
      baseDelayMs: options.baseDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 60_000,
      concurrency: options.concurrency ?? 4,
      structuredOutput: options.structuredOutput ?? "auto",
      callDeadlineMs: options.callDeadlineMs ?? 300_000,
    };
  }

  private limitFor(pool: string): LimitFunction {
    let limit = this.limits.get(pool);
    if (!limit) {
      limit = pLimit(this.opts.concurrency);
      this.limits.set(pool, limit);
    }
    return limit;
  }

  /** The structured-output mode a request resolves to on this client (undefined without `output`). */
  private modeFor(req: LlmRequest, provider: string): Exclude<StructuredOutputMode, "auto"> | undefined {
    return req.output ? structuredModeFor(provider, this.opts.structuredOutput) : undefined;
  }

  /**
   * The key this client caches a request's response under: a SHA-256 of the request as sent (after
   * the provider's rules, `prepareRequest`), without `tag`.
   */
  cacheKey(req: LlmRequest): string {
    let spec: ReturnType<typeof parseModelId>;
    try {
      spec = parseModelId(req.model);
    } catch (err) {
      throw new LlmError("unknown_provider", (err as Error).message);
    }
    return this.keyOf(prepareRequest(req, spec).request, spec.provider);
  }

  /** The cache key of a request already prepared for its provider. */
  private keyOf(sent: LlmRequest, provider: string): string {
    const mode = this.modeFor(sent, provider);
    return hashOf(mode ? { ...(cacheView(sent) as object), structuredOutput: mode } : cacheView(sent));
  }

  async complete(req: LlmRequest): Promise<LlmCompletion> {
    let spec: ReturnType<typeof parseModelId>;
    try {
      spec = parseModelId(req.model);
    } catch (err) {
      throw new LlmError("unknown_provider", (err as Error).message);
    }
    if (req.output && req.tools?.length)
      throw new TypeError(`${req.model}: a request may declare tools or ask for structured output, not both`);
    if (req.tools) checkToolSpecs(req.tools);
    const price = priceFor(req.model, this.prices);
    const prepared = prepareRequest(req, spec);
    const sent = prepared.request;
    const mode = this.modeFor(sent, spec.provider);
    const key = this.keyOf(sent, spec.provider);
    const hit = req.noCache ? undefined : await this.cache.get(key);
    if (hit) {
      // Served from the cache: nothing was paid for it.
      const response: LlmCompletion = {
        ...hit,
        toolCalls: hit.toolCalls ?? [],
        costUsd: 0,
        cached: true,
        attempts: 0,
        latencyMs: 0,
      };
      // The warnings of the call that fetched it, so a rerun from the cache records what a fresh one did.
      const warnings = hit.warnings ?? prepared.warnings;
      if (warnings.length) response.warnings = warnings;
      else delete response.warnings;
      this.emit(req, response);
      return response;
    }
    let model: ReturnType<typeof languageModel>;
    try {
      model = languageModel(spec);
    } catch (err) {
      if (err instanceof MissingApiKeyError) throw new LlmError("missing_key", err.message);
      throw err;
    }
    const started = this.clock.now();
    const pool = providerPool(spec);
    const breakpoint = cacheBreakpoint(sent, spec);
    const call = () => this.withRetries(sent, model, spec.provider, mode ?? "prompt", breakpoint);
    const shared = this.sharedLimit;
    const result = await this.limitFor(pool)(() => (shared ? shared(pool, call) : call()));
    const saving = cacheSavingOf(price, result);
    const warnings = [
      ...prepared.warnings,
      ...ignoredPenalty(req, spec.provider),
      ...(result.warnings ?? []),
    ];
    const response: LlmCompletion = {
      ...result,
      ...(warnings.length ? { warnings } : {}),
      costUsd: costOf(price, result),
      ...(result.cachedInputTokens || result.cacheWriteTokens ? { cacheSavingUsd: saving } : {}),
      cached: false,
      latencyMs: this.clock.now() - started,
    };
    if (!req.noCache)
      await this.cache.set(key, {
        text: response.text,
        inputTokens: response.inputTokens,
        outputTokens: response.outputTokens,
        ...(response.cachedInputTokens ? { cachedInputTokens: response.cachedInputTokens } : {}),
        ...(response.cacheWriteTokens ? { cacheWriteTokens: response.cacheWriteTokens } : {}),
        ...(req.tools?.length ? { toolCalls: response.toolCalls } : {}),
        ...(response.warnings ? { warnings: response.warnings } : {}),
      });
    this.emit(req, response);
    return response;
  }

  /**
   * Embeds texts with an embedding model (`embedMany`), each text cached on its own by content, only
   * the texts not seen before sent; retried, limited and costed like `complete` (see `embedTexts`).
   */
  embed(req: EmbedRequest): Promise<EmbedResponse> {
    return embedTexts(req, {
      ...(this.embeddingCache ? { cache: this.embeddingCache } : {}),
      prices: this.prices,
      requestTimeoutMs: this.opts.requestTimeoutMs,
      callDeadlineMs: this.opts.callDeadlineMs,
      clock: this.clock,
      limit: (pool) => this.limitFor(pool),
      countAttempt: () => this.httpAttempts++,
      waitToRetry: (model, err, attempt, deadline) => this.waitToRetry(model, err, attempt, deadline),
      fail: (kind, message) => new LlmError(kind, message),
      emit: (model, response, tag) =>
        this.emit({ model, messages: [], ...(tag !== undefined ? { tag } : {}) }, response),
    });
  }

  /**
   * After a failed attempt: throws the final `LlmError` when the failure is not retryable, the
   * attempts are used up or the deadline would pass; otherwise tells the retry listeners and waits
   * (exponential backoff with full jitter, or what `retry-after` asked for).
   */
  private async waitToRetry(model: string, err: unknown, attempt: number, deadline: number): Promise<void> {
    const maxAttempts = this.opts.maxRetries + 1;
    const failure = classifyFailure(err);
    const tries = `${attempt} attempt${attempt === 1 ? "" : "s"}`;
    if (!failure.retry || attempt >= maxAttempts) {
      throw new LlmError(failure.kind, `${model}: ${failure.message} (after ${tries})`, failure.status);
    }
    const backoff =
      Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** (attempt - 1)) * Math.random();
    const wait =
      failure.waitMs !== undefined
        ? Math.min(this.opts.maxDelayMs, failure.waitMs) * (1 + 0.1 * Math.random())
        : backoff;
    if (this.clock.now() + wait >= deadline) {
      throw new LlmError(
        "timeout",
        `${model}: no answer within the call's deadline of ${Math.round(this.opts.callDeadlineMs / 1000)} s (${tries}; last: ${failure.message})`,
        failure.status,
      );
    }
    for (const listener of this.retryListeners)
      listener({ model, attempt, maxAttempts, reason: failure.message, waitMs: wait });
    await this.clock.sleep(wait);
  }

  private readonly listeners = new Set<(call: CallEvent) => void>();
  private readonly retryListeners = new Set<(retry: RetryEvent) => void>();

  /** Hears of every failed attempt that is about to be retried; returns the unsubscriber. */
  onRetry(listener: (retry: RetryEvent) => void): () => void {
    this.retryListeners.add(listener);
    return () => this.retryListeners.delete(listener);
  }

  /** Hears of every completed call, whatever becomes of the turn that made it; returns the unsubscriber. */
  onCall(listener: (call: CallEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(req: LlmRequest, response: LlmResponse): void {
    for (const listener of this.listeners)
      listener({ ...(req.tag !== undefined ? { tag: req.tag } : {}), model: req.model, response });
  }

  private async withRetries(
    req: LlmRequest,
    model: ReturnType<typeof languageModel>,
    provider: string,
    mode: Exclude<StructuredOutputMode, "auto">,
    breakpoint: boolean,
  ): Promise<{
    text: string;
    toolCalls: NativeToolCall[];
    inputTokens: number;
    outputTokens: number;
    cachedInputTokens?: number;
    cacheWriteTokens?: number;
    attempts: number;
    warnings?: string[];
  }> {
    const schema = req.output && mode !== "prompt" ? jsonSchema(req.output.schema) : undefined;
    const tools = req.tools?.length ? toolSetOf(req.tools) : undefined;
    // With tools (the structured-output tool too), the provider's raw answer is kept: the SDK throws
    // when a model breaks the tool choice (an empty answer, a refusal), and that answer (and what it
    // cost) is still the call's.
    let raw: LanguageModelV3GenerateResult | undefined;
    const forced = schema && mode === "tool";
    const sent =
      (tools || forced) && typeof model !== "string" && model.specificationVersion === "v3"
        ? wrapLanguageModel({
            model: model as LanguageModelV3,
            middleware: {
              specificationVersion: "v3",
              wrapGenerate: async ({ doGenerate }) => {
                raw = await doGenerate();
                return raw;
              },
            },
          })
        : model;
    const deadline = this.clock.now() + this.opts.callDeadlineMs;
    for (let attempt = 1; ; attempt++) {
      this.httpAttempts++;
      const left = deadline - this.clock.now();
      try {
        raw = undefined;
        const r = await generateText({
          model: sent,
          ...promptCacheOptions(provider, req.system, toModelMessages(req.messages), breakpoint),
          maxRetries: 0,
          abortSignal: this.clock.timeout(Math.max(1, Math.ceil(Math.min(this.opts.requestTimeoutMs, left)))),
          ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
          ...(req.topP !== undefined ? { topP: req.topP } : {}),
          ...(req.maxOutputTokens !== undefined ? { maxOutputTokens: req.maxOutputTokens } : {}),
          ...(req.seed !== undefined && SEEDED.has(provider) ? { seed: req.seed } : {}),
          ...(schema && mode === "json_schema"
            ? { output: Output.object({ schema, name: req.output!.name }) }
            : {}),
          ...(tools ? { tools, toolChoice: req.toolChoice ?? "auto" } : {}),
          ...(schema && mode === "tool"
            ? {
                tools: {
                  [req.output!.name]: tool({ description: "Your reply for this turn.", inputSchema: schema }),
                },
                toolChoice: { type: "tool" as const, toolName: req.output!.name },
              }
            : {}),
          // Our schemas hold free-form maps (a tool call's arguments), which strict mode refuses;
          // validation happens here, leniently where the protocol allows it.
          providerOptions: providerOptionsOf(req, provider),
        });
        const called = r.toolCalls[0]?.input;
        const warned = [...(r.warnings ?? []).map(warningText), ...finishWarnings(r.finishReason, req)];
        return {
          text: mode === "tool" && called !== undefined ? JSON.stringify(called) : r.text,
          // The forced call of a structured-output tool is the output, not a tool call.
          toolCalls: tools ? r.toolCalls.map(nativeToolCallOf) : [],
          inputTokens: r.usage.inputTokens ?? 0,
          outputTokens: r.usage.outputTokens ?? 0,
          ...cacheTokensOf(r.usage),
          attempts: attempt,
          ...(warned.length ? { warnings: warned } : {}),
        };
      } catch (err) {
        // Not JSON at all: our own validation reports it (and asks for a repair), as with any reply.
        if (NoObjectGeneratedError.isInstance(err)) {
          const warned = finishWarnings(err.finishReason, req);
          return {
            text: err.text ?? "",
            toolCalls: [],
            inputTokens: err.usage?.inputTokens ?? 0,
            outputTokens: err.usage?.outputTokens ?? 0,
            ...cacheTokensOf(err.usage),
            attempts: attempt,
            ...(warned.length ? { warnings: warned } : {}),
          };
        }
        // A model that calls a tool under `none`, or none under `required`, is answered as it
        // answered: its text, and its calls each marked as made against the tool choice.
        // A model that does not call the structured-output tool (it answered nothing, or text, or
        // its provider refused) is answered with its text: validation asks for a repair.
        if ((tools || forced) && raw && ToolChoiceViolationError.isInstance(err)) {
          const answer = violatingAnswer(raw, req.toolChoice ?? "auto");
          const warned = [...(raw.warnings ?? []).map(warningText), ...finishWarnings(err.finishReason, req)];
          return {
            ...answer,
            ...(forced ? { toolCalls: [] } : {}),
            ...cacheTokensOfRaw(raw.usage),
            attempts: attempt,
            ...(warned.length ? { warnings: warned } : {}),
          };
        }
        await this.waitToRetry(req.model, err, attempt, deadline);
      }
    }
  }
}
