import { JUDGE_DIMENSIONS } from "../../agents/types.js";
import { evaluateCohort } from "../../eval/evaluate.js";
import type { Trajectory } from "../../trajectory/trajectory.js";
import { type Correlation, correlate } from "./correlation.js";
import { judgeModelOf } from "./judge-scores.js";

/** The automatic metrics of Table 4: the main table's, as `siturec evaluate` computes them. */
export const TABLE4_AUTOMATIC = ["sr", "afr", "lnsr", "r_at_5", "ndcg_at_10"] as const;
/** Table 4's judge dimensions, in the paper's column order (overall first). */
export const TABLE4_JUDGE = ["overall", ...JUDGE_DIMENSIONS.filter((d) => d !== "overall")] as const;
export const TABLE4_METRICS = [...TABLE4_AUTOMATIC, ...TABLE4_JUDGE] as const;
export type Table4Metric = (typeof TABLE4_METRICS)[number];

/** One side's (human or simulated) trajectories of an assistant: how many, and the metric means. */
export interface SideMeans {
  trajectories: number;
  /** Of them, those with judge scores. */
  judged: number;
  runs: string[];
  /** The judge models whose scores were averaged. */
  judgeModels: string[];
  /** Whether the automatic means are means of the four profile-stratified subset means. */
  bySubsets: boolean;
  /** Unrounded; null where undefined (no trajectories, no judge scores, no targeted navigation). */
  means: Record<Table4Metric, number | null>;
}

export interface Table4Row {
  assistant: string;
  human: SideMeans;
  sim: SideMeans;
}

export interface Table4 {
  metrics: readonly Table4Metric[];
  rows: Table4Row[];
  /** Across the assistants, human vs simulated means. */
  correlations: Record<Table4Metric, Correlation>;
}

const noMeans = () => Object.fromEntries(TABLE4_METRICS.map((m) => [m, null])) as SideMeans["means"];

/**
 * An assistant's means on one side, by the evaluation's own definitions: `pooled` averages all
 * trajectories (the human side); otherwise a cohort covering the four subsets is the mean of their
 * means (the simulated side, Appendix C.2).
 */
export function sideMeans(trajectories: Trajectory[], opts: { pooled: boolean }): SideMeans {
  const runs = [...new Set(trajectories.map((t) => t.header.runId))];
  const judgeModels = [
    ...new Set(trajectories.map(judgeModelOf).filter((m): m is string => m !== undefined)),
  ].sort();
  if (!trajectories.length)
    return { trajectories: 0, judged: 0, runs, judgeModels, bySubsets: false, means: noMeans() };
  const c = evaluateCohort(trajectories, { pooled: opts.pooled });
  const means = noMeans();
  for (const m of TABLE4_AUTOMATIC) means[m] = c[m].value;
  for (const d of TABLE4_JUDGE) means[d] = c.judge?.[d]?.value ?? null;
  return { trajectories: c.episodes, judged: c.judged, runs, judgeModels, bySubsets: c.bySubsets, means };
}

/** Table 4: per assistant (in the given order) both sides' means, and their correlations per metric. */
export function table4(
  assistants: readonly string[],
  human: ReadonlyMap<string, Trajectory[]>,
  sim: ReadonlyMap<string, Trajectory[]>,
): Table4 {
  const rows = assistants.map((assistant) => ({
    assistant,
    human: sideMeans(human.get(assistant) ?? [], { pooled: true }),
    sim: sideMeans(sim.get(assistant) ?? [], { pooled: false }),
  }));
  const correlations = Object.fromEntries(
    TABLE4_METRICS.map((m) => [m, correlate(rows.map((r) => [r.human.means[m], r.sim.means[m]] as const))]),
  ) as Table4["correlations"];
  return { metrics: TABLE4_METRICS, rows, correlations };
}
