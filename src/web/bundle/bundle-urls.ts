import { filterQuery, type LeaderboardFilters } from "../api-types.js";
import { assetFile, isAssetUrl } from "./bundle-format.js";

const e = encodeURIComponent;

/**
 * Every viewer endpoint a bundle saves, spelled as the app's pages request them (the one list: add
 * an endpoint here and to `crawlViewer`). An endpoint the server does not have is skipped (a 404).
 * Files the answers point at (maps, charts, images) are found in the answers themselves.
 */
export const bundleUrls = {
  runs: () => "/api/runs",
  run: (run: string) => `/api/runs/${e(run)}`,
  episodeIndex: (run: string) => `/api/runs/${e(run)}/episode-index`,
  episode: (run: string, env: string, task: string) => `/api/runs/${e(run)}/episodes/${e(env)}/${e(task)}`,
  /** A turn's model calls (turns count from 1). */
  calls: (run: string, env: string, task: string, turn: number) =>
    `${bundleUrls.episode(run, env, task)}/calls/${turn}`,
  leaderboard: (filters: LeaderboardFilters) => `/api/leaderboard${filterQuery(filters)}`,
  customersimLeaderboard: () => "/api/leaderboard/customersim",
  image: (hash: string) => `/api/images/${hash}`,
};

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * An answer made ready for the bundle, and the files it points at: every string that is the URL of
 * an `/api/` file (a map, a chart, an image) is collected and replaced by the file's place in the
 * bundle (so a page that puts it in an `<img>` as it is still finds it), and every SHA-256 under a
 * key that names an image (`image`, `images`, `historyImages`, …, at any depth below it) is collected
 * as a stored image. New
 * fields of any answer are covered as long as they follow those two conventions.
 */
export function bundleAnswer(answer: unknown): { answer: unknown; assets: Set<string> } {
  const assets = new Set<string>();
  const walk = (value: unknown, imageKey: boolean): unknown => {
    if (typeof value === "string") {
      if (imageKey && SHA256.test(value)) assets.add(bundleUrls.image(value));
      if (!isAssetUrl(value)) return value;
      assets.add(value);
      return assetFile(value);
    }
    if (Array.isArray(value)) return value.map((v) => walk(v, imageKey));
    if (value && typeof value === "object")
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, walk(v, imageKey || /image/i.test(k))]),
      );
    return value;
  };
  return { answer: walk(answer, false), assets };
}

/** The values the leaderboard's filter bar offers (its `options`, and the runs list's). */
export interface FilterOptions {
  stores: readonly string[];
  subsets: readonly number[];
  conditions: readonly string[];
}

/**
 * Every leaderboard filter setting a page can ask for: each filter either open or set to one of its
 * options (the unfiltered board first), without repeats, in a fixed order. A setting no episode
 * matches is a small answer (an empty board), as the server gives it.
 */
export function filterSettings(options: FilterOptions): LeaderboardFilters[] {
  const open = <T>(values: readonly T[]) => [undefined, ...[...new Set(values)].sort()];
  const seen = new Map<string, LeaderboardFilters>();
  for (const store of open(options.stores))
    for (const subset of open(options.subsets))
      for (const condition of open(options.conditions)) {
        const f: LeaderboardFilters = {};
        if (store !== undefined) f.store = store;
        if (subset !== undefined) f.subset = subset;
        if (condition !== undefined) f.condition = condition;
        seen.set(filterQuery(f), f);
      }
  return [...seen.values()];
}
