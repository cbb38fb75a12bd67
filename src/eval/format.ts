import { envDefinition, hasEnv } from "../envs/registry.js";
import type { CohortReport, MetricValue } from "./evaluate.js";

/** A store by the name tables and charts use (its id when it is not registered). */
export function storeDisplayName(env: string): string {
  return hasEnv(env) ? envDefinition(env).displayName : env;
}

/** "96.0 ± 4.6", "96.0" without SD, "–" when undefined. */
export function formatMetric(m: MetricValue, digits = 1): string {
  if (m.value === null) return "–";
  return m.sd === null || Number.isNaN(m.sd)
    ? m.value.toFixed(digits)
    : `${m.value.toFixed(digits)} ± ${m.sd.toFixed(digits)}`;
}

const round = (v: number | null) => (v === null || Number.isNaN(v) ? null : Math.round(v * 1e4) / 1e4);

function roundMetric(m: MetricValue): MetricValue {
  return { value: round(m.value), sd: round(m.sd) };
}

/** The contract of `siturec evaluate --json`: per store and assistant, the paper's keys, each {value, sd}. */
export function cohortJson(c: CohortReport) {
  const map = (r: Record<string, MetricValue>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, roundMetric(v)]));
  return {
    env: c.env,
    assistant: c.assistant,
    shopper: c.shopper,
    moderator: c.moderator,
    condition: c.condition,
    runs: c.runs,
    episodes: c.episodes,
    by_subsets: c.bySubsets,
    sr: roundMetric(c.sr),
    turn: roundMetric(c.turn),
    afr: roundMetric(c.afr),
    lnsr: roundMetric(c.lnsr),
    r_at_5: roundMetric(c.r_at_5),
    ndcg_at_10: roundMetric(c.ndcg_at_10),
    rpr: roundMetric(c.rpr),
    rpr_cart: roundMetric(c.rpr_cart),
    da: roundMetric(c.da),
    da_cases: c.da_cases,
    da_unresolved: c.da_unresolved,
    r_mrr_at_10: roundMetric(c.r_mrr_at_10),
    catalog_pct: roundMetric(c.catalog_pct),
    cgv: map(c.cgv),
    delta_cgv: map(c.delta_cgv),
    cgv_events: c.cgv_events,
    judge: c.judge ? map(c.judge) : null,
    judged: c.judged,
    format: c.format,
    usage: c.usage,
    protocol: c.protocol,
  };
}

export const MAIN_COLUMNS = [
  ["SR (%)", "sr"],
  ["Turn", "turn"],
  ["AFR (%)", "afr"],
  ["LNSR (%)", "lnsr"],
  ["R@5 (%)", "r_at_5"],
  ["NDCG@10 (%)", "ndcg_at_10"],
] as const;

export const PURCHASE_COLUMNS = [
  ["RPR (%)", "rpr"],
  ["RPR|Cart (%)", "rpr_cart"],
  ["DA (%)", "da"],
  ["R-MRR@10 (%)", "r_mrr_at_10"],
  ["Catalog (%)", "catalog_pct"],
] as const;

export function cohortLabel(c: CohortReport): string {
  const extra = [
    c.shopper !== "rule" ? `shopper ${c.shopper}` : "",
    c.condition !== "full" ? c.condition : "",
  ]
    .filter(Boolean)
    .join(", ");
  return extra ? `${c.assistant} (${extra})` : c.assistant;
}
