import sharp from "sharp";
import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { JUDGE_DIMENSIONS } from "../../agents/types.js";
import { envIds } from "../../envs/registry.js";
import { TerminationReason } from "../../trajectory/trajectory.js";
import { CGV_KEYS, type CohortReport } from "../evaluate.js";
import { storeDisplayName } from "../format.js";
import { cohortChartLabels } from "./chart-labels.js";
import { stableSvgIds } from "./stable-svg-ids.js";

export interface Chart {
  name: string;
  title: string;
  svg: string;
  png: Buffer;
}

export const chartBase = {
  $schema: "https://vega.github.io/schema/vega-lite/v6.json",
  background: "white",
  // Labels come short and distinct (chart-labels.ts) and are shown whole (0: no limit): without a
  // canvas, Vega estimates text at 0.8 em a character and would cut a 40-character label at its end.
  config: {
    font: "DejaVu Sans",
    view: { stroke: "#ddd" },
    axis: { labelLimit: 0 },
    legend: { labelLimit: 0 },
  },
} as const;
const facet = { field: "store", type: "nominal", title: null, sort: envIds().map(storeDisplayName) } as const;
/** Row facets label each panel above it, left-aligned, rather than sideways. */
const rowFacet = {
  ...facet,
  header: {
    labelAngle: 0,
    labelOrient: "top",
    labelAnchor: "start",
    labelFontWeight: "bold",
    labelFontSize: 12,
  },
} as const;

/** A chart before it is drawn: its name, title and Vega spec (the web viewer draws it as SVG only). */
export interface ChartSpec {
  name: string;
  title: string;
  spec: vega.Spec;
}

/** A Vega spec drawn as SVG (no browser: vega's headless renderer). */
export async function chartSvg(spec: vega.Spec): Promise<string> {
  const view = new vega.View(vega.parse(spec), { renderer: "none" });
  const svg = await view.toSVG();
  view.finalize();
  // The same chart is the same bytes whatever the process drew before it (vega counts ids process-wide).
  return stableSvgIds(svg);
}

export async function renderChart(name: string, title: string, spec: vega.Spec): Promise<Chart> {
  const svg = await chartSvg(spec);
  const png = await sharp(Buffer.from(svg), { density: 144 }).png().toBuffer();
  return { name, title, svg, png };
}

/** A Vega-Lite chart of the reports' style, compiled to Vega. */
export const liteSpec = (name: string, title: string, spec: Record<string, unknown>): ChartSpec => ({
  name,
  title,
  spec: compile({ ...chartBase, title: { text: title, anchor: "start" }, ...spec } as TopLevelSpec).spec,
});

export const liteChart = (name: string, title: string, spec: Record<string, unknown>) => {
  const c = liteSpec(name, title, spec);
  return renderChart(c.name, c.title, c.spec);
};

/** Each cohort's series label (`cohortChartLabels`). */
type Labels = Map<CohortReport, string>;

/** Fig. 4: cumulative success rate by interaction turn. */
function successByTurn(cohorts: CohortReport[], label: Labels) {
  const values = cohorts.flatMap((c) =>
    c.analyses.successByTurn.map((sr, i) => ({
      store: storeDisplayName(c.env),
      assistant: label.get(c)!,
      turn: i + 1,
      sr,
    })),
  );
  return liteSpec("success-by-turn", "Success rate by interaction turn", {
    data: { values },
    facet: { column: facet },
    spec: {
      width: 320,
      height: 220,
      mark: { type: "line", point: true },
      encoding: {
        x: { field: "turn", type: "quantitative", title: "turn", scale: { domainMin: 1 } },
        y: { field: "sr", type: "quantitative", title: "SR(t) (%)", scale: { domain: [0, 100] } },
        color: { field: "assistant", type: "nominal", title: "assistant" },
      },
    },
  });
}

/** Fig. 7: increase in goal visibility over the current turn, by horizon. */
function deltaCgv(cohorts: CohortReport[], label: Labels) {
  const values = cohorts.flatMap((c) =>
    CGV_KEYS.filter((k) => k !== "h0").map((k) => ({
      store: storeDisplayName(c.env),
      assistant: label.get(c)!,
      horizon: k === "end" ? "End" : k.slice(1),
      delta: c.delta_cgv[k]?.value ?? null,
    })),
  );
  return liteSpec("delta-cgv", "ΔCGV by horizon (percentage points over current visibility)", {
    data: { values },
    facet: { column: facet },
    spec: {
      width: 300,
      height: 220,
      mark: { type: "line", point: true },
      encoding: {
        x: {
          field: "horizon",
          type: "ordinal",
          title: "horizon h (turns)",
          sort: ["1", "2", "3", "4", "5", "End"],
        },
        y: { field: "delta", type: "quantitative", title: "ΔCGV (pp)" },
        color: { field: "assistant", type: "nominal" },
      },
    },
  });
}

