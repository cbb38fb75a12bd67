import type { CohortReport } from "../evaluate.js";
import { cohortLabel } from "../format.js";

/** The longest label a chart shows whole (about 250 px at the charts' 11 px font). */
export const CHART_LABEL_CHARS = 40;

/** `text` cut to `max` characters in the middle: the start and the end, which tell model ids apart, kept. */
export function middleTruncate(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = Math.ceil((max - 1) / 2);
  const tail = max - 1 - head;
  return `${chars.slice(0, head).join("")}…${tail ? chars.slice(-tail).join("") : ""}`;
}

/**
 * Labels a chart can show whole and never confuses: each cut in the middle to `max` characters, a
 * cut that would read like another label's lengthened until they differ, and the same text given to
 * two different series numbered (`#2`, `#3`, …). A chart's own end-truncation (Vega's `labelLimit`)
 * would cut `openrouter:meta-llama/llama-3.3-70b-…` from two models alike.
 */
export function distinctLabels(full: readonly string[], max = CHART_LABEL_CHARS): string[] {
  const seen = new Map<string, number>();
  const named = full.map((f) => {
    const n = (seen.get(f) ?? 0) + 1;
    seen.set(f, n);
    return n === 1 ? f : `${f} #${n}`;
  });
  const budget = named.map(() => max);
  for (;;) {
    const cut = named.map((f, i) => middleTruncate(f, budget[i]!));
    const owners = new Map<string, Set<string>>();
    for (const [i, c] of cut.entries()) owners.set(c, (owners.get(c) ?? new Set()).add(named[i]!));
    const clash = cut.map((c, i) => owners.get(c)!.size > 1 && budget[i]! < [...named[i]!].length);
    if (!clash.includes(true)) return cut;
    for (const [i, c] of clash.entries()) if (c) budget[i]! += 4;
  }
}

/** The series a cohort is in the charts (its agents and condition; a store is a chart's own panel). */
const seriesKey = (c: CohortReport) => JSON.stringify([c.assistant, c.shopper, c.moderator, c.condition]);

/**
 * Each cohort's label in the report's charts: `cohortLabel`, a moderator other than the rule-based one
 * named too, made distinct and short (`distinctLabels`). One series keeps one label in every store.
 */
export function cohortChartLabels(cohorts: readonly CohortReport[]): Map<CohortReport, string> {
  const series = [...new Set(cohorts.map(seriesKey))];
  const first = new Map<string, CohortReport>();
  for (const c of cohorts) if (!first.has(seriesKey(c))) first.set(seriesKey(c), c);
  const full = series.map((k) => {
    const c = first.get(k)!;
    const label = cohortLabel(c);
    return c.moderator === "rule" ? label : `${label} · moderator ${c.moderator}`;
  });
  const short = distinctLabels(full);
  const labels = new Map(series.map((k, i) => [k, short[i]!]));
  return new Map(cohorts.map((c) => [c, labels.get(seriesKey(c))!]));
}
