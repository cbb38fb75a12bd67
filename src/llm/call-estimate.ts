import type { LlmRequest } from "./client.js";
import { parseModelId } from "./model-id.js";
import { costOf, DEFAULT_PRICES, type Price, type PriceTable, priceFor } from "./prices.js";
import { cacheMinimumFor } from "./provider-rules/provider-rules.js";
import { requestTokens } from "./token-count.js";

/**
 * Output tokens a call is expected to produce, per role tag (no request says how long its answer
 * will be): about the size of a typical reply of the role, JSON included.
 */
export const EXPECTED_OUTPUT_TOKENS: Record<string, number> = {
  assistant: 300,
  shopper: 150,
  moderator: 40,
  judge: 250,
  sales: 250,
};

/**
 * Tokens of a typical utterance per role, as the dialogue history repeats it every later turn: about
 * the length of the paper's example turns (D.5: an assistant's two sentences, a shopper's one).
 */
export const EXPECTED_UTTERANCE_TOKENS: Record<string, number> = { assistant: 45, shopper: 25 };

/** The share of a request's constant prefix a provider's cache is expected to serve after its first call. */
export const DEFAULT_CACHE_HIT_RATE = 0.9;

/** How estimates count tokens (printed with every estimate). */
export const COUNTING_METHOD =
  "text: o200k_base BPE (gpt-tokenizer), × 1.2 for Anthropic and × 1.1 for Gemini (their tokenizers' measured excess over it); images by each provider's published rule";

/**
 * How a role's requests grow within an episode: call t carries t more dialogue entries than the
 * first, and min(t, cap) more earlier views.
 */
export interface Growth {
  /** Tokens one earlier turn adds (its dialogue entry). */
  perTurn: number;
  /** Tokens one earlier view adds (the image and its label). */
  perView: number;
  /** Earlier views a request carries at most (`history.images`). */
  viewCap: number | "all";
}

/** The input tokens of an episode's `calls` calls of a role whose first call carries `first`. */
export function episodeInput(first: number, calls: number, growth?: Growth): number {
  let total = 0;
  for (let t = 0; t < calls; t++) {
    const views = growth ? Math.min(t, growth.viewCap === "all" ? t : growth.viewCap) : 0;
    total += first + (growth ? t * growth.perTurn + views * growth.perView : 0);
  }
  return Math.round(total);
}

/** Low and high bounds. */
export interface Range {
  low: number;
  high: number;
}

/** What one role's model is expected to take over a whole job (a run, a judging pass). */
export interface RoleEstimate {
  role: string;
  model: string;
  /** Calls (repair requests not counted). */
  calls: Range;
  /** Input tokens of the sampled requests, mean per call: the constant prefix and all. */
  firstTurnInputTokens: number;
  /** How later calls of an episode grow (absent: every call like the sampled ones). */
  growth?: Growth;
  /** Of those, the constant prefix (system prompt, schema, tools) a provider's cache can serve. */
  prefixTokens: number;
  /** Of those, images (by the provider's image-token rule). */
  imageTokens: number;
  inputTokens: Range;
  uncachedInputTokens: Range;
  cachedInputTokens: Range;
  /** Anthropic: the prefix written to the cache (about once per 5-minute window). */
  cacheWriteTokens: Range;
  outputTokens: Range;
  costUsd: Range;
  /** The same calls with no prompt caching. */
  costWithoutCacheUsd: Range;
  /** False when the model has no price (costed at 0). */
  priced: boolean;
}

export interface CallEstimateInput {
  role: string;
  /** Sampled requests of this role and model (at least one). */
  requests: readonly LlmRequest[];
  calls: Range;
  /**
   * Calls of each episode, low and high (summing to `calls`): with `growth`, each episode's calls
   * grow by `episodeInput`.
   */
  episodes?: { low: readonly number[]; high: readonly number[] };
  growth?: Growth;
  /** Tokens each sampled request carries, when not `requestTokens`'s total (e.g. answers made typical). */
  tokensOf?: (req: LlmRequest) => number;
  /** Anthropic cache writes expected (e.g. one per episode); other providers miss once. */
  cacheWrites: number;
  hitRate: number;
  prices: PriceTable;
}

