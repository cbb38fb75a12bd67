import { mean } from "../stats.js";
import type { ConversationMetrics } from "./evaluate-customersim-run.js";
import { cohensDPooled, cohensDz, pairedPermutationTest } from "./paired-statistics.js";

/** The per-conversation metrics two runs are compared on, in the order tables show them. */
export const COMPARED_METRICS = ["da", "crit", "cpl", "red", "fmt", "end"] as const;
export type ComparedMetric = (typeof COMPARED_METRICS)[number];

export const METRIC_LABELS: Record<ComparedMetric, string> = {
  da: "DA",
  crit: "Crit.",
  cpl: "%Cpl.",
  red: "Red.",
  fmt: "Fmt.",
  end: "End.",
};

/** One metric of run A against run B over the personas both played. */
export interface MetricComparison {
  metric: ComparedMetric;
  /** Personas with a value in both runs. */
  pairs: number;
  meanA: number | null;
  meanB: number | null;
  /** meanA − meanB. */
  difference: number | null;
  /** Two-sided paired permutation test (sign flips), see `pairedPermutationTest`. */
  p: number | null;
  permutations: number;
  exact: boolean;
  /** Cohen's d with the pooled standard deviation of the two sides. */
  d: number | null;
  /** Cohen's d_z: the mean difference over the standard deviation of the differences. */
  dz: number | null;
}

export interface ConversationsComparison {
  /** Personas played by both runs. */
  personas: number;
  /** Personas only one of the runs played (left out). */
  onlyA: number;
  onlyB: number;
  permutations: number;
  seed: number;
  metrics: MetricComparison[];
}

/** Each persona's value of a metric: the mean over its samples that have one, or null. */
function byPersona(rows: readonly ConversationMetrics[], metric: ComparedMetric): Map<string, number | null> {
  const values = new Map<string, number[]>();
  for (const r of rows) {
    const list = values.get(r.personaId) ?? [];
    const v = r[metric];
    if (v !== null) list.push(v);
    values.set(r.personaId, list);
  }
  return new Map([...values].map(([id, xs]) => [id, xs.length ? mean(xs) : null]));
}

function compareMetric(
  a: readonly ConversationMetrics[],
  b: readonly ConversationMetrics[],
  metric: ComparedMetric,
  options: { permutations: number; seed: number },
): MetricComparison {
  const va = byPersona(a, metric);
  const vb = byPersona(b, metric);
  const xs: number[] = [];
  const ys: number[] = [];
  // Personas in a fixed order (their ids), so that the seeded draws meet the same differences.
  for (const id of [...va.keys()].sort()) {
    const x = va.get(id);
    const y = vb.get(id);
    if (x !== null && x !== undefined && y !== null && y !== undefined) {
      xs.push(x);
      ys.push(y);
    }
  }
  if (!xs.length)
    return {
      metric,
      pairs: 0,
      meanA: null,
      meanB: null,
      difference: null,
      p: null,
      permutations: 0,
      exact: true,
      d: null,
      dz: null,
    };
  const diffs = xs.map((x, i) => x - ys[i]!);
  const test = pairedPermutationTest(diffs, options);
  return {
    metric,
    pairs: xs.length,
    meanA: mean(xs),
    meanB: mean(ys),
    difference: mean(diffs),
    p: test.p,
    permutations: test.permutations,
    exact: test.exact,
    d: cohensDPooled(xs, ys),
    dz: cohensDz(diffs),
  };
}

/**
 * Run A against run B, metric by metric, over the personas both played: the conversations are
 * paired by persona (a persona's samples averaged first), and each metric gets the mean of each
 * side, their difference (A − B), a two-sided paired permutation test's p and Cohen's d (pooled
 * and paired, d_z). A metric with no value for a persona (Crit. without a shopper turn) leaves
 * that persona out of that metric only.
 */
export function compareConversations(
  a: readonly ConversationMetrics[],
  b: readonly ConversationMetrics[],
  options: { permutations?: number; seed?: number } = {},
): ConversationsComparison {
  const opts = { permutations: options.permutations ?? 10_000, seed: options.seed ?? 0 };
  const ida = new Set(a.map((r) => r.personaId));
  const idb = new Set(b.map((r) => r.personaId));
  const shared = [...ida].filter((id) => idb.has(id));
  const keep = (rows: readonly ConversationMetrics[]) =>
    rows.filter((r) => ida.has(r.personaId) && idb.has(r.personaId));
  return {
    personas: shared.length,
    onlyA: ida.size - shared.length,
    onlyB: idb.size - shared.length,
    ...opts,
    metrics: COMPARED_METRICS.map((m) => compareMetric(keep(a), keep(b), m, opts)),
  };
}
