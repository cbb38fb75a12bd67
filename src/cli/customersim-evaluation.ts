import { CustomerSimJudges } from "../eval/customersim/customersim-judges.js";
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
  const headers = ["category", "n", "DA", "Crit.", "%Cpl.", "Red.", "Fmt.", "End."];
  if (withHuman) headers.push("Crit. human", "%Cpl. human", "Red. human", "ΔCrit.", "Δ%Cpl.", "ΔRed.");
  return formatTable(
    headers,
    rows.map(([c, r]) => [
      c,
      String(r.conversations),
      num(r.da, 3),
      num(r.crit),
      num(r.cpl),
      num(r.red, 3),
      num(r.fmt, 3),
      num(r.end, 3),
      ...(withHuman
        ? [
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
