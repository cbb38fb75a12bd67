import { ASSISTANT_FALLBACK } from "../agents/llm/llm-assistant.js";
import { SHOPPER_FALLBACK } from "../agents/llm/llm-shopper.js";
import { builtinPrompts, type PromptSet } from "../agents/prompts/prompt-set.js";
import type { RoleRegistry } from "../agents/role-registry.js";
import type { Task } from "../core/task.js";
import { runEpisode } from "../episode/run-episode.js";
import { LlmClient, type LlmCompletion, type LlmRequest } from "../llm/client.js";
import { costOf, DEFAULT_PRICES, type Price, type PriceTable, priceFor } from "../llm/prices.js";
import { requestTokens } from "../llm/token-count.js";
import type { RenderService } from "../render/render-service.js";
import { openRunStore } from "../storage/open-run-store.js";
import { hashOnlyImages } from "../trajectory/image-sink.js";
import { World } from "../world/world.js";
import { agentIds, buildPolicies, type CustomRoles, loadKnowledge, startRenderPool } from "./build.js";
import { selectEpisodes } from "./plan.js";
import { runHeader } from "./run-benchmark.js";
import type { RunConfig } from "./run-config.js";

/**
 * Output tokens a call is expected to produce, per role (no request says how long its answer will
 * be): about the size of a typical structured reply of the role, JSON included.
 */
export const EXPECTED_OUTPUT_TOKENS: Record<string, number> = {
  assistant: 300,
  shopper: 150,
  moderator: 40,
  judge: 250,
};

/** The share of a request's constant prefix a provider's cache is expected to serve after its first call. */
export const DEFAULT_CACHE_HIT_RATE = 0.9;

/** Low and high bounds. */
export interface Range {
  low: number;
  high: number;
}

/** What one role's model is expected to take over the whole run. */
export interface RoleEstimate {
  role: string;
  model: string;
  /** Calls, one a turn (repair requests not counted). */
  calls: Range;
  /** Input tokens of the sampled first-turn requests, mean per call: the constant prefix and all. */
  firstTurnInputTokens: number;
  /** Of those, the constant prefix (system prompt, schema, tools) a provider's cache can serve. */
  prefixTokens: number;
  /** Of those, images (by the provider's image-token rule). */
  imageTokens: number;
  inputTokens: Range;
  uncachedInputTokens: Range;
  cachedInputTokens: Range;
  /** Anthropic: the prefix written to the cache (about once per 5-minute window; one per episode assumed). */
  cacheWriteTokens: Range;
  outputTokens: Range;
  costUsd: Range;
  /** The same calls with no prompt caching. */
  costWithoutCacheUsd: Range;
  /** False when the model has no price (costed at 0). */
  priced: boolean;
}

export interface RunEstimate {
  episodes: number;
  /** Finished episodes a resume would keep (not costed). */
  kept: number;
  sampled: number;
  /** Turns per episode: the task bank's minimum (opening, one a disclosure step, a recommendation) and the turn limit. */
  turns: Range;
  cacheHitRate: number;
  roles: RoleEstimate[];
  costUsd: Range;
  costWithoutCacheUsd: Range;
  /** How tokens were counted. */
  method: string;
}

export interface EstimateOptions extends CustomRoles {
  roles?: RoleRegistry;
  prompts?: PromptSet;
  render?: RenderService;
  /** Estimate the rest of this run (its finished episodes are not costed again). */
  resume?: string;
  /** How many episodes' first-turn requests to build (spread over the selection; default 8). */
  sample?: number;
  cacheHitRate?: number;
}

/** A turn's worth of capture: the first request of each tag, and no HTTP. */
class CaptureDone extends Error {}

/**
 * A model client that sends nothing: it keeps each role's first request and answers it with that
 * role's fallback (so the turn goes on to the next role); the role's next request ends the episode.
 */
class CaptureClient extends LlmClient {
  readonly captured: LlmRequest[] = [];
  private readonly seen = new Set<string>();

