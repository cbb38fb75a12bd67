/** A plain-text table: text columns left-aligned, numbers right-aligned with thousands separators. */
export function formatTable(headers: string[], rows: (string | number)[][]): string {
  const cells = rows.map((row) => row.map((c) => (typeof c === "number" ? c.toLocaleString("en-US") : c)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === "number"));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return `${[line(headers.map((h) => h.toUpperCase())), ...cells.map(line)].join("\n")}\n`;
}
