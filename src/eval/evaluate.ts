import { JUDGE_DIMENSIONS } from "../agents/types.js";
import { DialogueAct } from "../core/dialogue.js";
import { DECISION_CASES, type DecisionCase } from "../customersim/metrics/decision-alignment.js";
import { envOrder } from "../envs/registry.js";
import { uncachedInputTokens } from "../llm/prices.js";
import { SUBSETS } from "../tasks/subsets.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { evalContext } from "./eval-context.js";
import { cohortShopper } from "./human-shopper.js";
import { episodeDecision, recommendedProducts } from "./metrics/decision-alignment.js";
import {
  actionFollowingRate,
  CGV_HORIZONS,
  cumulativeGoalVisibility,
  goalVisibilityEvents,
  localNavigationSuccessRate,
} from "./metrics/navigation.js";
import { purchased, referencePurchase, successByTurn, turnCount } from "./metrics/outcome.js";
import {
  addProtocolCounts,
  emptyProtocolCounts,
  episodeProtocol,
  type ProtocolCounts,
} from "./metrics/protocol.js";
import {
  catalogEntries,
  episodeListScore,
  episodeReferenceMrr,
  ndcgAt10,
  recallAt5,
} from "./metrics/ranking.js";
import { mean, sampleSd } from "./stats.js";

/** A metric of a cohort: the value (mean of the four subset means when the cohort covers all four, else the cohort mean) and the SD across subsets. */
export interface MetricValue {
  value: number | null;
  sd: number | null;
}

export const CGV_KEYS = [...CGV_HORIZONS.map((h) => `h${h}`), "end"] as const;

export interface CohortKey {
  env: string;
  assistant: string;
  shopper: string;
  moderator: string;
  condition: string;
}

export interface CohortReport extends CohortKey {
  runs: string[];
  episodes: number;
  /** Whether SDs are across the four profile-stratified subsets (the cohort covers all four). */
  bySubsets: boolean;
  sr: MetricValue;
  turn: MetricValue;
  afr: MetricValue;
  lnsr: MetricValue;
  r_at_5: MetricValue;
  ndcg_at_10: MetricValue;
  rpr: MetricValue;
  rpr_cart: MetricValue;
  /**
   * Decision Alignment (%) of the situated shopper: CustomerSim's equation (1) with the task's
   * reference items as the acceptable set and the assistant's Recommend acts as the recommendations.
   */
  da: MetricValue;
  /** Episodes per case of equation (1). */
  da_cases: Record<DecisionCase, number>;
  /** Recommend acts whose display name resolved to no catalog product (they recommend nothing). */
  da_unresolved: number;
  r_mrr_at_10: MetricValue;
  catalog_pct: MetricValue;
  cgv: Record<string, MetricValue>;
  delta_cgv: Record<string, MetricValue>;
  cgv_events: number;
  judge: Record<string, MetricValue> | null;
  judged: number;
  /** Model outputs per role that stayed invalid (replaced by a fallback) and fixes lenient validation made, pooled. */
  format: Record<"assistant" | "shopper" | "moderator", { errors: number; warnings: number }>;
  /** Model calls per role, pooled: tokens split by the providers' prompt caches, cost and what the caches saved. */
  usage: Record<"assistant" | "shopper" | "moderator", CohortUsage>;
  /** Protocol violations, pooled: invented tools, unresolved Navigate goals, repaired and fenced JSON, spoken labels. */
  protocol: ProtocolCounts;
  analyses: CohortAnalyses;
}

export interface CohortUsage {
  calls: number;
  inputTokens: number;
  uncachedInputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  costUsd: number;
  cacheSavingUsd: number;
}

export interface CohortAnalyses {
  /** SR(t), %, t = 1..maxTurns (Fig. 4). */
  successByTurn: number[];
  /** Share (%) of each dialogue action over all assistant turns (Fig. 9). */
  actShares: Record<string, number>;
  /** Suggested user actions inside Navigate responses: share (%) and same-action rate (%) (Fig. 10). */
  navigateSuggestions: { tool: string; count: number; share: number; sameActionRate: number }[];
  /** Termination reasons, counts (Fig. 11). */
  reasons: Record<string, number>;
}

const pct = (v: number | undefined) => (v === undefined ? undefined : 100 * v);
const meanOf = (xs: (number | undefined)[]) => {
  const d = xs.filter((x): x is number => x !== undefined && Number.isFinite(x));
  return d.length ? mean(d) : undefined;
};

type Compute = (episodes: Trajectory[]) => number | undefined;

