import { ASSISTANT_FALLBACK } from "../agents/llm/llm-assistant.js";
import { SHOPPER_FALLBACK } from "../agents/llm/llm-shopper.js";
import { builtinPrompts, type PromptSet } from "../agents/prompts/prompt-set.js";
import { looksLikeModelId, POLICY_ROLES, type RoleRegistry } from "../agents/role-registry.js";
import type { Task } from "../core/task.js";
import { runEpisode } from "../episode/run-episode.js";
import {
  byRoleAndModel,
  COUNTING_METHOD,
  DEFAULT_CACHE_HIT_RATE,
  EXPECTED_UTTERANCE_TOKENS,
  estimateCalls,
  type Growth,
  type Range,
  type RoleEstimate,
  sumRanges,
} from "../llm/call-estimate.js";
import { CaptureClient } from "../llm/capture-client.js";
import type { LlmRequest } from "../llm/client.js";
import { requestTokens, textTokens } from "../llm/token-count.js";
import type { RenderService } from "../render/render-service.js";
import { openRunStore } from "../storage/open-run-store.js";
import { hashOnlyImages } from "../trajectory/image-sink.js";
import { World } from "../world/world.js";
import {
  agentIds,
  buildPolicies,
  type CustomRoles,
  loadKnowledge,
  type RunPolicies,
  startRenderPool,
} from "./build.js";
import { type PlannedEpisode, selectEpisodes } from "./plan.js";
import { runHeader } from "./run-benchmark.js";
import { historyImagesText, type RunConfig } from "./run-config.js";

export type { Growth, Range, RoleEstimate } from "../llm/call-estimate.js";
export {
  DEFAULT_CACHE_HIT_RATE,
  EXPECTED_OUTPUT_TOKENS,
  EXPECTED_UTTERANCE_TOKENS,
} from "../llm/call-estimate.js";

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
  /** How many episodes' first two turns to build (spread over the selection; default 8). */
  sample?: number;
  cacheHitRate?: number;
}

/** Answers a captured request with its role's fallback, so the turn goes on to the next role. */
function fallbackAnswer(req: LlmRequest): string {
  if (req.tag === "assistant") return JSON.stringify(ASSISTANT_FALLBACK);
  if (req.tag === "shopper") return JSON.stringify(SHOPPER_FALLBACK);
  if (req.tag === "moderator") return JSON.stringify({ decision: "no" });
  return "{}";
}

/** The fallbacks' utterances, which a captured turn's dialogue repeats in place of real ones. */
const PLACEHOLDERS = [
  { utterance: ASSISTANT_FALLBACK.utterance, role: "assistant" },
  { utterance: SHOPPER_FALLBACK.utterance, role: "shopper" },
] as const;

function messageText(req: LlmRequest): string {
  return req.messages
    .map((m) =>
      m.role === "tool"
        ? ""
        : typeof m.content === "string"
          ? m.content
          : m.content.map((p) => (p.type === "text" ? p.text : "")).join("\n"),
    )
    .join("\n");
}

/**
 * A captured request's input tokens with each placeholder utterance counted at its role's typical
 * length (`EXPECTED_UTTERANCE_TOKENS`), as a real dialogue would carry it.
 */
export function typicalTokens(req: LlmRequest): number {
  const text = messageText(req);
  let n = requestTokens(req).total;
  for (const { utterance, role } of PLACEHOLDERS) {
    const times = text.split(utterance).length - 1;
    n += times * ((EXPECTED_UTTERANCE_TOKENS[role] ?? 0) - textTokens(utterance, req.model));
  }
  return n;
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

/** A request a sampled episode made: its episode and turn (0 or 1). */
interface Captured {
  req: LlmRequest;
  episode: number;
  turn: number;
}

/**
 * Plays the first two turns of each sampled episode through a client that sends nothing (the roles
 * answered with their fallbacks: the shopper idles, so its view stays), keeping every model request.
 */
async function captureTurns(
  config: RunConfig,
  sample: PlannedEpisode[],
  policies: RunPolicies,
  prompts: PromptSet,
  render: RenderService,
): Promise<Captured[]> {
  const out: Captured[] = [];
  const knowledge = await loadKnowledge(sample.map((e) => e.env));
  const header = runHeader(config, "estimate", "estimate", agentIds(policies), prompts);
  for (const [i, e] of sample.entries()) {
    const client = new CaptureClient({ prices: config.llm.prices, answer: fallbackAnswer, perTag: 2 });
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
        shopper: policies.shopper.needs?.minimap === true && config.shopperMap,
      },
    });
    const seen = new Map<string, number>();
    for (const req of client.captured) {
      const turn = seen.get(req.tag ?? "") ?? 0;
      seen.set(req.tag ?? "", turn + 1);
      out.push({ req, episode: i, turn });
    }
  }
  return out;
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * How a role's requests grow turn by turn, from its first two requests in each sampled episode: what
 * the second adds in images is one earlier view, the rest one dialogue entry (placeholders at typical
 * length). Undefined when no episode reached a second request.
 */
