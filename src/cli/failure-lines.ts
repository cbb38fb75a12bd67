import type { ErrorCount } from "../storage/error-counts.js";

/** Why episodes failed, one line per distinct message: `  3 × MESSAGE` (most frequent first). */
export function failureLines(title: string, counts: ErrorCount[], limit = 5): string {
  if (!counts.length) return "";
  const width = String(counts[0]!.count).length;
  const shown = counts
    .slice(0, limit)
    .map(({ message, count }) => `  ${String(count).padStart(width)} × ${message}\n`);
  const rest = counts.slice(limit).reduce((n, c) => n + c.count, 0);
  const more = rest ? `  ${rest} more episodes failed with ${counts.length - limit} other messages\n` : "";
  return `${title}\n${shown.join("")}${more}`;
}
