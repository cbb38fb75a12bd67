import { mkdirSync } from "node:fs";
import { CATEGORIES, CATEGORY_IDS, type CategoryId, type FidelityReport } from "../../customersim/index.js";
import { chartBase, liteChart } from "../report/charts.js";
import { usageTable } from "../report/usage-table.js";
import { type ReportFiles, type Table, writeReportFiles } from "../report/write-report.js";
import type { EvalRow, RunEvaluation } from "./evaluate-customersim-run.js";
import { comparisonTable, type ReportComparison } from "./report-comparison-table.js";
import { FLOORS_NOTE, floorCells, floorCsv, floorSources } from "./report-floors.js";

/** CustomerSim's legends name runs ("shopper vs salesperson"), longer than SituRecBench's. */
const legend = { labelLimit: 400, titleLimit: 400 } as const;

/**
 * `siturec customersim report`: the paper's Tables 1–3 (decision alignment per category; early exits
 * and format errors; conversational fidelity against the human baseline) as Markdown, CSV and HTML,
 * and charts (Vega-Lite → SVG → PNG) linked from index.html and index.md, laid out as `siturec report`
 * lays out SituRecBench's.
 * The chart renderer and the table writers are `siturec report`'s (`src/eval/report`).
 */

// ---- CustomerSim's tables and charts ----

export interface CustomerSimReportInput {
  runs: RunEvaluation[];
  /** The human baseline (RecQuest), when one was given. */
  human?: { source: string; report: FidelityReport };
  /** Which estimator gave Crit. and %Cpl., in words. */
  estimators: string;
  /** Each run after the first against the first, persona by persona (`customersim compare`). */
  comparisons?: ReportComparison[];
}

const fixed = (v: number | null | undefined, digits: number) =>
  v === null || v === undefined ? "–" : v.toFixed(digits);
const signed = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? "–" : `${v >= 0 ? "+" : ""}${v.toFixed(digits)}`;
const pct = (v: number | null | undefined) => (v === null || v === undefined ? null : v * 100);

/** How a run is named in tables and charts: its shopper (+ human steering) against its salesperson. */
export function runLabels(runs: readonly RunEvaluation[]): string[] {
  const label = (r: RunEvaluation) =>
    `${r.shopper}${r.steering === "human" ? " + Human Steering" : ""} vs ${r.sales}`;
  const labels = runs.map(label);
  return labels.map((l, i) => (labels.filter((x) => x === l).length > 1 ? `${l} [${runs[i]!.run}]` : l));
}

/** The categories any run covers, in the paper's order. */
function coveredCategories(runs: readonly RunEvaluation[]): CategoryId[] {
  return CATEGORY_IDS.filter((c) => runs.some((r) => r.byCategory[c]));
}

function daTable(runs: RunEvaluation[], labels: string[]): Table {
  const cats = coveredCategories(runs);
  return {
    name: "decision-alignment",
    title: "Decision alignment (Table 1)",
    note: `Decision Alignment, equation (1): 1 for a correct purchase (recommended and acceptable) or a correct abstention (no purchase, no acceptable product recommended), else 0; mean per category and overall. “–”: a category the run did not simulate. ${FLOORS_NOTE}${floorSources(runs)}`,
    headers: [
      "Shopper vs salesperson",
      "Run",
      "N",
      ...cats.map((c) => CATEGORIES[c].label),
      "Overall",
      "Walk-out floor",
      "Buy-first floor",
      "Shown acceptable",
    ],
    csvHeaders: [
      "run",
      "shopper",
      "sales",
      "steering",
      "conversations",
      ...cats,
      "overall",
      "walkout_floor",
      "buyfirst_floor",
      "shown_acceptable",
    ],
    rows: runs.map((r, i) => ({
      cells: [
        labels[i]!,
        r.run,
        String(r.overall.conversations),
        ...cats.map((c) => fixed(r.byCategory[c]?.da, 3)),
        fixed(r.overall.da, 3),
        ...floorCells(r.overall),
      ],
      csv: [
        r.run,
        r.shopper,
        r.sales,
        r.steering,
        r.overall.conversations,
        ...cats.map((c) => r.byCategory[c]?.da ?? null),
        r.overall.da,
        ...floorCsv(r.overall),
      ],
    })),
  };
}

