import { CATEGORY_IDS } from "../customersim/index.js";
import { CustomerSimJudges } from "../eval/customersim/customersim-judges.js";
import type { FloorSource } from "../eval/customersim/da-floors.js";
import type { RunEvaluation } from "../eval/customersim/evaluate-customersim-run.js";
import { requireRun } from "../storage/require-run.js";
import type { RunRow, RunStore } from "../storage/run-store.js";
import { formatTable } from "./table.js";

/** A CustomerSim run of a store, or an error saying what it is instead. */
export function requireCustomerSimRun(store: RunStore, runId: string): Promise<RunRow> {
  return requireRun(store, runId, "customersim");
}

export const num = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? "--" : v.toFixed(digits);

export function evalTable(report: RunEvaluation, withHuman: boolean): string {
  const rows = [
    ...Object.entries(report.byCategory).map(([c, r]) => [c, r] as const),
    ["overall", report.overall] as const,
  ];
  const headers = [
    "category",
    "n",
    "DA",
    "walk-out",
    "buy-first",
    "shown",
    "Crit.",
    "%Cpl.",
    "Red.",
    "Fmt.",
    "End.",
  ];
  if (withHuman)
    headers.push("human from", "Crit. human", "%Cpl. human", "Red. human", "ΔCrit.", "Δ%Cpl.", "ΔRed.");
  return formatTable(
    headers,
    rows.map(([c, r]) => [
      c,
      String(r.conversations),
      num(r.da, 3),
      num(r.floors?.walkOut, 3),
      num(r.floors?.buyFirst, 3),
      r.shownAcceptable ? `${r.shownAcceptable.shown}/${r.shownAcceptable.feasible}` : "--",
      num(r.crit),
      num(r.cpl),
      num(r.red, 3),
      num(r.fmt, 3),
      num(r.end, 3),
      ...(withHuman
        ? [
            r.human?.scope === "category" ? "category" : "all",
            num(r.human?.crit),
            num(r.human?.cpl),
            num(r.human?.red, 3),
            num(r.delta?.crit),
            num(r.delta?.cpl),
            num(r.delta?.red, 3),
          ]
        : []),
    ]),
  );
}

/** Where a run's DA floors came from, in words, with the command that makes a missing one. */
export function floorLines(report: RunEvaluation): string {
  const f = report.floors;
  if (!f) return "";
  const what = (s: FloorSource) =>
    s.kind === "played"
      ? `played here (${(s.ms / 1000).toFixed(2)} s)`
      : s.kind === "run"
        ? `from run ${s.runId}`
        : `not played yet; make it with: ${s.command}`;
  return (
    `DA floors against ${f.sales} on the same personas (shoppers that say only what they shop for): ` +
    `walk-out (leaves after the first recommendation) ${what(f.walkOut)}; buy-first (buys the first product recommended) ${what(f.buyFirst)}. ` +
    "shown: feasible personas' conversations in which the salesperson recommended an acceptable product.\n"
  );
}

/** The judge a command's `--judge`, `--no-cache` and `--concurrency` flags ask for, if any. */
export function judgesFromFlags(opts: {
  judge?: string;
  dir: string;
  cache: boolean;
  concurrency: number;
}): CustomerSimJudges | undefined {
  return opts.judge
    ? new CustomerSimJudges(opts.judge, {
        storeDir: opts.dir,
        noCache: !opts.cache,
        concurrency: opts.concurrency,
      })
    : undefined;
}

/**
 * Which CustomerSim categories have a RecQuest counterpart (laptop → laptops, smartwatch →
 * smart-watches), and that the others are compared with every dialogue.
 */
export function humanScopeText(dialoguesByCategory: Record<string, number>): string {
  const own = CATEGORY_IDS.filter((c) => dialoguesByCategory[c]);
  const none = CATEGORY_IDS.filter((c) => !dialoguesByCategory[c]);
  const total = Object.values(dialoguesByCategory).reduce((s, n) => s + n, 0);
  const parts = [
    ...(own.length
      ? [
          `compared per category: ${own.map((c) => `${c} with its ${dialoguesByCategory[c]} dialogues`).join(", ")}`,
        ]
      : []),
    ...(none.length ? [`no RecQuest counterpart (compared with all ${total}): ${none.join(", ")}`] : []),
  ];
  return parts.join("; ");
}