  constructor(prices: PriceTable) {
    super({ noCache: true, prices });
  }

  override async complete(req: LlmRequest): Promise<LlmCompletion> {
    const tag = req.tag ?? "other";
    if (this.seen.has(tag)) throw new CaptureDone(`${tag}: first turn captured`);
    this.seen.add(tag);
    this.captured.push(req);
    const text =
      tag === "assistant"
        ? JSON.stringify(ASSISTANT_FALLBACK)
        : tag === "shopper"
          ? JSON.stringify(SHOPPER_FALLBACK)
          : tag === "moderator"
            ? JSON.stringify({ decision: "no" })
            : "{}";
    return {
      text,
      toolCalls: [],
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      cached: false,
      attempts: 0,
      latencyMs: 0,
    };
  }
}

/** The fewest turns a task can take: the opening, one per disclosure step, and a recommendation taken. */
export function minTurns(task: Task, maxTurns: number): number {
  return Math.min(maxTurns, task.goal.disclosure.steps.length + 2);
}

/** `count` indices spread evenly over `n`. */
function spread(n: number, count: number): number[] {
  if (count >= n) return [...Array(n).keys()];
  return [...Array(count).keys()].map((i) => Math.floor((i * n) / count));
}

/**
 * What a run would cost, without running it: plans it as `runBenchmark` would (selection, resume
 * state, condition, policies), builds the real first-turn request of each model-backed role for a
 * sample of episodes (their first view is rendered, since the request carries it; no model is
 * called: no HTTP), counts their tokens (`requestTokens`), and multiplies by the expected turns.
 * Requests grow turn by turn (dialogue history, earlier views), so the per-turn input is a floor.
 */
export async function estimateRun(config: RunConfig, opts: EstimateOptions = {}): Promise<RunEstimate> {
  const prompts = opts.prompts ?? builtinPrompts();
  const policies = buildPolicies(config, opts, opts.roles);
  const ids = agentIds(policies);
  let episodes = selectEpisodes(config);
  const total = episodes.length;
  if (opts.resume) {
    const store = openRunStore(config.storeDir, { readonly: true });
    try {
      const kept = await store.finishedKeys(opts.resume);
      episodes = episodes.filter((e) => !kept.has(`${e.env}/${e.task.id}`));
    } finally {
      await store.close();
    }
  }
  const hitRate = opts.cacheHitRate ?? DEFAULT_CACHE_HIT_RATE;
  const prices = config.llm.prices;
  const turnsOf = episodes.map((e) => ({ low: minTurns(e.task, config.maxTurns), high: config.maxTurns }));
  const turns = {
    low: turnsOf.reduce((s, t) => s + t.low, 0),
    high: turnsOf.reduce((s, t) => s + t.high, 0),
  };
  const sample = spread(episodes.length, Math.max(1, opts.sample ?? 8)).map((i) => episodes[i]!);
  const requests: LlmRequest[] = [];
  const modelRoles = (["assistant", "shopper", "moderator"] as const).filter((r) =>
    policies[r].id.includes(":"),
  );
  if (sample.length && modelRoles.length) {
    const render = opts.render ?? (await startRenderPool({ ...config, concurrency: 1 }));
    try {
      const knowledge = await loadKnowledge(sample.map((e) => e.env));
      const header = runHeader(config, "estimate", "estimate", ids, prompts);
      for (const e of sample) {
        const client = new CaptureClient(prices);
        const options = (temperature: number | undefined) => ({
          knowledge: knowledge.get(e.env)!,
          task: e.task,
          seed: config.seed,
          condition: config.condition,
          client,
          prompts,
          ...(temperature !== undefined ? { temperature } : {}),
        });
        await runEpisode({
          header: { ...header, env: e.env, task: e.task, profile: e.profile },
          world: await World.create(e.env, render),
          knowledge: knowledge.get(e.env)!,
          agents: {
            assistant: policies.assistant.create(options(policies.assistant.temperature)),
            shopper: policies.shopper.create(options(policies.shopper.temperature)),
            moderator: policies.moderator.create(options(policies.moderator.temperature)),
          },
          images: hashOnlyImages,
          minimaps: {
            assistant: policies.assistant.needs?.minimap === true,
            shopper: policies.shopper.needs?.minimap === true,
          },
        });
        requests.push(...client.captured);
      }
    } finally {
      if (!opts.render) await render.close();
    }
  }
  const byRole = new Map<string, LlmRequest[]>();
  for (const r of requests) {
    const key = `${r.tag ?? "other"}\u0000${r.model}`;
    byRole.set(key, [...(byRole.get(key) ?? []), r]);
  }
  const roles = [...byRole].map(([key, reqs]) =>
    roleEstimate(key.split("\u0000")[0]!, reqs, turns, episodes.length, hitRate, prices),
  );
  const sum = (f: (r: RoleEstimate) => Range) => ({
    low: roles.reduce((s, r) => s + f(r).low, 0),
    high: roles.reduce((s, r) => s + f(r).high, 0),
  });
  return {
    episodes: episodes.length,
    kept: total - episodes.length,
    sampled: sample.length,
    turns,
    cacheHitRate: hitRate,
    roles,
    costUsd: sum((r) => r.costUsd),
    costWithoutCacheUsd: sum((r) => r.costWithoutCacheUsd),
    method:
      "text ≈ 4 characters a token (no tokenizer installed); images by each provider's published rule; first-turn requests × expected turns (a floor: later turns carry more history)",
  };
}

