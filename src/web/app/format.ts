/** Display helpers shared by the pages. */
import type { LeaderboardFilters } from "../api-types.js";
import { filterQuery } from "./route.js";

export const pct = (v: number | null) => (v === null ? "–" : `${(100 * v).toFixed(1)}%`);
export const usd = (v: number) => `$${v.toFixed(v > 0 && v < 0.01 ? 4 : 2)}`;
export const words = (s: string | null | undefined) => (s ? s.replaceAll("_", " ") : "–");

/** A tool call as a reader sees it: `move_forward(distance: 1)`. */
export function callText(call: { name: string; arguments?: Record<string, unknown> }): string {
  const args = Object.entries(call.arguments ?? {})
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");
  return `${call.name}(${args})`;
}

export function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** The hash-route links of the app (the lists keep their filters in the query). */
export const links = {
  runs: (filters: LeaderboardFilters = {}) => `#/${filterQuery(filters)}`,
  leaderboard: (filters: LeaderboardFilters = {}) => `#/leaderboard${filterQuery(filters)}`,
  run: (run: string, query = "") => `#/runs/${encodeURIComponent(run)}${query ? `?${query}` : ""}`,
  compare: (runs: string[]) => `#/compare?runs=${runs.map(encodeURIComponent).join(",")}`,
  customersimLeaderboard: () => "#/leaderboard/customersim",
  study: (id: string) => `#/studies/${encodeURIComponent(id)}`,
  episode: (run: string, env: string, task: string, turn?: number) =>
    `#/runs/${encodeURIComponent(run)}/${encodeURIComponent(env)}/${encodeURIComponent(task)}${turn ? `/turn/${turn}` : ""}`,
};