/** Fig. 9: shares of the ten dialogue actions. */
function actShares(cohorts: CohortReport[], label: Labels) {
  const values = cohorts.flatMap((c) =>
    Object.entries(c.analyses.actShares).map(([act, share]) => ({
      store: storeDisplayName(c.env),
      assistant: label.get(c)!,
      act,
      share,
    })),
  );
  return liteSpec("dialogue-actions", "Shares of the assistant's dialogue actions (%)", {
    data: { values },
    facet: { row: rowFacet },
    spec: {
      width: 560,
      height: { step: 26 },
      encoding: {
        x: { field: "act", type: "nominal", title: null, sort: null, axis: { labelAngle: -30 } },
        y: { field: "assistant", type: "nominal", title: null },
      },
      layer: [
        {
          mark: "rect",
          encoding: {
            color: {
              field: "share",
              type: "quantitative",
              title: "share (%)",
              scale: { scheme: "blues", domain: [0, 100] },
            },
          },
        },
        {
          mark: { type: "text", fontSize: 10 },
          encoding: {
            text: { field: "share", type: "quantitative", format: ".1f" },
            color: { condition: { test: "datum.share > 50", value: "white" }, value: "black" },
          },
        },
      ],
    },
  });
}

/** Fig. 10: suggested actions inside Navigate responses — bubble area is the share, colour the same-action rate. */
function navigateSuggestions(cohorts: CohortReport[], label: Labels) {
  const values = cohorts.flatMap((c) =>
    c.analyses.navigateSuggestions.map((s) => ({
      store: storeDisplayName(c.env),
      assistant: label.get(c)!,
      tool: s.tool,
      share: s.share,
      same: s.sameActionRate,
      count: s.count,
    })),
  );
  return liteSpec("navigate-suggestions", "Suggested actions within Navigate responses", {
    data: { values },
    facet: { row: rowFacet },
    resolve: { scale: { x: "independent" } },
    spec: {
      width: 520,
      height: { step: 34 },
      mark: { type: "circle", stroke: "#555", strokeWidth: 0.5 },
      encoding: {
        x: { field: "tool", type: "nominal", title: null, axis: { labelAngle: -30 } },
        y: { field: "assistant", type: "nominal", title: null },
        size: { field: "share", type: "quantitative", title: "share (%)", scale: { range: [20, 900] } },
        color: {
          field: "same",
          type: "quantitative",
          title: "same-action rate (%)",
          scale: { scheme: "viridis", domain: [0, 100] },
        },
        tooltip: [{ field: "count" }, { field: "share", format: ".1f" }, { field: "same", format: ".1f" }],
      },
    },
  });
}

/** Fig. 11: termination reasons. */
function terminations(cohorts: CohortReport[], label: Labels) {
  const values = cohorts.flatMap((c) =>
    Object.entries(c.analyses.reasons).map(([reason, n]) => ({
      store: storeDisplayName(c.env),
      assistant: label.get(c)!,
      reason,
      share: (100 * n) / c.episodes,
    })),
  );
  return liteSpec("termination-reasons", "Episode termination reasons (% of episodes)", {
    data: { values },
    facet: { row: rowFacet },
    spec: {
      width: 520,
      height: { step: 26 },
      mark: "bar",
      encoding: {
        x: { field: "share", type: "quantitative", title: "% of episodes", scale: { domain: [0, 100] } },
        y: { field: "assistant", type: "nominal", title: null },
        color: {
          field: "reason",
          type: "nominal",
          title: "reason",
          scale: {
            domain: TerminationReason.options,
            range: ["#2e7d32", "#9e9e9e", "#ef6c00", "#1565c0", "#6a1b9a", "#c62828"],
          },
        },
      },
    },
  });
}

/** Fig. 3: the dialogue-quality radar (Vega: Vega-Lite has no polar line charts). */
function radar(cohorts: CohortReport[], label: Labels) {
  const judged = cohorts.filter((c) => c.judge);
  const values = judged.flatMap((c) =>
    JUDGE_DIMENSIONS.map((d) => ({
      key: d.replace("_", " "),
      series: `${label.get(c)!} · ${storeDisplayName(c.env)}`,
      value: c.judge?.[d]?.value ?? 0,
    })),
  );
  const spec: vega.Spec = {
    $schema: "https://vega.github.io/schema/vega/v6.json",
    width: 360,
    height: 360,
    padding: { left: 130, right: 30, top: 40, bottom: 40 },
    background: "white",
    autosize: "pad",
    title: { text: "Dialogue quality (LLM judge, 1–5)", anchor: "start", font: "DejaVu Sans", offset: 40 },
    signals: [{ name: "radius", update: "width / 2" }],
    data: [
      { name: "table", values },
      { name: "keys", source: "table", transform: [{ type: "aggregate", groupby: ["key"] }] },
      { name: "rings", values: [1, 2, 3, 4, 5].map((v) => ({ v })) },
    ],
    scales: radarScales(),
    legends: [
      {
        stroke: "color",
        orient: "right",
        direction: "vertical",
        labelFont: "DejaVu Sans",
        labelLimit: 0,
        offset: 130,
        symbolType: "stroke",
      },
    ],
    marks: [radarSeries(), ...radarGrid(), radarKeyLabels()],
  };
  return { name: "dialogue-quality", title: "Dialogue quality (LLM judge, 1–5)", spec };
}

