import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { JUDGE_DIMENSIONS } from "../../agents/types.js";
import { CGV_KEYS, type CohortReport, type MetricValue } from "../evaluate.js";
import { cohortLabel, formatMetric, MAIN_COLUMNS, PURCHASE_COLUMNS, storeDisplayName } from "../format.js";
import { type Chart, reportCharts } from "./charts.js";
import { protocolTable } from "./protocol-table.js";
import { usageTable } from "./usage-table.js";

/** Text made safe for HTML. */
export const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export interface Table {
  name: string;
  title: string;
  note: string;
  headers: string[];
  rows: { cells: string[]; csv: (string | number | null)[] }[];
  csvHeaders: string[];
}

function columnsTable(
  name: string,
  title: string,
  note: string,
  cohorts: CohortReport[],
  columns: readonly (readonly [string, string])[],
  pick: (c: CohortReport, key: string) => MetricValue,
): Table {
  return {
    name,
    title,
    note,
    headers: ["Environment", "Assistant", "N", ...columns.map(([h]) => h)],
    csvHeaders: [
      "env",
      "assistant",
      "shopper",
      "condition",
      "episodes",
      ...columns.flatMap(([, k]) => [k, `${k}_sd`]),
    ],
    rows: cohorts.map((c) => ({
      cells: [
        storeDisplayName(c.env),
        cohortLabel(c),
        String(c.episodes),
        ...columns.map(([, k]) => formatMetric(pick(c, k))),
      ],
      csv: [
        c.env,
        c.assistant,
        c.shopper,
        c.condition,
        c.episodes,
        ...columns.flatMap(([, k]) => [pick(c, k).value, pick(c, k).sd]),
      ],
    })),
  };
}

export function markdown(t: Table): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
  return [
    `## ${t.title}`,
    "",
    t.note,
    "",
    line(t.headers),
    line(t.headers.map(() => "---")),
    ...t.rows.map((r) => line(r.cells)),
    "",
  ].join("\n");
}

