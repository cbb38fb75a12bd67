import { embedMany } from "ai";
import type { LimitFunction } from "p-limit";
import type { Clock } from "../core/clock.js";
import { hashOf } from "../core/hash.js";
import type { EmbeddingCache } from "./cache.js";
import type { LlmErrorKind, LlmResponse } from "./client.js";
import { parseModelId } from "./model-id.js";
import { costOf, type PriceTable, priceFor } from "./prices.js";
import { embeddingModel, MissingApiKeyError, NoEmbeddingModelsError, providerPool } from "./providers.js";

/** Texts to embed with one embedding model (`openai:text-embedding-3-small`, `openai-compatible:M@URL`, …). */
export interface EmbedRequest {
  model: string;
  texts: readonly string[];
  /** Who asks, for the spend ledger; not part of the cache key. */
  tag?: string;
  /** Always ask the provider. */
  noCache?: boolean;
}

/** Embeddings in the order of the texts, with what they took (texts served from the cache cost nothing). */
export interface EmbedResponse {
  embeddings: Float32Array[];
  inputTokens: number;
  costUsd: number;
  /** True when every text was served from the cache. */
  cached: boolean;
  /** How many texts were served from the cache. */
  cachedTexts: number;
  /** HTTP attempts made (0 when served from the cache). */
  attempts: number;
  latencyMs: number;
}

/** What `embedTexts` borrows from the `LlmClient` that calls it: its cache, limits, retries and listeners. */
export interface EmbedRuntime {
  cache?: EmbeddingCache;
  prices: PriceTable;
  requestTimeoutMs: number;
  callDeadlineMs: number;
  clock: Clock;
  limit(pool: string): LimitFunction;
  countAttempt(): void;
  /** Throws the final `LlmError`, or waits before the next attempt. */
  waitToRetry(model: string, err: unknown, attempt: number, deadline: number): Promise<void>;
  emit(model: string, response: LlmResponse, tag?: string): void;
  /** The client's `LlmError` of a kind. */
  fail(kind: LlmErrorKind, message: string): Error;
}

/** The key one text's embedding is cached under: the model id and the text, nothing else. */
export function embeddingKey(model: string, text: string): string {
  return hashOf({ embedding: model, text });
}

/**
 * Embeds texts through the AI SDK's `embedMany` (which splits a batch the way the provider allows).
 * Each text is cached on its own, so only the distinct texts not seen before are sent, in one call;
 * the call is retried, limited per provider and costed like a completion (input tokens at the
 * model's price), and listeners hear of it as one call (text empty, the tokens paid for).
 */
export async function embedTexts(req: EmbedRequest, rt: EmbedRuntime): Promise<EmbedResponse> {
  let spec: ReturnType<typeof parseModelId>;
  try {
    spec = parseModelId(req.model);
  } catch (err) {
    throw rt.fail("unknown_provider", (err as Error).message);
  }
  const out: (Float32Array | undefined)[] = req.texts.map((text) =>
    req.noCache ? undefined : rt.cache?.get(embeddingKey(req.model, text))?.vector,
  );
  const cachedTexts = out.filter(Boolean).length;
  const missing = [...new Set(req.texts.filter((_, i) => !out[i]))];
  let inputTokens = 0;
  let attempts = 0;
  const started = rt.clock.now();
  if (missing.length) {
    let model: ReturnType<typeof embeddingModel>;
    try {
      model = embeddingModel(spec);
    } catch (err) {
      if (err instanceof MissingApiKeyError) throw rt.fail("missing_key", err.message);
      if (err instanceof NoEmbeddingModelsError) throw rt.fail("unknown_provider", err.message);
      throw err;
    }
    const deadline = rt.clock.now() + rt.callDeadlineMs;
    const result = await rt.limit(providerPool(spec))(async () => {
      for (let attempt = 1; ; attempt++) {
        rt.countAttempt();
        try {
          const r = await embedMany({
            model,
            values: missing,
            maxRetries: 0,
            abortSignal: rt.clock.timeout(
              Math.max(1, Math.ceil(Math.min(rt.requestTimeoutMs, deadline - rt.clock.now()))),
            ),
          });
          return { embeddings: r.embeddings, tokens: r.usage.tokens ?? 0, attempt };
        } catch (err) {
          await rt.waitToRetry(req.model, err, attempt, deadline);
        }
      }
    });
    attempts = result.attempt;
    inputTokens = result.tokens;
    const fresh = new Map<string, Float32Array>();
    missing.forEach((text, i) => {
      const vector = Float32Array.from(result.embeddings[i]!);
      fresh.set(text, vector);
      // A batch's tokens are shared out evenly for the record; only the total is costed.
      if (!req.noCache)
        rt.cache?.set(embeddingKey(req.model, text), vector, Math.round(result.tokens / missing.length));
    });
    req.texts.forEach((text, i) => {
      out[i] ??= fresh.get(text);
    });
  }
  const response: EmbedResponse = {
    embeddings: out as Float32Array[],
    inputTokens,
    costUsd: costOf(priceFor(req.model, rt.prices), inputTokens, 0),
    cached: missing.length === 0,
    cachedTexts,
    attempts,
    latencyMs: missing.length ? rt.clock.now() - started : 0,
  };
  rt.emit(
    req.model,
    {
      text: "",
      inputTokens,
      outputTokens: 0,
      costUsd: response.costUsd,
      cached: response.cached,
      attempts,
      latencyMs: response.latencyMs,
    },
    req.tag,
  );
  return response;
}
