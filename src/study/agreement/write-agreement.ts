import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderChart } from "../../eval/report/charts.js";
import { csv, markdown } from "../../eval/report/write-report.js";
import {
  combinedCsvTable,
  figure5Correlations,
  figure5Means,
  table4Correlations,
  table4Means,
} from "./agreement-tables.js";
import { figure5Chart } from "./figure5-chart.js";
import type { HumanAgreement } from "./human-agreement.js";

const notesMarkdown = (notes: readonly string[]) =>
  notes.length ? `## Notes\n\n${notes.map((n) => `- ${n}`).join("\n")}\n` : "";

/**
 * Table 4 and Figure 5 as files: Markdown (coefficients, means, notes), CSV (the means with the
 * coefficients), and the figure as SVG and PNG. Returns the file names written.
 */
export async function writeAgreement(a: HumanAgreement, dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const header = `# Study ${a.study}: agreement with simulation (${a.env}, ${a.condition})\n\n`;
  const chart = figure5Chart(a.figure5);
  const drawn = await renderChart(chart.name, chart.title, chart.spec);
  const files: Record<string, string | Buffer> = {
    "table4.md": `${header}${markdown(table4Correlations(a))}\n${markdown(table4Means(a.table4))}\n${notesMarkdown(a.notes)}`,
    "table4.csv": csv(combinedCsvTable(table4Means(a.table4), table4Correlations(a))),
    "figure5.md": `${header}${markdown(figure5Means(a.figure5))}\n${markdown(figure5Correlations(a.figure5))}\n![${drawn.title}](figure5.svg)\n`,
    "figure5.csv": csv(combinedCsvTable(figure5Means(a.figure5), figure5Correlations(a.figure5))),
    "figure5.svg": drawn.svg,
    "figure5.png": drawn.png,
  };
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return Object.keys(files);
}