/**
 * Costs `calls` requests like the sampled ones: mean tokens per request, the constant prefix served
 * by the provider's cache at `hitRate` after its first use (only a prefix of at least the model's
 * cache minimum: `cacheMinimumFor`, e.g. 1,024 tokens for OpenAI and Claude Sonnet 4.5, 4,096 for
 * Claude Haiku 4.5, 2,048 for Gemini 2.5; none for a model whose provider caches none), and the role's
 * expected output.
 */
export function estimateCalls(input: CallEstimateInput): RoleEstimate {
  const { role, requests, calls, hitRate } = input;
  const model = requests[0]!.model;
  const counted = requests.map((r) => {
    const t = requestTokens(r);
    return { ...t, total: input.tokensOf?.(r) ?? t.total };
  });
  const mean = (f: (t: (typeof counted)[number]) => number) =>
    Math.round(counted.reduce((s, t) => s + f(t), 0) / counted.length);
  const perCall = mean((t) => t.total);
  const prefix = mean((t) => t.prefix);
  const images = mean((t) => t.images);
  const price: Price | undefined = priceFor(model, { ...DEFAULT_PRICES, ...input.prices });
  const anthropic = model.startsWith("anthropic:");
  const out = EXPECTED_OUTPUT_TOKENS[role] ?? 200;
  const minimum = cacheMinimumFor(parseModelId(model));
  const cacheable = minimum !== undefined && prefix >= minimum ? prefix : 0;
  const at = (n: number, episodes: readonly number[] | undefined) => {
    const inputTokens = episodes
      ? episodes.reduce((sum, calls) => sum + episodeInput(perCall, calls, input.growth), 0)
      : n * perCall;
    const misses = anthropic ? Math.min(n, input.cacheWrites) : Math.min(n, 1);
    const cached = Math.round((n - misses) * cacheable * hitRate);
    const writes = anthropic ? misses * cacheable : 0;
    const outputTokens = n * out;
    return {
      inputTokens,
      cached,
      writes,
      uncached: inputTokens - cached - writes,
      outputTokens,
      cost: costOf(price, { inputTokens, cachedInputTokens: cached, cacheWriteTokens: writes, outputTokens }),
      plain: costOf(price, { inputTokens, outputTokens }),
    };
  };
  const lo = at(calls.low, input.episodes?.low);
  const hi = at(calls.high, input.episodes?.high);
  return {
    role,
    model,
    calls: { ...calls },
    firstTurnInputTokens: perCall,
    ...(input.growth ? { growth: input.growth } : {}),
    prefixTokens: prefix,
    imageTokens: images,
    inputTokens: { low: lo.inputTokens, high: hi.inputTokens },
    uncachedInputTokens: { low: lo.uncached, high: hi.uncached },
    cachedInputTokens: { low: lo.cached, high: hi.cached },
    cacheWriteTokens: { low: lo.writes, high: hi.writes },
    outputTokens: { low: lo.outputTokens, high: hi.outputTokens },
    costUsd: { low: lo.cost, high: hi.cost },
    costWithoutCacheUsd: { low: lo.plain, high: hi.plain },
    priced: price !== undefined,
  };
}

/** The requests grouped by role tag and model, in first-seen order. */
export function byRoleAndModel(requests: readonly LlmRequest[]): { role: string; requests: LlmRequest[] }[] {
  const groups = new Map<string, { role: string; requests: LlmRequest[] }>();
  for (const r of requests) {
    const key = `${r.tag ?? "other"}\u0000${r.model}`;
    const g = groups.get(key) ?? { role: r.tag ?? "other", requests: [] };
    g.requests.push(r);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** The sum of the roles' ranges. */
export function sumRanges(roles: readonly RoleEstimate[], f: (r: RoleEstimate) => Range): Range {
  return {
    low: roles.reduce((s, r) => s + f(r).low, 0),
    high: roles.reduce((s, r) => s + f(r).high, 0),
  };
}
