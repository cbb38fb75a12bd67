import { APICallError } from "@ai-sdk/provider";
import { generateText, jsonSchema, type ModelMessage, NoObjectGeneratedError, Output, tool } from "ai";
import pLimit, { type LimitFunction } from "p-limit";
import { SiturecError } from "../core/errors.js";
import { hashOf, sha256 } from "../core/hash.js";
import { ResponseCache } from "./cache.js";
import { parseModelId } from "./model-id.js";
import { costOf, DEFAULT_PRICES, type PriceTable, priceFor } from "./prices.js";
import { languageModel, MissingApiKeyError, providerPool } from "./providers.js";
import { redact } from "./redact.js";

export type ContentPart = { type: "text"; text: string } | { type: "image"; data: Buffer; mediaType: string };

export interface LlmMessage {
  role: "user" | "assistant";
  content: string | ContentPart[];
}

/**
 * How a request for structured output reaches the provider: `json_schema` as the provider's native
 * JSON-schema response format (OpenAI, Gemini, and OpenAI-compatible servers such as vLLM and
 * llama.cpp through `response_format`), `tool` as a forced call of one tool whose input is the
 * schema, `prompt` with the format in the prompt only; `auto` picks per provider (tool for
 * Anthropic, json_schema for the others).
 */
export const StructuredOutputMode = ["auto", "json_schema", "tool", "prompt"] as const;
export type StructuredOutputMode = (typeof StructuredOutputMode)[number];

export interface LlmRequest {
  model: string;
  system?: string;
  messages: LlmMessage[];
  temperature?: number;
  maxOutputTokens?: number;
  /** Sent only to providers that accept one (OpenAI's Responses API and Anthropic ignore it with a warning). */
  seed?: number;
  /** Ask for a JSON object following this JSON Schema, the way the client's structured-output mode says. */
  output?: { name: string; schema: Record<string, unknown> };
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
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  cached: boolean;
  /** HTTP attempts made (0 when served from the cache). */
  attempts: number;
  latencyMs: number;
  /** What the provider said it ignored or changed (also written to stderr once per kind). */
  warnings?: string[];
}

export type LlmErrorKind =
  | "missing_key"
  | "unknown_provider"
  | "unreachable"
  | "timeout"
  | "http"
  | "rate_limited";

/** A model call that failed for good (after retries): its kind, and a message without secrets. */
/** What to do about each kind of failure, for the command line's hint. */
const LLM_ERROR_HINTS: Partial<Record<LlmErrorKind, string>> = {
  missing_key: "`siturec models` shows which keys are set",
  unreachable: "is the server running, and is the URL right?",
  timeout: "the server did not answer in time; raise the timeout (llm.timeoutMs, or --timeout for ping)",
  rate_limited: "the provider is rate limiting; lower llm.concurrency or try again later",
};

export class LlmError extends SiturecError {
  override readonly name = "LlmError";
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(redact(message), LLM_ERROR_HINTS[kind] ? { hint: LLM_ERROR_HINTS[kind] } : {});
  }
}

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
}

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