function aggregate(episodes: Trajectory[], bySubsets: boolean, compute: Compute): MetricValue {
  if (!bySubsets) {
    const v = episodes.length ? compute(episodes) : undefined;
    return { value: v ?? null, sd: null };
  }
  const values = Array.from({ length: SUBSETS }, (_, g) =>
    compute(episodes.filter((e) => e.header.task.subset === g)),
  ).filter((v): v is number => v !== undefined);
  if (!values.length) return { value: null, sd: null };
  return { value: mean(values), sd: values.length === SUBSETS ? sampleSd(values) : null };
}

function cohortKey(t: Trajectory): CohortKey {
  const h = t.header;
  return {
    env: h.env,
    assistant: h.agents.assistant,
    // A study's participants are one shopper (human-shopper.ts), not a row each.
    shopper: cohortShopper(h.agents.user, h.runId),
    moderator: h.agents.moderator,
    condition: h.condition,
  };
}

interface JudgeRecord {
  scores: Record<string, number>;
}

function judgeScores(t: Trajectory): Record<string, number> | undefined {
  const j = t.judge as JudgeRecord | undefined;
  return j?.scores && typeof j.scores === "object" ? j.scores : undefined;
}

function analyses(episodes: Trajectory[]): CohortAnalyses {
  const maxTurns = Math.max(1, ...episodes.map((e) => e.header.maxTurns));
  // A turn whose assistant output failed validation has no dialogue act of its own (its fallback is not one).
  const turns = episodes.flatMap((e) => e.turns).filter((r) => r.assistant.formatError === undefined);
  const actShares: Record<string, number> = {};
  for (const act of DialogueAct.options) {
    const n = turns.filter((r) => r.assistant.output.assistant_actions[0]?.type === act).length;
    actShares[act] = turns.length ? (100 * n) / turns.length : 0;
  }
  const navigate = turns.filter((r) => r.assistant.output.assistant_actions[0]?.type === "Navigate");
  const tools = [...new Set(navigate.map((r) => r.assistant.output.expected_user_action.name))].sort();
  const navigateSuggestions = tools.map((tool) => {
    const events = navigate.filter((r) => r.assistant.output.expected_user_action.name === tool);
    const same = events.filter(
      (r) => r.shopper.formatError === undefined && r.shopper.output.tool_call.name === tool,
    ).length;
    return {
      tool,
      count: events.length,
      share: (100 * events.length) / navigate.length,
      sameActionRate: (100 * same) / events.length,
    };
  });
  const reasons: Record<string, number> = {};
  for (const e of episodes) reasons[e.outcome.reason] = (reasons[e.outcome.reason] ?? 0) + 1;
  return { successByTurn: successByTurn(episodes, maxTurns), actShares, navigateSuggestions, reasons };
}

function formatCounts(episodes: Trajectory[]): CohortReport["format"] {
  const count = (role: "assistant" | "shopper" | "moderator") => ({
    errors: episodes.reduce((s, e) => s + e.outcome.usage[role].formatErrors, 0),
    warnings: episodes.reduce((s, e) => s + e.outcome.usage[role].formatWarnings, 0),
  });
  return { assistant: count("assistant"), shopper: count("shopper"), moderator: count("moderator") };
}

function usageTotals(episodes: Trajectory[]): CohortReport["usage"] {
  const total = (role: "assistant" | "shopper" | "moderator"): CohortUsage => {
    const us = episodes.map((e) => e.outcome.usage[role]);
    const sum = (f: (u: (typeof us)[number]) => number) => us.reduce((s, u) => s + f(u), 0);
    const inputTokens = sum((u) => u.inputTokens);
    const cachedInputTokens = sum((u) => u.cachedInputTokens ?? 0);
    const cacheWriteTokens = sum((u) => u.cacheWriteTokens ?? 0);
    return {
      calls: sum((u) => u.calls),
      inputTokens,
      uncachedInputTokens: uncachedInputTokens({ inputTokens, cachedInputTokens, cacheWriteTokens }),
      cachedInputTokens,
      cacheWriteTokens,
      outputTokens: sum((u) => u.outputTokens),
      costUsd: sum((u) => u.costUsd),
      cacheSavingUsd: sum((u) => u.cacheSavingUsd ?? 0),
    };
  };
  return { assistant: total("assistant"), shopper: total("shopper"), moderator: total("moderator") };
}

/**
 * Every metric of Appendix C.1 and D for one cohort (one store, one set of agents, one condition).
 * With `pooled`, means over all episodes even when they cover the four subsets (Appendix C.2's human
 * means average all trajectories of an assistant).
 */
