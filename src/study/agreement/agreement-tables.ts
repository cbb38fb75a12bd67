import type { Table } from "../../eval/report/write-report.js";
import type { Dimension } from "../questionnaire.js";
import type { Correlation } from "./correlation.js";
import type { Figure5 } from "./figure5.js";
import type { HumanAgreement } from "./human-agreement.js";
import { TABLE4_AUTOMATIC, type Table4, type Table4Metric } from "./table4.js";

/** Column titles, as the paper's Table 4 and Figure 5 name them. */
export const METRIC_TITLES: Record<Table4Metric, string> = {
  sr: "SR",
  afr: "AFR",
  lnsr: "LNSR",
  r_at_5: "R@5",
  ndcg_at_10: "NDCG@10",
  overall: "Overall",
  informativeness: "Inform.",
  naturalness: "Natur.",
  groundedness: "Ground.",
  preference_alignment: "Prefer.",
  proactiveness: "Proact.",
  non_repetition: "Nonrep.",
};

const automatic = new Set<string>(TABLE4_AUTOMATIC);
/** Percentages with one decimal, 1–5 ratings with two, coefficients with three; "–" when undefined. */
const fixed = (v: number | null, digits: number) => (v === null ? "–" : v.toFixed(digits));
const metricCell = (m: string, v: number | null) => fixed(v, automatic.has(m) ? 1 : 2);

function correlationRows(keys: readonly string[], correlations: Record<string, Correlation>): Table["rows"] {
  const row = (label: string, key: string, pick: (c: Correlation) => number | null, digits: number) => {
    const values = keys.map((k) => pick(correlations[k]!));
    return { cells: [label, ...values.map((v) => fixed(v, digits))], csv: [key, ...values] };
  };
  return [
    row("Pearson (r)", "pearson", (c) => c.pearson, 3),
    row("Spearman (ρ)", "spearman", (c) => c.spearman, 3),
    row("assistants (n)", "assistants", (c) => c.n, 0),
  ];
}

/** Table 4 in the paper's layout: a coefficient per metric, across the assistants in common. */
export function table4Correlations(a: HumanAgreement): Table {
  const keys = a.table4.metrics;
  return {
    name: "table4",
    title: "Agreement between human and simulated users (Table 4)",
    note: `Pearson's r and Spearman's ρ (midranks for ties) across ${a.assistants.length} assistants of the ${a.env} store, from unrounded means; "–" where undefined (fewer than 3 assistants, or a constant side).`,
    headers: ["Coefficient", ...keys.map((k) => METRIC_TITLES[k])],
    csvHeaders: ["coefficient", ...keys],
    rows: correlationRows(keys, a.table4.correlations),
  };
}

const sideLabel = { human: "human", sim: "simulated" } as const;

/** Table 4's means: per assistant, the human and simulated means with their sample sizes. */
export function table4Means(t: Table4): Table {
  const rows = t.rows.flatMap((r) =>
    (["human", "sim"] as const).map((side) => {
      const s = r[side];
      const values = t.metrics.map((m) => s.means[m]);
      return {
        cells: [
          r.assistant,
          sideLabel[side],
          String(s.trajectories),
          String(s.judged),
          ...t.metrics.map((m, k) => metricCell(m, values[k]!)),
        ],
        csv: [side, r.assistant, s.trajectories, s.judged, ...values],
      };
    }),
  );
  return {
    name: "table4-means",
    title: "Assistant means, human vs simulated users",
    note: "Human means average all of an assistant's finished study trajectories; simulated means are the mean of the four profile-stratified subset means when the runs cover all four, else the runs' mean (Appendix C.2). N: trajectories; judged: of them, with judge scores. Automatic metrics in %, judge ratings 1–5.",
    headers: ["Assistant", "Users", "N", "Judged", ...t.metrics.map((m) => METRIC_TITLES[m])],
    csvHeaders: ["kind", "assistant", "trajectories", "judged", ...t.metrics],
    rows,
  };
}

/** Figure 5 as a table: per assistant, the questionnaire's and the judge's mean ratings on the same trajectories. */
export function figure5Means(f: Figure5): Table {
  const rows = f.rows.flatMap((r) =>
    (["questionnaire", "judge"] as const).map((source) => {
      const values = f.dimensions.map((d) => r[source][d]);
      const n = source === "questionnaire" ? r.answered : r.judged;
      return {
        cells: [r.assistant, source, String(n), ...values.map((v) => fixed(v, 2))],
        csv: [source, r.assistant, n, ...values],
      };
    }),
  );
  return {
    name: "figure5",
    title: "Questionnaire vs LLM judge on the human trajectories (Figure 5)",
    note: "Mean ratings (1–5) per assistant: the participants' questionnaire, and the judge's scores of the same rated trajectories. N: trajectories averaged.",
    headers: ["Assistant", "Source", "N", ...f.dimensions.map((d) => METRIC_TITLES[d])],
    csvHeaders: ["kind", "assistant", "trajectories", ...f.dimensions],
    rows,
  };
}

/** Figure 5's agreement: per dimension, questionnaire vs judge means across the assistants. */
export function figure5Correlations(f: Figure5): Table {
  const keys: readonly Dimension[] = f.dimensions;
  return {
    name: "figure5-correlations",
    title: "Questionnaire vs LLM judge: agreement across assistants",
    note: "Pearson's r and Spearman's ρ (midranks for ties) of the assistants' mean questionnaire and judge ratings per dimension.",
    headers: ["Coefficient", ...keys.map((k) => METRIC_TITLES[k])],
    csvHeaders: ["coefficient", ...keys],
    rows: correlationRows(keys, f.correlations),
  };
}

/**
 * One CSV of a means table and its coefficients: the means' rows (kind `human`/`sim` or
 * `questionnaire`/`judge`), then kind `pearson`, `spearman` and `assistants` (n) with the per-metric
 * values in the same columns.
 */
export function combinedCsvTable(means: Table, correlations: Table): Table {
  const gap = means.csvHeaders.length - correlations.csvHeaders.length;
  return {
    ...means,
    rows: [
      ...means.rows,
      ...correlations.rows.map((r) => {
        const [kind, ...values] = r.csv;
        return { cells: r.cells, csv: [kind ?? null, ...Array<null>(gap).fill(null), ...values] };
      }),
    ],
  };
}