function toolTable(runs: RunEvaluation[], labels: string[]): Table {
  const cats = coveredCategories(runs);
  const cols: [string, (r: RunEvaluation) => EvalRow | undefined][] = [
    ...cats.map(
      (c) =>
        [CATEGORIES[c].label, (r: RunEvaluation) => r.byCategory[c]] as [
          string,
          (r: RunEvaluation) => EvalRow | undefined,
        ],
    ),
    ["Overall", (r) => r.overall],
  ];
  return {
    name: "tool-calling",
    title: "Early exits and format errors (Table 2)",
    note: "Percentage of conversations with a terminal action at turn 1 (End.) and with a shopper tool-call format error (Fmt.), per category and overall.",
    headers: ["Shopper vs salesperson", "Run", ...cols.flatMap(([h]) => [`${h} End.`, `${h} Fmt.`])],
    csvHeaders: [
      "run",
      "shopper",
      "sales",
      "steering",
      ...[...cats, "overall"].flatMap((c) => [`${c}_end_pct`, `${c}_fmt_pct`]),
    ],
    rows: runs.map((r, i) => ({
      cells: [
        labels[i]!,
        r.run,
        ...cols.flatMap(([, pick]) => [fixed(pct(pick(r)?.end), 2), fixed(pct(pick(r)?.fmt), 2)]),
      ],
      csv: [
        r.run,
        r.shopper,
        r.sales,
        r.steering,
        ...cols.flatMap(([, pick]) => [pct(pick(r)?.end), pct(pick(r)?.fmt)]),
      ],
    })),
  };
}

function fidelityTable(input: CustomerSimReportInput, labels: string[]): Table {
  const { runs, human } = input;
  const withHuman = human !== undefined;
  const rows: Table["rows"] = runs.map((r, i) => ({
    cells: [
      labels[i]!,
      r.run,
      String(r.overall.conversations),
      fixed(r.overall.crit, 2),
      fixed(r.overall.cpl, 2),
      fixed(r.overall.red, 3),
      ...(withHuman
        ? [signed(r.overall.delta?.crit), signed(r.overall.delta?.cpl), signed(r.overall.delta?.red, 3)]
        : []),
    ],
    csv: [
      r.run,
      r.shopper,
      r.sales,
      r.steering,
      r.overall.conversations,
      r.overall.crit,
      r.overall.cpl,
      r.overall.red,
      ...(withHuman
        ? [r.overall.delta?.crit ?? null, r.overall.delta?.cpl ?? null, r.overall.delta?.red ?? null]
        : []),
    ],
  }));
  if (human) {
    const o = human.report.overall;
    rows.push({
      cells: [
        "Human (RecQuest)",
        "–",
        String(o.dialogues),
        fixed(o.crit, 2),
        fixed(o.cpl, 2),
        fixed(o.red, 3),
        "–",
        "–",
        "–",
      ],
      csv: ["human", "recquest", "", "", o.dialogues, o.crit, o.cpl, o.red, null, null, null],
    });
  }
  return {
    name: "conversational-fidelity",
    title: "Conversational fidelity (Table 3)",
    note: `First-turn criteria (Crit.), share of complete sentences (%Cpl.) and mean TF-IDF redundancy within a category (Red.), Appendix C.1; ${input.estimators}.${withHuman ? ` Δ = model − human (Appendix C: the aim is a small |Δ|), the human values from ${human.report.overall.dialogues} RecQuest dialogues (${human.source}).` : " No --human-baseline: raw values only."}`,
    headers: [
      "Shopper vs salesperson",
      "Run",
      "N",
      "Crit.",
      "%Cpl.",
      "Red.",
      ...(withHuman ? ["ΔCrit.", "Δ%Cpl.", "ΔRed."] : []),
    ],
    csvHeaders: [
      "run",
      "shopper",
      "sales",
      "steering",
      "dialogues",
      "crit",
      "cpl",
      "red",
      ...(withHuman ? ["delta_crit", "delta_cpl", "delta_red"] : []),
    ],
    rows,
  };
}

