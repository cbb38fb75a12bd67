import type { RunEstimate } from "../runner/estimate.js";
import { formatTable } from "./table.js";

export { estimateRun } from "../runner/estimate.js";

const usd = (v: number) => `$${v < 10 ? v.toFixed(4) : v.toFixed(2)}`;
const k = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(0)}k` : String(n));
const range = (r: { low: number; high: number }, f: (n: number) => string) =>
  r.low === r.high ? f(r.low) : `${f(r.low)}–${f(r.high)}`;

/** `siturec run --estimate`'s text: a table per role and model, the total, and how it was counted. */
export function estimateText(e: RunEstimate, maxCost?: number): string {
  const lines = [
    `estimate: ${e.episodes} episodes${e.kept ? ` (${e.kept} finished kept)` : ""}, ${range(e.turns, String)} turns in all; first-turn requests of ${e.sampled} episodes built, no model called`,
  ];
  if (!e.roles.length) {
    lines.push("no role is played by a model: the run costs nothing in model calls");
    return `${lines.join("\n")}\n`;
  }
  lines.push(
    formatTable(
      ["role", "model", "calls", "first-turn in", "prefix", "input (uncached / cached)", "output", "cost"],
      e.roles.map((r) => [
        r.role,
        r.model,
        range(r.calls, String),
        `${r.firstTurnInputTokens}${r.imageTokens ? ` (${r.imageTokens} img)` : ""}`,
        String(r.prefixTokens),
        `${range(r.inputTokens, k)} (${range(r.uncachedInputTokens, k)} / ${range(r.cachedInputTokens, k)})`,
        range(r.outputTokens, k),
        `${range(r.costUsd, usd)}${r.priced ? "" : " (unpriced)"}`,
      ]),
    ).trimEnd(),
  );
  lines.push(
    `total: ${range(e.costUsd, usd)} with prompt caching at a ${Math.round(100 * e.cacheHitRate)}% hit rate (${range(e.costWithoutCacheUsd, usd)} without)`,
  );
  if (maxCost !== undefined && e.costUsd.high > maxCost)
    lines.push(`--max-cost ${usd(maxCost)} may stop the run before it ends`);
  lines.push(`counted: ${e.method}`);
  return `${lines.join("\n")}\n`;
}
