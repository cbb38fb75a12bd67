/** A table as the viewer downloads it: named columns and rows of plain values. */
export interface TableData {
  columns: { key: string; label: string }[];
  rows: Record<string, string | number | boolean | null | undefined>[];
}

type Cell = TableData["rows"][number][string];

const plain = (v: Cell): string => (v === null || v === undefined ? "" : String(v));

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@` not starting a number) gets a leading `'`.
 */
function csvField(v: Cell): string {
  let s = plain(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s) && !/^[+-]?\d/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The table as CSV: a header of the columns' labels, then one line per row (CRLF, as RFC 4180 has it). */
export function tableCsv(t: TableData): string {
  const lines = [
    t.columns.map((c) => csvField(c.label)),
    ...t.rows.map((r) => t.columns.map((c) => csvField(r[c.key]))),
  ];
  return `${lines.map((l) => l.join(",")).join("\r\n")}\r\n`;
}

const mdCell = (v: Cell) =>
  plain(v).replaceAll("\\", "\\\\").replaceAll("|", "\\|").replace(/\r?\n/g, "<br>");

/** The table as a GitHub-flavoured Markdown table (pipes escaped, line breaks as `<br>`). */
export function tableMarkdown(t: TableData): string {
  const head = `| ${t.columns.map((c) => mdCell(c.label)).join(" | ")} |`;
  const rule = `|${t.columns.map(() => " --- |").join("")}`;
  const rows = t.rows.map((r) => `| ${t.columns.map((c) => mdCell(r[c.key])).join(" | ")} |`);
  return `${[head, rule, ...rows].join("\n")}\n`;
}