/** Every figure per run and category (and overall), long format: what the other tables are cut from. */
function allMetricsTable(input: CustomerSimReportInput, labels: string[]): Table {
  const keys = ["da", "crit", "cpl", "red", "fmt", "end"] as const;
  const rows = input.runs.flatMap((r, i) =>
    [
      ...CATEGORY_IDS.filter((c) => r.byCategory[c]).map(
        (c) => [CATEGORIES[c].label, c, r.byCategory[c]!] as const,
      ),
      ["Overall", "overall", r.overall] as const,
    ].map(([label, id, row]) => ({
      cells: [
        labels[i]!,
        label,
        String(row.conversations),
        fixed(row.da, 3),
        ...floorCells(row),
        fixed(row.crit, 2),
        fixed(row.cpl, 2),
        fixed(row.red, 3),
        fixed(row.fmt, 3),
        fixed(row.end, 3),
        ...(input.human ? [signed(row.delta?.crit), signed(row.delta?.cpl), signed(row.delta?.red, 3)] : []),
      ],
      csv: [
        r.run,
        id,
        row.conversations,
        ...keys.map((k) => row[k]),
        ...floorCsv(row),
        ...(input.human ? [row.human?.crit ?? null, row.human?.cpl ?? null, row.human?.red ?? null] : []),
        ...(input.human ? [row.delta?.crit ?? null, row.delta?.cpl ?? null, row.delta?.red ?? null] : []),
      ],
    })),
  );
  return {
    name: "per-category",
    title: "Every metric per category",
    note: `DA with its floors, Crit., %Cpl., Red., Fmt. and End. (shares) per run and category; ${input.estimators}.${input.human ? " Laptops and Smart Watch are compared with RecQuest's laptop and smartwatch dialogues when the baseline has them; Female Clothing, Male Clothing and Games have no RecQuest counterpart and are compared with all its dialogues." : ""} ${FLOORS_NOTE}`,
    headers: [
      "Shopper vs salesperson",
      "Category",
      "N",
      "DA",
      "Walk-out floor",
      "Buy-first floor",
      "Shown acceptable",
      "Crit.",
      "%Cpl.",
      "Red.",
      "Fmt.",
      "End.",
      ...(input.human ? ["ΔCrit.", "Δ%Cpl.", "ΔRed."] : []),
    ],
    csvHeaders: [
      "run",
      "category",
      "conversations",
      ...keys,
      "walkout_floor",
      "buyfirst_floor",
      "shown_acceptable",
      ...(input.human
        ? ["human_crit", "human_cpl", "human_red", "delta_crit", "delta_cpl", "delta_red"]
        : []),
    ],
    rows,
  };
}

/** Table 1 as bars: DA per category and overall, one bar per run. */
function daChart(runs: RunEvaluation[], labels: string[]) {
  const cats = coveredCategories(runs);
  const order = [...cats.map((c) => CATEGORIES[c].label), "Overall"];
  const values = runs.flatMap((r, i) => [
    ...cats.flatMap((c) =>
      r.byCategory[c] ? [{ category: CATEGORIES[c].label, run: labels[i]!, da: r.byCategory[c]!.da }] : [],
    ),
    { category: "Overall", run: labels[i]!, da: r.overall.da },
  ]);
  return liteChart("decision-alignment", "Decision alignment per category", {
    data: { values },
    width: order.length * Math.max(80, 24 * runs.length),
    height: 240,
    mark: { type: "bar", tooltip: true },
    encoding: {
      x: {
        field: "category",
        type: "nominal",
        sort: order,
        title: null,
        // Two-word category names on two lines, so that neighbouring labels never run together.
        axis: { labelAngle: 0, labelExpr: "split(datum.label, ' ')" },
      },
      xOffset: { field: "run", type: "nominal", sort: labels },
      y: { field: "da", type: "quantitative", title: "DA", scale: { domain: [0, 1] } },
      color: { field: "run", type: "nominal", title: "shopper vs salesperson", sort: labels, legend },
    },
  });
}

