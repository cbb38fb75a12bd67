import { z } from "zod";
import { envOrder } from "../envs/registry.js";
import { type CohortReport, evaluate, type MetricValue } from "../eval/evaluate.js";
import { formatMetric, MAIN_COLUMNS, storeDisplayName } from "../eval/format.js";
import { type ChartSpec, chartSvg, reportChartSpecs } from "../eval/report/charts.js";
import { sdNoteOf } from "../eval/report/write-report.js";
import { runRoles } from "../storage/run-roles.js";
import type { RunStore } from "../storage/run-store.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import {
  filterQuery,
  type Leaderboard,
  type LeaderboardColumn,
  type LeaderboardFilters,
  type LeaderboardRow,
} from "./api-types.js";

/** An empty query value is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/** The leaderboard's (and runs list's) query: `?store=supermarket&subset=2&condition=full`. */
export const LeaderboardQuery = z
  .object({
    store: optional(z.string().regex(/^[\w.-]{1,100}(?:@\d{1,6})?$/, "a store id")),
    subset: optional(z.enum(["0", "1", "2", "3"]).transform(Number)),
    condition: optional(z.string().regex(/^[\w.-]{1,50}$/, "a condition")),
  })
  .strict();

/** The paper's Table 3 column groups over the report's main columns. */
const GROUP_OF: Record<(typeof MAIN_COLUMNS)[number][1], string> = {
  sr: "Outcome",
  turn: "Outcome",
  afr: "Navigation",
  lnsr: "Navigation",
  r_at_5: "Recommendation",
  ndcg_at_10: "Recommendation",
};
const TITLES: Record<string, string> = {
  sr: "Success rate: episodes ending with an item added to the cart",
  turn: "Mean number of turns per episode",
  afr: "Action following rate: the shopper's action type matched the assistant's suggestion",
  lnsr: "Local navigation success: the action's direction or destination matched too",
  r_at_5: "Recall@5: the purchased product among the top five recommendations",
  ndcg_at_10: "NDCG@10: the purchased product ranked high among the top ten",
};
/** Columns where less is not worse (Turn) get no "best" mark, as in the paper. */
const UNRANKED = new Set(["turn"]);

/** The judge's dimensions, in the order evaluation gives them (`JUDGE_DIMENSIONS`); none when nothing was judged. */
function judgeDimensions(cohorts: CohortReport[]): string[] {
  return Object.keys(cohorts.find((c) => c.judge)?.judge ?? {});
}

function columns(dimensions: string[]): LeaderboardColumn[] {
  const main = MAIN_COLUMNS.map(([label, key]) => ({
    group: GROUP_OF[key],
    key,
    label,
    title: TITLES[key] ?? label,
  }));
  return [
    ...main,
    ...dimensions.map((d) => ({
      group: "Dialogue (LLM judge, 1–5)",
      key: d,
      label: d.replace("_", " ").replace(/^\w/, (c) => c.toUpperCase()),
      title: `LLM judge's ${d.replace("_", " ")} score, 1–5`,
    })),
  ];
}

function metric(c: CohortReport, key: string): MetricValue {
  if (key in GROUP_OF) return c[key as keyof typeof GROUP_OF];
  return c.judge?.[key] ?? { value: null, sd: null };
}

/** One block of rows per store, in the registry's order, the best value of each column marked. */
function tableOf(cohorts: CohortReport[], cols: LeaderboardColumn[]): Leaderboard["stores"] {
  const envs = [...new Set(cohorts.map((c) => c.env))].sort((a, b) => envOrder(a) - envOrder(b));
  return envs.map((env) => {
    const here = cohorts.filter((c) => c.env === env);
    const best = new Map<string, number>();
    for (const col of cols) {
      if (UNRANKED.has(col.key)) continue;
      const values = here.map((c) => metric(c, col.key).value).filter((v): v is number => v !== null);
      if (values.length > 1) best.set(col.key, Math.max(...values));
    }
    const rows: LeaderboardRow[] = here.map((c) => ({
      assistant: c.assistant,
      condition: c.condition,
      shopper: c.shopper,
      moderator: c.moderator,
      episodes: c.episodes,
      runs: c.runs,
      cells: Object.fromEntries(
        cols.map((col) => {
          const m = metric(c, col.key);
          const digits = col.group.startsWith("Dialogue") ? 2 : 1;
          return [
            col.key,
            { ...m, text: formatMetric(m, digits), best: m.value !== null && best.get(col.key) === m.value },
          ];
        }),
      ),
    }));
    return { env, name: storeDisplayName(env), rows };
  });
}

