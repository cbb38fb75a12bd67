import type { LeaderboardFilters } from "../api-types.js";

export { filterQuery } from "../api-types.js";

/**
 * The page a location hash names: `#/`, `#/leaderboard`, `#/leaderboard/customersim`, `#/runs/RUN`
 * (its episodes table keeps its filters, search and sort in the query), `#/runs/RUN/ENV/TASK[/turn/N]`,
 * `#/compare?runs=A,B`, a participant's `#/p/TOKEN`, the organiser's `#/admin/TOKEN`, the read-only
 * `#/view/TOKEN`, `#/studies` and `#/studies/ID`; the lists take `?store=&subset=&condition=`.
 */
export type Route =
  | { page: "runs"; filters: LeaderboardFilters }
  | { page: "leaderboard"; filters: LeaderboardFilters }
  | { page: "customersim-leaderboard"; query: string }
  | { page: "run"; run: string; query: string }
  | { page: "episode"; run: string; env: string; task: string; turn: number }
  | { page: "compare"; runs: string[]; query: string }
  | { page: "participant"; token: string }
  | { page: "admin"; token: string }
  | { page: "viewer-login"; token: string }
  | { page: "studies" }
  | { page: "study"; id: string };

/** The filters a query string sets (values that are not valid filters are left out). */
export function parseFilters(query: string): LeaderboardFilters {
  const q = new URLSearchParams(query);
  const out: LeaderboardFilters = {};
  const store = q.get("store");
  if (store && /^[\w.-]{1,100}(?:@\d{1,6})?$/.test(store)) out.store = store;
  const subset = q.get("subset");
  if (subset && /^[0-3]$/.test(subset)) out.subset = Number(subset);
  const condition = q.get("condition");
  if (condition && /^[\w.-]{1,50}$/.test(condition)) out.condition = condition;
  return out;
}

/** The runs a compare address names (`runs=A,B,…`): valid run ids, each once, in order. */
export function parseCompareRuns(query: string): string[] {
  const ids = (new URLSearchParams(query).get("runs") ?? "")
    .split(",")
    .filter((id) => /^[\w.:@+-]{1,200}$/.test(id));
  return [...new Set(ids)];
}

export function route(hash: string): Route {
  const [path = "", query = ""] = hash.replace(/^#\/?/, "").split("?", 2);
  const parts = path
    .split("/")
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  if (parts[0] === "p" && parts[1]) return { page: "participant", token: parts[1] };
  if (parts[0] === "admin" && parts[1]) return { page: "admin", token: parts[1] };
  if (parts[0] === "view" && parts[1]) return { page: "viewer-login", token: parts[1] };
  if (parts[0] === "studies") return parts[1] ? { page: "study", id: parts[1] } : { page: "studies" };
  if (parts[0] === "compare") return { page: "compare", runs: parseCompareRuns(query), query };
  if (parts[0] === "leaderboard")
    return parts[1] === "customersim"
      ? { page: "customersim-leaderboard", query }
      : { page: "leaderboard", filters: parseFilters(query) };
  if (parts[0] !== "runs" || !parts[1]) return { page: "runs", filters: parseFilters(query) };
  if (!parts[2] || !parts[3]) return { page: "run", run: parts[1], query };
  const turn = parts[4] === "turn" ? Number.parseInt(parts[5] ?? "1", 10) : 1;
  return { page: "episode", run: parts[1], env: parts[2], task: parts[3], turn: turn > 0 ? turn : 1 };
}
