import { CATEGORIES, CATEGORY_IDS, type CategoryId } from "../customersim/index.js";
import { estimatorText } from "../eval/customersim/customersim-judges.js";
import { runLabels } from "../eval/customersim/customersim-report.js";
import type { FloorSource } from "../eval/customersim/da-floors.js";
import {
  type EvalRow,
  measureRun,
  type RunEvaluation,
} from "../eval/customersim/evaluate-customersim-run.js";
import { FLOORS_NOTE } from "../eval/customersim/report-floors.js";
import type { RunRow, RunStore } from "../storage/run-store.js";
import type {
  ByCategory,
  CustomerSimBoardRow,
  CustomerSimLeaderboard,
} from "./customersim-leaderboard-types.js";

/** A steered shopper's id carries its steering (`MODEL+human-steering`); the backbone is the model. */
const STEERED = "+human-steering";

const floorText = (s: FloorSource) =>
  s.kind === "played" ? "played here" : s.kind === "run" ? `from run ${s.runId}` : `missing (${s.command})`;

function byCategory(
  r: RunEvaluation,
  cats: readonly CategoryId[],
  pick: (row: EvalRow) => number | null,
): ByCategory {
  return {
    byCategory: Object.fromEntries(cats.map((c) => [c, r.byCategory[c] ? pick(r.byCategory[c]!) : null])),
    overall: pick(r.overall),
  };
}

function rowOf(r: RunEvaluation, label: string, cats: readonly CategoryId[]): CustomerSimBoardRow {
  const f = r.floors;
  return {
    run: r.run,
    status: r.status,
    label,
    backbone: r.shopper.endsWith(STEERED) ? r.shopper.slice(0, -STEERED.length) : r.shopper,
    shopper: r.shopper,
    sales: r.sales,
    steering: r.steering === "human" ? "human" : "none",
    conversations: r.overall.conversations,
    da: byCategory(r, cats, (row) => row.da),
    floors: { walkOut: r.overall.floors?.walkOut ?? null, buyFirst: r.overall.floors?.buyFirst ?? null },
    shownAcceptable: r.overall.shownAcceptable
      ? { shown: r.overall.shownAcceptable.shown, feasible: r.overall.shownAcceptable.feasible }
      : null,
    floorSource:
      f && (f.walkOut.kind !== "played" || f.buyFirst.kind !== "played")
        ? `walk-out ${floorText(f.walkOut)}; buy-first ${floorText(f.buyFirst)}`
        : null,
    end: byCategory(r, cats, (row) => row.end),
    fmt: byCategory(r, cats, (row) => row.fmt),
    crit: r.overall.crit,
    cpl: r.overall.cpl,
    red: r.overall.red,
    daRank: {},
  };
}

/** Marks the best (1) and second-best (2) DA of each column among one salesperson's rows, as Table 1 does. */
function rankDa(rows: CustomerSimBoardRow[], cats: readonly string[]): void {
  for (const sales of new Set(rows.map((r) => r.sales))) {
    const here = rows.filter((r) => r.sales === sales);
    if (here.length < 2) continue;
    for (const col of [...cats, "overall"]) {
      const value = (r: CustomerSimBoardRow) => (col === "overall" ? r.da.overall : r.da.byCategory[col]);
      const distinct = [...new Set(here.map(value).filter((v): v is number => v !== null))].sort(
        (a, b) => b - a,
      );
      for (const r of here) {
        const place = distinct.indexOf(value(r) ?? Number.NaN);
        if (place === 0 || place === 1) r.daRank[col] = (place + 1) as 1 | 2;
      }
    }
  }
}

/** By salesperson in order of first appearance, then backbone, its steered run after its plain one. */
function ordered(rows: CustomerSimBoardRow[]): CustomerSimBoardRow[] {
  const salesOrder = [...new Set(rows.map((r) => r.sales))];
  return rows
    .map((r, i) => ({ r, i }))
    .sort(
      (a, b) =>
        salesOrder.indexOf(a.r.sales) - salesOrder.indexOf(b.r.sales) ||
        a.r.backbone.localeCompare(b.r.backbone) ||
        Number(a.r.steering === "human") - Number(b.r.steering === "human") ||
        a.i - b.i,
    )
    .map(({ r }) => r);
}

const NOTES: CustomerSimLeaderboard["notes"] = {
  decisionAlignment: `Decision Alignment, equation (1): 1 for a correct purchase (recommended and acceptable) or a correct abstention (no purchase, no acceptable product recommended), else 0; mean per category and overall. Bold: the best of a salesperson's rows, underlined: the second. “–”: a category the run did not simulate. ${FLOORS_NOTE}`,
  toolCalling:
    "Percentage of conversations with a terminal action at turn 1 (End.) and with a shopper tool-call format error (Fmt.), per category and overall.",
  fidelity:
    "First-turn criteria (Crit.), share of complete sentences (%Cpl.) and mean TF-IDF redundancy within a category (Red.), Appendix C.1, overall. The paper reports them as differences to the human baseline (RecQuest): siturec customersim report RUN… --human-baseline DIR writes those.",
};

/** The store's CustomerSim runs measured as `customersim evaluate` measures them (no judge model, no human baseline). */
async function compute(store: RunStore | undefined, runs: RunRow[]): Promise<CustomerSimLeaderboard> {
  const evaluations: RunEvaluation[] = [];
  const skipped: CustomerSimLeaderboard["skipped"] = [];
  if (store)
    for (const run of runs) {
      try {
        evaluations.push((await measureRun(store, run.id, undefined, undefined, { floors: {} })).evaluation);
      } catch (err) {
        skipped.push({ run: run.id, reason: err instanceof Error ? err.message : String(err) });
      }
    }
  const cats = CATEGORY_IDS.filter((c) => evaluations.some((r) => r.byCategory[c]));
  const labels = runLabels(evaluations);
  const rows = ordered(evaluations.map((r, i) => rowOf(r, labels[i]!, cats)));
  rankDa(rows, cats);
  return {
    categories: cats.map((c) => ({ id: c, label: CATEGORIES[c].label })),
    rows,
    estimators: estimatorText(undefined),
    notes: NOTES,
    skipped,
    conversations: rows.reduce((s, r) => s + r.conversations, 0),
  };
}

/**
 * CustomerSim's leaderboard over a run store: every CustomerSim run evaluated once and kept until a
 * run's status or finished count changes (a floor run appearing changes another run's floors, so
 * every CustomerSim run is in the key). It depends on nothing but the store: a static bundle crawls it.
 */
export class CustomerSimLeaderboards {
  private cached: { key: string; view: Promise<CustomerSimLeaderboard> } | undefined;

  constructor(private readonly store: () => RunStore | undefined) {}

  async view(): Promise<CustomerSimLeaderboard> {
    const store = this.store();
    const runs = store ? (await store.listRuns()).filter((r) => r.benchmark === "customersim") : [];
    const rows = store ? await Promise.all(runs.map((r) => store.episodes(r.id))) : [];
    const key = JSON.stringify(
      runs.map((r, i) => `${r.id}:${r.status}:${rows[i]!.filter((e) => e.status === "finished").length}`),
    );
    if (this.cached?.key !== key) {
      const view = compute(store, runs);
      this.cached = { key, view };
      view.catch(() => {
        if (this.cached?.view === view) this.cached = undefined;
      });
    }
    return this.cached.view;
  }
}