export function evaluateCohort(episodes: Trajectory[], opts: { pooled?: boolean } = {}): CohortReport {
  const first = episodes[0]!;
  const ctx = evalContext(first.header.env);
  const present = new Set(episodes.map((e) => e.header.task.subset));
  const bySubsets = !opts.pooled && present.size === SUBSETS;
  const agg = (compute: Compute) => aggregate(episodes, bySubsets, compute);
  // Each episode's goal events are found once; every horizon, subset and ΔCGV pools from them.
  const goalEvents = new Map(episodes.map((e) => [e, goalVisibilityEvents(e, ctx)]));
  const cgvOf = (es: Trajectory[]) => cumulativeGoalVisibility(es.flatMap((e) => goalEvents.get(e)!));
  const cgv: Record<string, MetricValue> = {};
  const delta: Record<string, MetricValue> = {};
  for (const key of CGV_KEYS) {
    cgv[key] = agg((es) => {
      const c = cgvOf(es);
      return c.events ? c.byHorizon[key] : undefined;
    });
    if (key !== "h0") {
      delta[key] = agg((es) => {
        const c = cgvOf(es);
        return c.events ? c.byHorizon[key]! - c.byHorizon.h0! : undefined;
      });
    }
  }
  const decisions = new Map(episodes.map((e) => [e, episodeDecision(e, ctx.productNames)]));
  const daCases = Object.fromEntries(DECISION_CASES.map((k) => [k, 0])) as Record<DecisionCase, number>;
  for (const d of decisions.values()) daCases[d.case]++;
  const judged = episodes.filter((e) => judgeScores(e));
  const judge = judged.length
    ? Object.fromEntries(
        JUDGE_DIMENSIONS.map((d) => [d, agg((es) => meanOf(es.map((e) => judgeScores(e)?.[d])))]),
      )
    : null;
  return {
    ...cohortKey(first),
    runs: [...new Set(episodes.map((e) => e.header.runId))],
    episodes: episodes.length,
    bySubsets,
    sr: agg((es) => 100 * mean(es.map((e) => (purchased(e) ? 1 : 0)))),
    turn: agg((es) => mean(es.map(turnCount))),
    afr: agg((es) => pct(meanOf(es.map((e) => actionFollowingRate(e, ctx))))),
    lnsr: agg((es) => pct(meanOf(es.map((e) => localNavigationSuccessRate(e, ctx))))),
    r_at_5: agg((es) => 100 * mean(es.map((e) => episodeListScore(e, recallAt5)))),
    ndcg_at_10: agg((es) => 100 * mean(es.map((e) => episodeListScore(e, ndcgAt10)))),
    rpr: agg((es) => 100 * mean(es.map((e) => (referencePurchase(e) ? 1 : 0)))),
    // A pooled ratio over the whole cohort, as the paper reports it (Table 8: RPR|Cart = RPR / SR, no SD).
    rpr_cart: aggregate(episodes, false, (es) => {
      const bought = es.filter(purchased);
      return bought.length ? 100 * mean(bought.map((e) => (referencePurchase(e) ? 1 : 0))) : undefined;
    }),
    da: agg((es) => 100 * mean(es.map((e) => decisions.get(e)!.da))),
    da_cases: daCases,
    da_unresolved: episodes.reduce((s, e) => s + recommendedProducts(e, ctx.productNames).unresolved, 0),
    r_mrr_at_10: agg((es) => pct(meanOf(es.map(episodeReferenceMrr)))),
    catalog_pct: agg((es) => {
      const c = es
        .map((e) => catalogEntries(e, ctx.catalog))
        .reduce((a, b) => ({ entries: a.entries + b.entries, valid: a.valid + b.valid }), {
          entries: 0,
          valid: 0,
        });
      return c.entries ? (100 * c.valid) / c.entries : undefined;
    }),
    cgv,
    delta_cgv: delta,
    cgv_events: cgvOf(episodes).events,
    judge,
    judged: judged.length,
    format: formatCounts(episodes),
    usage: usageTotals(episodes),
    protocol: episodes.reduce((s, e) => addProtocolCounts(s, episodeProtocol(e, ctx)), emptyProtocolCounts()),
    analyses: analyses(episodes),
  };
}

/** Groups trajectories into cohorts (store, agents, condition) and evaluates each; stores in fixed order. */
export function evaluate(trajectories: Trajectory[]): CohortReport[] {
  const groups = new Map<string, Trajectory[]>();
  for (const t of trajectories) {
    const key = JSON.stringify(cohortKey(t));
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return [...groups.values()]
    .map((episodes) => evaluateCohort(episodes))
    .sort(
      (a, b) =>
        envOrder(a.env) - envOrder(b.env) ||
        a.assistant.localeCompare(b.assistant) ||
        a.condition.localeCompare(b.condition),
    );
}
