import { LlmJudge } from "../agents/llm/llm-judge.js";
import type { PromptSet } from "../agents/prompts/prompt-set.js";
import { JUDGE_DIMENSIONS } from "../agents/types.js";
import {
  byRoleAndModel,
  COUNTING_METHOD,
  DEFAULT_CACHE_HIT_RATE,
  estimateCalls,
  type Range,
  type RoleEstimate,
  sumRanges,
} from "../llm/call-estimate.js";
import { CaptureClient, CaptureDone } from "../llm/capture-client.js";
import type { PriceTable } from "../llm/prices.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { judgeTranscript } from "./judge-transcript.js";

/** What judging a run's trajectories would cost (`siturec judge --estimate`). */
export interface JudgeEstimate {
  /** Trajectories the pass would judge (one call each). */
  trajectories: number;
  cacheHitRate: number;
  roles: RoleEstimate[];
  costUsd: Range;
  costWithoutCacheUsd: Range;
  method: string;
}

export interface JudgeEstimateOptions {
  model: string;
  prompts: PromptSet;
  /** The judge also reads the task request and outcome (`--extras`). */
  extras: boolean;
  prices: PriceTable;
  cacheHitRate?: number;
}

const VALID_ANSWER = JSON.stringify({ scores: Object.fromEntries(JUDGE_DIMENSIONS.map((d) => [d, 3])) });

/**
 * Builds the judge's real request for every trajectory (text only: cheap, no HTTP) and costs one
 * call each; repair requests after an invalid answer are not counted.
 */
export async function estimateJudge(
  trajectories: readonly Trajectory[],
  opts: JudgeEstimateOptions,
): Promise<JudgeEstimate> {
  const hitRate = opts.cacheHitRate ?? DEFAULT_CACHE_HIT_RATE;
  const requests = [];
  for (const t of trajectories) {
    const client = new CaptureClient({ prices: opts.prices, answer: () => VALID_ANSWER });
    const judge = new LlmJudge({ model: opts.model, client, prompts: opts.prompts, seed: 0 });
    try {
      await judge.score(judgeTranscript(t, { extras: opts.extras }));
    } catch (err) {
      if (!(err instanceof CaptureDone)) throw err;
    }
    requests.push(...client.captured);
  }
  const n = trajectories.length;
  const roles = byRoleAndModel(requests).map((g) =>
    // One judging pass runs within the providers' cache windows: one cache write.
    estimateCalls({ ...g, calls: { low: n, high: n }, cacheWrites: 1, hitRate, prices: opts.prices }),
  );
  return {
    trajectories: n,
    cacheHitRate: hitRate,
    roles,
    costUsd: sumRanges(roles, (r) => r.costUsd),
    costWithoutCacheUsd: sumRanges(roles, (r) => r.costWithoutCacheUsd),
    method: `${COUNTING_METHOD}; every judge request built, one call per trajectory (repairs not counted)`,
  };
}