/** The radar's scales: a dimension's angle, a score's radius (0–5), a series' colour. */
function radarScales(): vega.Scale[] {
  return [
    {
      name: "angular",
      type: "point",
      range: { signal: "[-PI, PI]" },
      padding: 0.5,
      domain: { data: "table", field: "key" },
    },
    {
      name: "radial",
      type: "linear",
      range: { signal: "[0, radius]" },
      zero: true,
      nice: false,
      domain: [0, 5],
    },
    {
      name: "color",
      type: "ordinal",
      domain: { data: "table", field: "series" },
      range: { scheme: "category10" },
    },
  ];
}

/** One closed, lightly filled line per series (a cohort in a store). */
function radarSeries(): vega.Mark {
  return {
    type: "group",
    from: { facet: { data: "table", name: "facet", groupby: ["series"] } },
    marks: [
      {
        type: "line",
        from: { data: "facet" },
        encode: {
          enter: {
            interpolate: { value: "linear-closed" },
            x: { signal: "radius + scale('radial', datum.value) * cos(scale('angular', datum.key))" },
            y: { signal: "radius + scale('radial', datum.value) * sin(scale('angular', datum.key))" },
            stroke: { scale: "color", field: "series" },
            strokeWidth: { value: 2 },
            fill: { scale: "color", field: "series" },
            fillOpacity: { value: 0.08 },
          },
        },
      },
    ],
  };
}

/** The radar's grid: a spoke per dimension and a ring per score. */
function radarGrid(): vega.Mark[] {
  return [
    {
      type: "rule",
      from: { data: "keys" },
      encode: {
        enter: {
          x: { signal: "radius" },
          y: { signal: "radius" },
          x2: { signal: "radius + radius * cos(scale('angular', datum.key))" },
          y2: { signal: "radius + radius * sin(scale('angular', datum.key))" },
          stroke: { value: "#ccc" },
        },
      },
    },
    {
      type: "symbol",
      from: { data: "rings" },
      encode: {
        enter: {
          x: { signal: "radius" },
          y: { signal: "radius" },
          shape: { value: "circle" },
          size: { signal: "pow(2 * scale('radial', datum.v), 2)" },
          fill: { value: "transparent" },
          stroke: { value: "#e0e0e0" },
        },
      },
    },
  ];
}

/** Each dimension's name past the end of its spoke, aligned away from the centre. */
function radarKeyLabels(): vega.Mark {
  return {
    type: "text",
    from: { data: "keys" },
    encode: {
      enter: {
        x: { signal: "radius + (radius + 14) * cos(scale('angular', datum.key))" },
        y: { signal: "radius + (radius + 14) * sin(scale('angular', datum.key))" },
        text: { field: "key" },
        align: {
          signal:
            "abs(cos(scale('angular', datum.key))) < 0.2 ? 'center' : cos(scale('angular', datum.key)) > 0 ? 'left' : 'right'",
        },
        baseline: {
          signal:
            "sin(scale('angular', datum.key)) > 0.2 ? 'top' : sin(scale('angular', datum.key)) < -0.2 ? 'bottom' : 'middle'",
        },
        font: { value: "DejaVu Sans" },
        fontSize: { value: 11 },
      },
    },
  };
}

/** Every chart of the report, as specs; the radar only when some cohort was judged. */
export function reportChartSpecs(cohorts: CohortReport[]): ChartSpec[] {
  const labels = cohortChartLabels(cohorts);
  const charts = [
    successByTurn(cohorts, labels),
    deltaCgv(cohorts, labels),
    actShares(cohorts, labels),
    navigateSuggestions(cohorts, labels),
    terminations(cohorts, labels),
  ];
  if (cohorts.some((c) => c.judge)) charts.push(radar(cohorts, labels));
  return charts;
}

/** Every chart of the report, drawn (SVG and PNG). */
export function reportCharts(cohorts: CohortReport[]): Promise<Chart[]> {
  return Promise.all(reportChartSpecs(cohorts).map((c) => renderChart(c.name, c.title, c.spec)));
}
