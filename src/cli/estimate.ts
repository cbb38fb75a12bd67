import type { Growth, Range, RoleEstimate } from "../llm/call-estimate.js";
import type { CustomerSimEstimate } from "../runner/customersim/estimate-customersim.js";
import type { RunEstimate } from "../runner/estimate.js";
import { formatTable } from "./table.js";

export { estimateRun } from "../runner/estimate.js";

const usd = (v: number) => `$${v < 10 ? v.toFixed(4) : v.toFixed(2)}`;
const k = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(0)}k` : String(n));
const range = (r: Range, f: (n: number) => string) =>
  r.low === r.high ? f(r.low) : `${f(r.low)}–${f(r.high)}`;

/** What each later call of an episode adds: a dialogue entry, and an earlier view up to the cap. */
function growthText(g: Growth | undefined): string {
  if (!g) return "-";
  const cap = g.viewCap === "all" ? "" : ` (≤ ${g.viewCap})`;
  return g.perView && g.viewCap !== 0 ? `${g.perTurn} + ${g.perView} a view${cap}` : String(g.perTurn);
}

/** The part every estimate shares: its roles, totals and method. */
export interface CostEstimate {
  roles: RoleEstimate[];
  costUsd: Range;
  costWithoutCacheUsd: Range;
  cacheHitRate: number;
  method: string;
}

/**
 * An estimate as text: the headline, a table per role and model, the total, and how it was counted;
 * `job` names what `--max-cost` would stop ("run", "judging pass").
 */
export function costEstimateText(
  headline: string,
  e: CostEstimate,
  opts: { maxCost?: number; job: string; sampleColumn: string },
): string {
  const lines = [headline];
  const growing = e.roles.some((r) => r.growth);
  if (!e.roles.length) {
    lines.push(`no role is played by a model: the ${opts.job} costs nothing in model calls`);
    return `${lines.join("\n")}\n`;
  }
  lines.push(
    formatTable(
      [
        "role",
        "model",
        "calls",
        opts.sampleColumn,
        "prefix",
        ...(growing ? ["grows a turn"] : []),
        "input (uncached / cached)",
        "output",
        "cost",
      ],
      e.roles.map((r) => [
        r.role,
        r.model,
        range(r.calls, String),
        `${r.firstTurnInputTokens}${r.imageTokens ? ` (${r.imageTokens} img)` : ""}`,
        String(r.prefixTokens),
        ...(growing ? [growthText(r.growth)] : []),
        `${range(r.inputTokens, k)} (${range(r.uncachedInputTokens, k)} / ${range(r.cachedInputTokens, k)})`,
        range(r.outputTokens, k),
        `${range(r.costUsd, usd)}${r.priced ? "" : " (unpriced)"}`,
      ]),
    ).trimEnd(),
  );
  lines.push(
    `total: ${range(e.costUsd, usd)} with prompt caching at a ${Math.round(100 * e.cacheHitRate)}% hit rate (${range(e.costWithoutCacheUsd, usd)} without)`,
  );
  if (opts.maxCost !== undefined && e.costUsd.high > opts.maxCost)
    lines.push(`--max-cost ${usd(opts.maxCost)} may stop the ${opts.job} before it ends`);
  lines.push(`counted: ${e.method}`);
  return `${lines.join("\n")}\n`;
}

/** `siturec run --estimate`'s text. */
export function estimateText(e: RunEstimate, maxCost?: number): string {
  return costEstimateText(
    `estimate: ${e.episodes} episodes${e.kept ? ` (${e.kept} finished kept)` : ""}, ${range(e.turns, String)} turns in all; the first two turns' requests of ${e.sampled} episodes built, no model called`,
    e,
    { ...(maxCost !== undefined ? { maxCost } : {}), job: "run", sampleColumn: "first-turn in" },
  );
}

/** `siturec customersim run --estimate`'s text. */
export function customerSimEstimateText(e: CustomerSimEstimate, maxCost?: number): string {
  return costEstimateText(
    `estimate: ${e.conversations} conversations${e.kept ? ` (${e.kept} finished kept)` : ""}, ${range(e.rounds, String)} rounds in all; first-round requests of ${e.sampled} conversations built, no model called`,
    e,
    { ...(maxCost !== undefined ? { maxCost } : {}), job: "run", sampleColumn: "first-round in" },
  );
}