// Provider warnings (an unsupported setting, a schema feature dropped) go to stderr, once per kind:
// the AI SDK's default logger writes to stdout, where they would break `--progress=jsonl`.
const warned = new Set<string>();
function warningText(w: { type: string; feature?: string; details?: string; message?: string }): string {
  return w.type === "other"
    ? (w.message ?? "warning")
    : `${w.type}: ${w.feature ?? ""}${w.details ? ` (${w.details})` : ""}`;
}
(globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = (options: {
  warnings: { type: string; feature?: string; details?: string; message?: string }[];
  provider: string;
  model: string;
}) => {
  for (const w of options.warnings) {
    const line = `siturec: ${options.provider} ${options.model}: ${warningText(w)}`;
    if (warned.has(line)) continue;
    warned.add(line);
    process.stderr.write(`${line}\n`);
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date in `retry-after`, or milliseconds in `retry-after-ms`. */
export function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const ms = Number(lower["retry-after-ms"]);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = lower["retry-after"];
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function toModelMessages(messages: LlmMessage[]): ModelMessage[] {
  return messages.map((m): ModelMessage => {
    if (typeof m.content === "string")
      return m.role === "user"
        ? { role: "user", content: m.content }
        : { role: "assistant", content: m.content };
    if (m.role === "assistant") {
      return {
        role: "assistant",
        content: m.content.map((p) => (p.type === "text" ? p.text : "[image]")).join("\n"),
      };
    }
    return {
      role: "user",
      content: m.content.map((p) =>
        p.type === "text"
          ? { type: "text" as const, text: p.text }
          : { type: "image" as const, image: p.data, mediaType: p.mediaType },
      ),
    };
  });
}

/** The request as the cache keys it: images by their content hash. */
function cacheView({ tag: _, noCache: __, ...req }: LlmRequest): unknown {
  return {
    ...req,
    messages: req.messages.map((m) => ({
      role: m.role,
      content:
        typeof m.content === "string"
          ? m.content
          : m.content.map((p) =>
              p.type === "text"
                ? p
                : {
                    type: "image",
                    mediaType: p.mediaType,
                    sha256: sha256(p.data),
                  },
            ),
    })),
  };
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
  private readonly cache?: ResponseCache;
  private readonly limits = new Map<string, LimitFunction>();
  private readonly opts: Required<Omit<LlmClientOptions, "cacheDir" | "noCache" | "prices">>;
  /** HTTP attempts made by this client (cache hits make none). */
  httpAttempts = 0;

  constructor(options: LlmClientOptions = {}) {
    this.prices = { ...DEFAULT_PRICES, ...(options.prices ?? {}) };
    if (options.cacheDir && !options.noCache) this.cache = new ResponseCache(options.cacheDir);
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

  async complete(req: LlmRequest): Promise<LlmResponse> {
    let spec: ReturnType<typeof parseModelId>;
    try {
      spec = parseModelId(req.model);
    } catch (err) {
      throw new LlmError("unknown_provider", (err as Error).message);
    }
    const price = priceFor(req.model, this.prices);
    const mode = req.output ? structuredModeFor(spec.provider, this.opts.structuredOutput) : undefined;
    const key = hashOf(mode ? { ...(cacheView(req) as object), structuredOutput: mode } : cacheView(req));
    const hit = req.noCache ? undefined : this.cache?.get(key);
    if (hit) {
      // Served from the cache: nothing was paid for it.
      const response: LlmResponse = { ...hit, costUsd: 0, cached: true, attempts: 0, latencyMs: 0 };
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
    const started = performance.now();
    const result = await this.limitFor(providerPool(spec))(() =>
      this.withRetries(req, model, spec.provider, mode ?? "prompt"),
    );
    const response: LlmResponse = {
      ...result,
      costUsd: costOf(price, result.inputTokens, result.outputTokens),
      cached: false,
      latencyMs: performance.now() - started,
    };
    if (!req.noCache)
      this.cache?.set(key, {
        text: response.text,
        inputTokens: response.inputTokens,
        outputTokens: response.outputTokens,
      });
    this.emit(req, response);
    return response;
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
  ): Promise<{
    text: string;
    inputTokens: number;
    outputTokens: number;
    attempts: number;
    warnings?: string[];
  }> {
    const schema = req.output && mode !== "prompt" ? jsonSchema(req.output.schema) : undefined;
    const deadline = performance.now() + this.opts.callDeadlineMs;
    const maxAttempts = this.opts.maxRetries + 1;
    for (let attempt = 1; ; attempt++) {
      this.httpAttempts++;
      const left = deadline - performance.now();
      try {
        const r = await generateText({
          model,
          ...(req.system ? { system: req.system } : {}),
          messages: toModelMessages(req.messages),
          maxRetries: 0,
          abortSignal: AbortSignal.timeout(
            Math.max(1, Math.ceil(Math.min(this.opts.requestTimeoutMs, left))),
          ),
          ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
          ...(req.maxOutputTokens !== undefined ? { maxOutputTokens: req.maxOutputTokens } : {}),
          ...(req.seed !== undefined && SEEDED.has(provider) ? { seed: req.seed } : {}),
          ...(schema && mode === "json_schema"
            ? { output: Output.object({ schema, name: req.output!.name }) }
            : {}),
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
          providerOptions: {
            openai: { strictJsonSchema: false },
            openaiCompatible: { strictJsonSchema: false },
          },
        });
        const called = r.toolCalls[0]?.input;
        return {
          text: mode === "tool" && called !== undefined ? JSON.stringify(called) : r.text,
          inputTokens: r.usage.inputTokens ?? 0,
          outputTokens: r.usage.outputTokens ?? 0,
          attempts: attempt,
          ...(r.warnings?.length ? { warnings: r.warnings.map(warningText) } : {}),
        };
      } catch (err) {
        // Not JSON at all: our own validation reports it (and asks for a repair), as with any reply.
        if (NoObjectGeneratedError.isInstance(err))
          return {
            text: err.text ?? "",
            inputTokens: err.usage?.inputTokens ?? 0,
            outputTokens: err.usage?.outputTokens ?? 0,
            attempts: attempt,
          };
        const failure = classify(err);
        const tries = `${attempt} attempt${attempt === 1 ? "" : "s"}`;
        if (!failure.retry || attempt >= maxAttempts) {
          throw new LlmError(
            failure.kind,
            `${req.model}: ${failure.message} (after ${tries})`,
            failure.status,
          );
        }
        const backoff =
          Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** (attempt - 1)) * Math.random();
        const wait =
          failure.waitMs !== undefined
            ? Math.min(this.opts.maxDelayMs, failure.waitMs) * (1 + 0.1 * Math.random())
            : backoff;
        if (performance.now() + wait >= deadline) {
          throw new LlmError(
            "timeout",
            `${req.model}: no answer within the call's deadline of ${Math.round(this.opts.callDeadlineMs / 1000)} s (${tries}; last: ${failure.message})`,
            failure.status,
          );
        }
        for (const listener of this.retryListeners)
          listener({ model: req.model, attempt, maxAttempts, reason: failure.message, waitMs: wait });
        await sleep(wait);
      }
    }
  }
}

function classify(err: unknown): {
  kind: LlmErrorKind;
  message: string;
  retry: boolean;
  status?: number;
  waitMs?: number;
} {
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    const wait = retryAfterMs(err.responseHeaders);
    if (status === 429)
      return {
        kind: "rate_limited",
        message: `rate limited (429)`,
        retry: true,
        status,
        ...(wait !== undefined ? { waitMs: wait } : {}),
      };
    if (status !== undefined && status >= 500) {
      return {
        kind: "http",
        message: `server error ${status}`,
        retry: true,
        status,
        ...(wait !== undefined ? { waitMs: wait } : {}),
      };
    }
    // A 2xx whose body cannot be read (truncated or garbled JSON) is a transient fault: try again.
    if (status !== undefined && status < 300)
      return { kind: "http", message: `unreadable response body: ${err.message}`, retry: true, status };
    if (status !== undefined)
      return { kind: "http", message: `HTTP ${status}: ${err.message}`, retry: false, status };
    const cause = (err.cause as { code?: string } | undefined)?.code;
    // A connection the server closed or reset is transient (the AI SDK words it "Cannot connect to
    // API: other side closed"): retried, not taken for an unreachable host.
    if (
      cause === "ECONNRESET" ||
      cause === "UND_ERR_SOCKET" ||
      /other side closed|socket hang up|ECONNRESET|terminated/i.test(
        `${err.message} ${String(err.cause ?? "")}`,
      )
    )
      return { kind: "http", message: `connection reset (${cause ?? "closed by the server"})`, retry: true };
    if (
      cause === "ECONNREFUSED" ||
      cause === "ENOTFOUND" ||
      /cannot connect to api|fetch failed|ECONNREFUSED|ENOTFOUND/i.test(err.message)
    ) {
      return {
        kind: "unreachable",
        message: `cannot reach ${err.url}: ${cause ?? err.message}`,
        retry: false,
      };
    }
    return { kind: "http", message: err.message, retry: err.isRetryable };
  }
  const e = err as Error & { cause?: { code?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError")
    return { kind: "timeout", message: "request timed out", retry: true };
  const code = e?.cause?.code;
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return { kind: "unreachable", message: `cannot reach the server (${code})`, retry: false };
  }
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET")
    return { kind: "http", message: `connection reset (${code})`, retry: true };
  return { kind: "http", message: e?.message ?? String(err), retry: false };
}