/** Table 3 as bars: each run's Crit., %Cpl. and Red. beside the human baseline's, one panel per metric. */
function fidelityChart(input: CustomerSimReportInput, labels: string[]) {
  const human = input.human?.report.overall;
  const series = [...labels, ...(human ? ["Human (RecQuest)"] : [])];
  const metrics = ["Crit.", "%Cpl.", "Red."] as const;
  const pick = (o: { crit: number | null; cpl: number | null; red: number | null }) =>
    [o.crit, o.cpl, o.red] as const;
  const values = [
    ...input.runs.flatMap((r, i) =>
      pick(r.overall).map((v, k) => ({ metric: metrics[k], series: labels[i]!, value: v })),
    ),
    ...(human
      ? pick(human).map((v, k) => ({ metric: metrics[k], series: "Human (RecQuest)", value: v }))
      : []),
  ].filter((v) => v.value !== null);
  const palette = ["#4c78a8", "#f58518", "#54a24b", "#b279a2", "#eeca3b", "#9d755d", "#72b7b2", "#ff9da6"];
  return liteChart(
    "conversational-fidelity",
    human ? "Conversational fidelity vs the human baseline" : "Conversational fidelity",
    {
      data: { values },
      facet: {
        column: {
          field: "metric",
          type: "nominal",
          title: null,
          sort: [...metrics],
          header: { labelFontWeight: "bold", labelFontSize: 12 },
        },
      },
      resolve: { scale: { y: "independent" } },
      spec: {
        width: { step: 26 },
        height: 220,
        layer: [
          {
            mark: { type: "bar", tooltip: true },
            encoding: {
              x: {
                field: "series",
                type: "nominal",
                sort: series,
                title: null,
                axis: { labels: false, ticks: false },
              },
              y: { field: "value", type: "quantitative", title: null },
              color: {
                field: "series",
                type: "nominal",
                title: null,
                sort: series,
                scale: {
                  domain: series,
                  range: series.map((s, i) =>
                    s === "Human (RecQuest)" ? "#555555" : palette[i % palette.length]!,
                  ),
                },
              },
            },
          },
          {
            mark: { type: "text", dy: -6, fontSize: 10 },
            encoding: {
              x: { field: "series", type: "nominal", sort: series },
              y: { field: "value", type: "quantitative" },
              text: { field: "value", type: "quantitative", format: ".2f" },
            },
          },
        ],
      },
      config: { ...chartBase.config, legend: { orient: "bottom", direction: "vertical", labelLimit: 400 } },
    },
  );
}

/** Table 2 as bars: End. and Fmt. overall, per run. */
function toolChart(runs: RunEvaluation[], labels: string[]) {
  const values = runs.flatMap((r, i) => [
    { metric: "End. (early exit)", run: labels[i]!, pct: r.overall.end * 100 },
    { metric: "Fmt. (format error)", run: labels[i]!, pct: r.overall.fmt * 100 },
  ]);
  // A fixed floor of 10% keeps an all-zero chart (the built-in agents) drawn, axis and all.
  const top = Math.max(10, Math.ceil(Math.max(...values.map((v) => v.pct)) / 10) * 10);
  return liteChart("tool-calling", "Early exits and format errors (% of conversations)", {
    data: { values },
    width: 2 * Math.max(90, 28 * runs.length),
    height: 200,
    mark: { type: "bar", tooltip: true },
    encoding: {
      x: {
        field: "metric",
        type: "nominal",
        title: null,
        axis: { labelAngle: 0, labelExpr: "split(datum.label, ' (')[0]" },
      },
      xOffset: { field: "run", type: "nominal", sort: labels },
      y: { field: "pct", type: "quantitative", title: "% of conversations", scale: { domain: [0, top] } },
      color: { field: "run", type: "nominal", title: "shopper vs salesperson", sort: labels, legend },
    },
  });
}

/** Writes the tables (Markdown, CSV), the charts (SVG, PNG) and index.md / index.html into `dir`. */
export async function writeCustomerSimReport(
  input: CustomerSimReportInput,
  dir: string,
): Promise<ReportFiles> {
  mkdirSync(dir, { recursive: true });
  const labels = runLabels(input.runs);
  const tables = [
    daTable(input.runs, labels),
    toolTable(input.runs, labels),
    fidelityTable(input, labels),
    allMetricsTable(input, labels),
    ...(input.comparisons?.length ? [comparisonTable(input.comparisons)] : []),
  ];
  const usage = input.runs.flatMap((r, i) => r.spent.map((s) => ({ label: labels[i]!, ...s })));
  if (usage.some((u) => u.calls > 0))
    tables.push(
      usageTable(
        usage,
        "Per run, role and model: every call on the run's ledger (judges included). Input tokens split into uncached, read from the providers' prompt caches, and written to them.",
      ),
    );
  const charts = [
    await daChart(input.runs, labels),
    await toolChart(input.runs, labels),
    await fidelityChart(input, labels),
  ];
  return writeReportFiles(dir, {
    title: "CustomerSim report",
    runs: input.runs.map((r) => r.run),
    summary: `${input.estimators}.`,
    tables,
    charts,
  });
}