function growthOf(captured: Captured[], role: string, model: string, config: RunConfig): Growth | undefined {
  const mine = captured.filter((c) => (c.req.tag ?? "other") === role && c.req.model === model);
  const pairs = mine
    .filter((c) => c.turn === 1)
    .map((second) => [mine.find((c) => c.turn === 0 && c.episode === second.episode)!, second] as const);
  if (!pairs.length) return undefined;
  const images = (c: Captured) => requestTokens(c.req).images;
  const views = pairs.map(([a, b]) => Math.max(0, images(b) - images(a)));
  const turns = pairs.map(([a, b]) => typicalTokens(b.req) - typicalTokens(a.req) - (images(b) - images(a)));
  return {
    perTurn: Math.max(0, Math.round(mean(turns))),
    perView: Math.round(mean(views)),
    viewCap: config.history.images,
  };
}

/** Calls of a role in each episode of `turns` turns: the moderator is not asked after the last one. */
function callsPerEpisode(role: string, turns: number[]): number[] {
  return turns.map((t) => (role === "moderator" ? Math.max(0, t - 1) : t));
}

/** The episodes to cost: the selection, less what a resumed run has finished. */
async function episodesToCost(config: RunConfig, resume: string | undefined): Promise<PlannedEpisode[]> {
  const episodes = selectEpisodes(config);
  if (!resume) return episodes;
  const store = openRunStore(config.storeDir, { readonly: true });
  try {
    const kept = await store.finishedKeys(resume);
    return episodes.filter((e) => !kept.has(`${e.env}/${e.task.id}`));
  } finally {
    await store.close();
  }
}

/**
 * What a run would cost, without running it: plans it as `runBenchmark` would (selection, resume
 * state, condition, policies), plays the first two turns of a sample of episodes through a client
 * that sends nothing (no HTTP: their views are rendered, since the requests carry them), counts each
 * model-backed role's requests (`requestTokens`), and sums every call of every episode: the first
 * turn's request, grown by a dialogue entry per earlier turn and an earlier view per earlier turn up
 * to `history.images` (`growthOf`), over the expected turns.
 */
export async function estimateRun(config: RunConfig, opts: EstimateOptions = {}): Promise<RunEstimate> {
  const prompts = opts.prompts ?? builtinPrompts();
  const policies = buildPolicies(config, opts, opts.roles);
  const episodes = await episodesToCost(config, opts.resume);
  const total = selectEpisodes(config).length;
  const hitRate = opts.cacheHitRate ?? DEFAULT_CACHE_HIT_RATE;
  const turnsOf = episodes.map((e) => ({ low: minTurns(e.task, config.maxTurns), high: config.maxTurns }));
  const turns = {
    low: turnsOf.reduce((s, t) => s + t.low, 0),
    high: turnsOf.reduce((s, t) => s + t.high, 0),
  };
  const sample = spread(episodes.length, Math.max(1, opts.sample ?? 8)).map((i) => episodes[i]!);
  const modelRoles = POLICY_ROLES.filter((r) => looksLikeModelId(policies[r].id));
  let captured: Captured[] = [];
  if (sample.length && modelRoles.length) {
    const render = opts.render ?? (await startRenderPool({ ...config, concurrency: 1 }));
    try {
      captured = await captureTurns(config, sample, policies, prompts, render);
    } finally {
      if (!opts.render) await render.close();
    }
  }
  const roles = byRoleAndModel(captured.filter((c) => c.turn === 0).map((c) => c.req)).map((g) => {
    const low = callsPerEpisode(
      g.role,
      turnsOf.map((t) => t.low),
    );
    const high = callsPerEpisode(
      g.role,
      turnsOf.map((t) => t.high),
    );
    const growth = growthOf(captured, g.role, g.requests[0]!.model, config);
    return estimateCalls({
      ...g,
      calls: { low: low.reduce((s, n) => s + n, 0), high: high.reduce((s, n) => s + n, 0) },
      episodes: { low, high },
      ...(growth ? { growth } : {}),
      tokensOf: typicalTokens,
      cacheWrites: episodes.length,
      hitRate,
      prices: config.llm.prices,
    });
  });
  return {
    episodes: episodes.length,
    kept: total - episodes.length,
    sampled: sample.length,
    turns,
    cacheHitRate: hitRate,
    roles,
    costUsd: sumRanges(roles, (r) => r.costUsd),
    costWithoutCacheUsd: sumRanges(roles, (r) => r.costWithoutCacheUsd),
    method: `${COUNTING_METHOD}; each call: the first turn's request, grown by a dialogue entry (typical utterances: assistant ${EXPECTED_UTTERANCE_TOKENS.assistant}, shopper ${EXPECTED_UTTERANCE_TOKENS.shopper} tokens) per earlier turn and an earlier view per earlier turn up to history.images (${historyImagesText(config.history.images)}), as the first two turns' requests show`,
  };
}