interface Computed {
  view: Leaderboard;
  specs: Map<string, ChartSpec>;
  svgs: Map<string, Promise<string>>;
}

/**
 * The leaderboard over a run store's SituRecBench runs: `siturec report`'s cohorts (its metric
 * computation) in the paper's Table 3 layout, and its charts as SVG. What the runs hold is read again
 * only when a run's status or finished count changed; the last few filter settings are kept.
 */
export class Leaderboards {
  private readonly cache = new Map<string, Promise<Computed>>();

  constructor(private readonly store: () => RunStore | undefined) {}

  async view(filters: LeaderboardFilters): Promise<Leaderboard> {
    return (await this.computed(filters)).view;
  }

  /** A chart of the leaderboard as SVG, or undefined when it has none of that name. */
  async chart(filters: LeaderboardFilters, name: string): Promise<string | undefined> {
    const c = await this.computed(filters);
    const spec = c.specs.get(name);
    if (!spec) return undefined;
    let svg = c.svgs.get(name);
    if (!svg) {
      svg = chartSvg(spec.spec);
      c.svgs.set(name, svg);
    }
    return svg;
  }

  private async computed(filters: LeaderboardFilters): Promise<Computed> {
    const store = this.store();
    const runs = store ? (await store.listRuns()).filter((r) => r.benchmark === "situ-rec") : [];
    const rows = store ? await Promise.all(runs.map((r) => store.episodes(r.id))) : [];
    const fingerprint = runs.map(
      (r, i) => `${r.id}:${r.status}:${rows[i]!.filter((e) => e.status === "finished").length}`,
    );
    const key = JSON.stringify([filters, fingerprint]);
    let entry = this.cache.get(key);
    if (!entry) {
      entry = this.compute(store, filters, runs, rows);
      this.cache.set(key, entry);
      entry.catch(() => this.cache.delete(key));
      // A few recent settings are enough: drop the oldest.
      while (this.cache.size > 8) this.cache.delete(this.cache.keys().next().value!);
    }
    return entry;
  }

  private async compute(
    store: RunStore | undefined,
    filters: LeaderboardFilters,
    runs: Awaited<ReturnType<RunStore["listRuns"]>>,
    rows: Awaited<ReturnType<RunStore["episodes"]>>[],
  ): Promise<Computed> {
    const stores = new Set<string>();
    const conditions = new Set<string>();
    const chosen: string[] = [];
    runs.forEach((run, i) => {
      const envs = new Set(rows[i]!.map((e) => e.env));
      const condition = runRoles(run).condition;
      for (const e of envs) stores.add(e);
      if (condition !== "-") conditions.add(condition);
      if (filters.store && !envs.has(filters.store)) return;
      // A run whose config names no condition is filtered by its episodes' headers only.
      if (filters.condition && condition !== "-" && condition !== filters.condition) return;
      chosen.push(run.id);
    });
    const trajectories: Trajectory[] = [];
    if (store)
      for (const id of chosen)
        for await (const t of store.trajectories(id)) {
          const h = t.header;
          if (filters.store && h.env !== filters.store) continue;
          if (filters.subset !== undefined && h.task.subset !== filters.subset) continue;
          if (filters.condition && h.condition !== filters.condition) continue;
          trajectories.push(t);
        }
    const cohorts = evaluate(trajectories);
    const cols = columns(judgeDimensions(cohorts));
    const specs = cohorts.length ? reportChartSpecs(cohorts) : [];
    const q = filterQuery(filters);
    const view: Leaderboard = {
      filters,
      options: {
        stores: [...stores].sort((a, b) => envOrder(a) - envOrder(b)),
        conditions: [...conditions].sort(),
        subsets: [0, 1, 2, 3],
      },
      columns: cols,
      stores: tableOf(cohorts, cols),
      note: cohorts.length ? `${sdNoteOf(cohorts)} Turn is a count; the rest are percentages.` : "",
      charts: specs.map((s) => ({
        name: s.name,
        title: s.title,
        url: `/api/leaderboard/charts/${s.name}.svg${q}`,
      })),
      runs: [...new Set(cohorts.flatMap((c) => c.runs))],
      episodes: trajectories.length,
    };
    return { view, specs: new Map(specs.map((s) => [s.name, s])), svgs: new Map() };
  }
}
