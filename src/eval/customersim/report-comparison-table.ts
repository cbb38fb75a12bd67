import type { Table } from "../report/write-report.js";
import { type ConversationsComparison, METRIC_LABELS } from "./compare-runs.js";

/** One run against the report's first run (`compareConversations`), with the labels of both. */
export interface ReportComparison {
  run: string;
  label: string;
  baseline: string;
  baselineLabel: string;
  comparison: ConversationsComparison;
}

const fixed = (v: number | null, digits: number) => (v === null ? "–" : v.toFixed(digits));
const signed = (v: number | null, digits: number) =>
  v === null ? "–" : `${v >= 0 ? "+" : ""}${v.toFixed(digits)}`;
const pText = (p: number | null) => (p === null ? "–" : p < 0.001 ? "<0.001" : p.toFixed(3));

/** Each run against the first, per metric: means, difference, permutation p, Cohen's d and d_z. */
export function comparisonTable(comparisons: readonly ReportComparison[]): Table {
  const first = comparisons[0]?.comparison;
  return {
    name: "comparisons",
    title: "Paired comparisons with the first run",
    note: `Each run (A) against the report's first run (B) over the personas both played, a persona's samples averaged first: the means, A − B, the two-sided paired permutation test's p (signs flipped at random, ${first?.permutations.toLocaleString("en-US") ?? 0} draws, seed ${first?.seed ?? 0}; exact when 2^n is fewer), Cohen's d with the pooled SD of the two runs and d_z (mean difference over the SD of the differences). As \`siturec customersim compare A B\`.`,
    headers: ["Run (A)", "Against (B)", "Metric", "Pairs", "A", "B", "A − B", "p", "d", "d_z"],
    csvHeaders: ["run", "baseline", "metric", "pairs", "mean_a", "mean_b", "difference", "p", "d", "dz"],
    rows: comparisons.flatMap((c) =>
      c.comparison.metrics.map((m) => {
        const digits = m.metric === "crit" || m.metric === "cpl" ? 2 : 3;
        return {
          cells: [
            c.label,
            c.baselineLabel,
            METRIC_LABELS[m.metric],
            String(m.pairs),
            fixed(m.meanA, digits),
            fixed(m.meanB, digits),
            signed(m.difference, digits),
            pText(m.p),
            fixed(m.d, 2),
            fixed(m.dz, 2),
          ],
          csv: [c.run, c.baseline, m.metric, m.pairs, m.meanA, m.meanB, m.difference, m.p, m.d, m.dz],
        };
      }),
    ),
  };
}
