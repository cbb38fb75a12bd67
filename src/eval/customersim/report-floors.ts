import type { FloorSource } from "./da-floors.js";
import type { EvalRow, RunEvaluation } from "./evaluate-customersim-run.js";

/** What the floor columns of the report's DA tables mean. */
export const FLOORS_NOTE =
  "Floors: the DA of the walk-out shopper (says only what it shops for, leaves after the first recommendation) and of the buy-first shopper (buys the first product recommended) against the same salesperson on the same personas; a shopper under test should beat both. Shown acceptable: conversations of feasible personas in which the salesperson recommended an acceptable product.";

const fixed = (v: number | null | undefined) => (v === null || v === undefined ? "–" : v.toFixed(3));

/** The floor cells beside a row's DA: walk-out, buy-first, shown acceptable (x/y). */
export function floorCells(row: EvalRow): string[] {
  const s = row.shownAcceptable;
  return [fixed(row.floors?.walkOut), fixed(row.floors?.buyFirst), s ? `${s.shown}/${s.feasible}` : "–"];
}

/** The same as CSV values (the shown share as a number). */
export function floorCsv(row: EvalRow): (number | null)[] {
  return [row.floors?.walkOut ?? null, row.floors?.buyFirst ?? null, row.shownAcceptable?.share ?? null];
}

const sourceText = (s: FloorSource) =>
  s.kind === "played"
    ? "played for this report"
    : s.kind === "run"
      ? `from run ${s.runId}`
      : `missing (${s.command})`;

/** Where each run's floors came from, one sentence per run whose floors are not simply played here. */
export function floorSources(runs: readonly RunEvaluation[]): string {
  const lines = runs.flatMap((r) => {
    const f = r.floors;
    if (!f || (f.walkOut.kind === "played" && f.buyFirst.kind === "played")) return [];
    return [` ${r.run}: walk-out ${sourceText(f.walkOut)}; buy-first ${sourceText(f.buyFirst)}.`];
  });
  return lines.join("");
}