export function csv(t: Table): string {
  const cell = (v: string | number | null) =>
    v === null
      ? ""
      : typeof v === "number"
        ? String(Math.round(v * 1e4) / 1e4)
        : /[",\n]/.test(v)
          ? `"${v.replace(/"/g, '""')}"`
          : v;
  return `${[t.csvHeaders.join(","), ...t.rows.map((r) => r.csv.map(cell).join(","))].join("\n")}\n`;
}

export interface ReportFiles {
  dir: string;
  files: string[];
}

/** What the reports' ± means for these cohorts. */
export function sdNoteOf(cohorts: CohortReport[]): string {
  return cohorts.some((c) => c.bySubsets)
    ? "Mean ± SD across the four profile-stratified subsets of 25 (Appendix C.1); cohorts that do not cover all four report means only."
    : "Cohort means (the runs do not cover all four profile-stratified subsets, so no SDs).";
}

/** Tables (Markdown and CSV) in the paper's layouts, every chart as SVG and PNG, and index pages linking them. */
export async function writeReport(cohorts: CohortReport[], dir: string): Promise<ReportFiles> {
  mkdirSync(dir, { recursive: true });
  const sdNote = sdNoteOf(cohorts);
  const tables: Table[] = [
    columnsTable(
      "main-table",
      "Main results (Table 3)",
      `${sdNote} Turn is a count; the rest are percentages.`,
      cohorts,
      MAIN_COLUMNS,
      (c, k) => c[k as "sr"],
    ),
    columnsTable(
      "purchase-quality",
      "Purchase quality (Table 8)",
      `${sdNote} RPR uses all episodes; RPR|Cart conditions on a purchase; DA is CustomerSim's decision alignment (eq. 1) of the situated shopper: a recommended reference item bought, or no purchase when no reference item was recommended.`,
      cohorts,
      PURCHASE_COLUMNS,
      (c, k) => c[k as "rpr"],
    ),
    columnsTable(
      "goal-visibility",
      "Cumulative goal visibility (CGV, %) and its increase over the current turn (ΔCGV, pp)",
      `${sdNote} Pooled navigation-goal events; one denominator for every horizon.`,
      cohorts,
      [
        ...CGV_KEYS.map((k) => [`CGV ${k === "end" ? "End" : k.slice(1)}`, `cgv.${k}`] as const),
        ...CGV_KEYS.filter((k) => k !== "h0").map(
          (k) => [`ΔCGV ${k === "end" ? "End" : k.slice(1)}`, `delta_cgv.${k}`] as const,
        ),
      ],
      (c, k) => {
        const [group, key] = k.split(".") as ["cgv" | "delta_cgv", string];
        return c[group][key] ?? { value: null, sd: null };
      },
    ),
  ];
  if (cohorts.some((c) => c.judge)) {
    tables.push(
      columnsTable(
        "dialogue-quality",
        "Dialogue quality (LLM judge, 1–5)",
        `${sdNote} Judged trajectories only.`,
        cohorts,
        JUDGE_DIMENSIONS.map((d) => [d.replace("_", " "), d] as const),
        (c, k) => c.judge?.[k] ?? { value: null, sd: null },
      ),
    );
  }
  const usage = cohorts.flatMap((c) =>
    (["assistant", "shopper", "moderator"] as const).map((role) => ({
      label: `${storeDisplayName(c.env)}: ${cohortLabel(c)}`,
      role,
      ...c.usage[role],
    })),
  );
  if (usage.some((u) => u.calls > 0))
    tables.push(
      usageTable(
        usage,
        "Per cohort and role, the model calls of its finished episodes (the judge's and failed episodes' calls are on each run's ledger: siturec runs). Input tokens split into uncached, read from the providers' prompt caches, and written to them.",
      ),
    );
  tables.push(protocolTable(cohorts));
  const runs = [...new Set(cohorts.flatMap((c) => c.runs))];
  return writeReportFiles(dir, {
    title: "siturec report",
    runs,
    summary: `Cohorts: ${cohorts.length}.`,
    tables,
    charts: await reportCharts(cohorts),
  });
}

/**
 * Writes a report's files into `dir`: each table as Markdown and CSV, each chart as SVG and PNG, and
 * `index.md` and `index.html` showing them all (SituRecBench's report and CustomerSim's share it).
 */
export function writeReportFiles(
  dir: string,
  report: { title: string; runs: string[]; summary: string; tables: Table[]; charts: Chart[] },
): ReportFiles {
  const { title, runs, summary, tables, charts } = report;
  const files: string[] = [];
  const write = (name: string, content: string | Buffer) => {
    writeFileSync(join(dir, name), content);
    files.push(name);
  };
  for (const t of tables) {
    write(`${t.name}.md`, markdown(t));
    write(`${t.name}.csv`, csv(t));
  }
  for (const c of charts) {
    write(`${c.name}.svg`, c.svg);
    write(`${c.name}.png`, c.png);
  }
  const md = [
    `# ${title}`,
    "",
    `Runs: ${runs.map((r) => `\`${r}\``).join(", ")}. ${summary}`,
    "",
    ...tables.map(markdown),
    "## Charts",
    "",
    ...charts.flatMap((c) => [
      `### ${c.title}`,
      "",
      `![${c.title}](${c.name}.png)`,
      "",
      `[SVG](${c.name}.svg)`,
      "",
    ]),
    `Tables as CSV: ${tables.map((t) => `[${t.name}.csv](${t.name}.csv)`).join(", ")}`,
    "",
  ].join("\n");
  write("index.md", md);
  const htmlTable = (t: Table) =>
    `<h2>${esc(t.title)}</h2><p>${esc(t.note)} <a href="${t.name}.csv">CSV</a> · <a href="${t.name}.md">Markdown</a></p><table><thead><tr>${t.headers.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>${t.rows
      .map(
        (r) =>
          `<tr>${r.cells.map((c, i) => `<td${i >= 2 ? ' class="n"' : ""}>${esc(c)}</td>`).join("")}</tr>`,
      )
      .join("")}</tbody></table>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1100px;color:#222}table{border-collapse:collapse;margin:.5rem 0 1.5rem}
th,td{border-bottom:1px solid #ddd;padding:.3rem .6rem;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}
img{max-width:100%;border:1px solid #eee;margin:.5rem 0 1.5rem}</style></head><body><h1>${esc(title)}</h1>
<p>Runs: ${runs.map((r) => `<code>${esc(r)}</code>`).join(", ")}. ${esc(summary)}</p>${tables.map(htmlTable).join("\n")}
<h2>Charts</h2>${charts.map((c) => `<h3>${esc(c.title)}</h3><a href="${c.name}.svg"><img src="${c.name}.png" alt="${esc(c.title)}"></a>`).join("\n")}
</body></html>
`;
  write("index.html", html);
  return { dir, files };
}
