import type { Leaderboard } from "../api-types.js";
import type { TableData } from "./table-text.js";

/**
 * The leaderboard as a download: a row per store, assistant, condition and shopper, each metric's text
 * as the page shows it (value ± SD across subsets), the runs behind it last.
 */
export function leaderboardTable(board: Leaderboard): TableData {
  return {
    columns: [
      { key: "store", label: "Store" },
      { key: "assistant", label: "Model" },
      { key: "condition", label: "Condition" },
      { key: "shopper", label: "Shopper" },
      { key: "moderator", label: "Moderator" },
      { key: "episodes", label: "N" },
      ...board.columns.map((c) => ({ key: `m:${c.key}`, label: c.label })),
      { key: "runs", label: "Runs" },
    ],
    rows: board.stores.flatMap((s) =>
      s.rows.map((r) => ({
        store: s.name,
        assistant: r.assistant,
        condition: r.condition,
        shopper: r.shopper,
        moderator: r.moderator,
        episodes: r.episodes,
        ...Object.fromEntries(board.columns.map((c) => [`m:${c.key}`, r.cells[c.key]?.text ?? "–"])),
        runs: r.runs.join(" "),
      })),
    ),
  };
}
