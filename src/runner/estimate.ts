import { ASSISTANT_FALLBACK } from "../agents/llm/llm-assistant.js";
import { SHOPPER_FALLBACK } from "../agents/llm/llm-shopper.js";
import { builtinPrompts, type PromptSet } from "../agents/prompts/prompt-set.js";
import { looksLikeModelId, type RoleRegistry } from "../agents/role-registry.js";
import type { Task } from "../core/task.js";
import { runEpisode } from "../episode/run-episode.js";
import {
  byRoleAndModel,
  COUNTING_METHOD,
  DEFAULT_CACHE_HIT_RATE,
  estimateCalls,
  type Range,
  type RoleEstimate,
  sumRanges,
} from "../llm/call-estimate.js";
import { CaptureClient } from "../llm/capture-client.js";
import type { LlmRequest } from "../llm/client.js";
import type { RenderService } from "../render/render-service.js";
import { openRunStore } from "../storage/open-run-store.js";
import { hashOnlyImages } from "../trajectory/image-sink.js";
import { World } from "../world/world.js";
import { agentIds, buildPolicies, type CustomRoles, loadKnowledge, startRenderPool } from "./build.js";
import { selectEpisodes } from "./plan.js";
import { runHeader } from "./run-benchmark.js";
import type { RunConfig } from "./run-config.js";

export type { Range, RoleEstimate } from "../llm/call-estimate.js";
export { DEFAULT_CACHE_HIT_RATE, EXPECTED_OUTPUT_TOKENS } from "../llm/call-estimate.js";

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

/** Answers a captured request with its role's fallback, so the turn goes on to the next role. */
function fallbackAnswer(req: LlmRequest): string {
  if (req.tag === "assistant") return JSON.stringify(ASSISTANT_FALLBACK);
  if (req.tag === "shopper") return JSON.stringify(SHOPPER_FALLBACK);
  if (req.tag === "moderator") return JSON.stringify({ decision: "no" });
  return "{}";
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
    looksLikeModelId(policies[r].id),
  );
  if (sample.length && modelRoles.length) {
    const render = opts.render ?? (await startRenderPool({ ...config, concurrency: 1 }));
    try {
      const knowledge = await loadKnowledge(sample.map((e) => e.env));
      const header = runHeader(config, "estimate", "estimate", ids, prompts);
      for (const e of sample) {
        const client = new CaptureClient({ prices, answer: fallbackAnswer });
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
  const roles = byRoleAndModel(requests).map((g) =>
    estimateCalls({ ...g, calls: turns, cacheWrites: episodes.length, hitRate, prices }),
  );
  return {
    episodes: episodes.length,
    kept: total - episodes.length,
    sampled: sample.length,
    turns,
    cacheHitRate: hitRate,
    roles,
    costUsd: sumRanges(roles, (r) => r.costUsd),
    costWithoutCacheUsd: sumRanges(roles, (r) => r.costWithoutCacheUsd),
    method: `${COUNTING_METHOD}; first-turn requests × expected turns (a floor: later turns carry more history)`,
  };
}
