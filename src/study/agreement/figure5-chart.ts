import { type ChartSpec, liteSpec } from "../../eval/report/charts.js";
import { METRIC_TITLES } from "./agreement-tables.js";
import type { Figure5 } from "./figure5.js";

const SOURCES = { questionnaire: "(a) Human questionnaire", judge: "(b) LLM judge" } as const;

/** Figure 5: per dimension, each assistant's mean rating by the participants and by the judge, side by side. */
export function figure5Chart(f: Figure5): ChartSpec {
  const values = f.rows.flatMap((r) =>
    (["questionnaire", "judge"] as const).flatMap((source) =>
      f.dimensions.map((d) => ({
        source: SOURCES[source],
        assistant: r.assistant,
        dimension: METRIC_TITLES[d],
        rating: r[source][d],
      })),
    ),
  );
  return liteSpec(
    "figure5",
    "Dialogue quality ratings of the assistants by human participants and the LLM judge",
    {
      data: { values: values.filter((v) => v.rating !== null) },
      facet: { column: { field: "source", type: "nominal", title: null, sort: Object.values(SOURCES) } },
      spec: {
        width: 360,
        height: 220,
        mark: "bar",
        encoding: {
          x: {
            field: "dimension",
            type: "nominal",
            title: null,
            sort: f.dimensions.map((d) => METRIC_TITLES[d]),
            axis: { labelAngle: -30 },
          },
          xOffset: { field: "assistant", type: "nominal", sort: f.rows.map((r) => r.assistant) },
          y: { field: "rating", type: "quantitative", title: "mean rating (1–5)", scale: { domain: [0, 5] } },
          color: {
            field: "assistant",
            type: "nominal",
            title: "assistant",
            sort: f.rows.map((r) => r.assistant),
          },
        },
      },
    },
  );
}