function roleEstimate(
  role: string,
  reqs: LlmRequest[],
  turns: Range,
  episodes: number,
  hitRate: number,
  prices: PriceTable,
): RoleEstimate {
  const model = reqs[0]!.model;
  const counted = reqs.map(requestTokens);
  const mean = (f: (t: (typeof counted)[number]) => number) =>
    Math.round(counted.reduce((s, t) => s + f(t), 0) / counted.length);
  const perCall = mean((t) => t.total);
  const prefix = mean((t) => t.prefix);
  const images = mean((t) => t.images);
  const price: Price | undefined = priceFor(model, { ...DEFAULT_PRICES, ...prices });
  const anthropic = model.startsWith("anthropic:");
  const out = EXPECTED_OUTPUT_TOKENS[role] ?? 200;
  // OpenAI caches prefixes of 1,024 tokens and more; Anthropic's breakpoint needs as many.
  const cacheable = prefix >= 1024 ? prefix : 0;
  const at = (calls: number) => {
    const input = calls * perCall;
    // The first call of each episode (Anthropic: writes the prefix) or of the run (the others) misses.
    const misses = anthropic ? Math.min(calls, episodes) : Math.min(calls, 1);
    const cached = Math.round((calls - misses) * cacheable * hitRate);
    const writes = anthropic ? misses * cacheable : 0;
    const outputTokens = calls * out;
    return {
      input,
      cached,
      writes,
      uncached: input - cached - writes,
      outputTokens,
      cost: costOf(price, {
        inputTokens: input,
        cachedInputTokens: cached,
        cacheWriteTokens: writes,
        outputTokens,
      }),
      plain: costOf(price, { inputTokens: input, outputTokens }),
    };
  };
  const lo = at(turns.low);
  const hi = at(turns.high);
  return {
    role,
    model,
    calls: { low: turns.low, high: turns.high },
    firstTurnInputTokens: perCall,
    prefixTokens: prefix,
    imageTokens: images,
    inputTokens: { low: lo.input, high: hi.input },
    uncachedInputTokens: { low: lo.uncached, high: hi.uncached },
    cachedInputTokens: { low: lo.cached, high: hi.cached },
    cacheWriteTokens: { low: lo.writes, high: hi.writes },
    outputTokens: { low: lo.outputTokens, high: hi.outputTokens },
    costUsd: { low: lo.cost, high: hi.cost },
    costWithoutCacheUsd: { low: lo.plain, high: hi.plain },
    priced: price !== undefined,
  };
}
