import type { EpisodeRow } from "./run-store.js";

/** One reason episodes failed, with how many it ended. */
export interface ErrorCount {
  message: string;
  count: number;
}

/** The distinct messages of `error` episodes with their counts, most frequent first. */
export function errorCounts(rows: EpisodeRow[]): ErrorCount[] {
  const counts = new Map<string, number>();
  for (const r of rows)
    if (r.status === "error") {
      const message = r.error ?? "(no message recorded)";
      counts.set(message, (counts.get(message) ?? 0) + 1);
    }
  return [...counts]
    .map(([message, count]) => ({ message, count }))
    .sort((a, b) => b.count - a.count || a.message.localeCompare(b.message));
}
