import pLimit from "p-limit";
import { SiturecError } from "../../core/errors.js";
import { stableSvgIds } from "../../eval/report/stable-svg-ids.js";
import type { EpisodeView, Leaderboard, RunDetail, RunSummary } from "../api-types.js";
import { bundleAnswer, bundleUrls, filterSettings } from "./bundle-urls.js";

/** What answers the viewer's requests: the server's Hono app, asked in-process (`app.request(url)`). */
export interface ViewerApp {
  request(url: string): Response | Promise<Response>;
}

/** Where the crawl puts what it reads (the bundle's files). */
export interface BundleSink {
  /** A JSON answer of the API, its asset URLs already replaced by their bundle files. */
  data(url: string, answer: unknown): Promise<void>;
  /** A file of the API (an image, a map, a chart) as the server sent it. */
  asset(url: string, bytes: Uint8Array): Promise<void>;
}

/** How far the crawl is: its phase, and done of total in it. */
export interface CrawlProgress {
  phase: "runs" | "episodes" | "leaderboard" | "files";
  done: number;
  total: number;
}

/** What the crawl saved. */
export interface CrawlCounts {
  /** Episodes (conversations) saved to replay. */
  episodes: number;
  /** Turns whose model calls were saved. */
  callTurns: number;
  /** Leaderboard filter settings saved (each with its charts). */
  leaderboards: number;
  /** Files the answers point at (images, maps, charts) saved; and those the server did not have. */
  files: number;
  missingFiles: number;
}

/** How many files are read from the server at a time (images are read from the store, charts drawn). */
const FILE_CONCURRENCY = 4;

/**
 * Reads, through the viewer's own API, everything its pages show of `runs` and saves it to `sink`:
 * the runs list, each run, its episode index, every ended episode and each turn's model calls, the
 * leaderboard at every filter setting its filter bar offers, the CustomerSim leaderboard, and every
 * file those answers point at. An endpoint the server does not have (404) is skipped.
 */
export async function crawlViewer(
  app: ViewerApp,
  runs: readonly string[],
  sink: BundleSink,
  progress: (p: CrawlProgress) => void = () => {},
): Promise<CrawlCounts> {
  const assets = new Set<string>();
  const save = async <T>(url: string): Promise<T | undefined> => {
    const res = await app.request(url);
    if (res.status === 404) return undefined;
    if (!res.ok || !(res.headers.get("content-type") ?? "").includes("json"))
      throw new SiturecError(`the viewer's ${url} answered ${res.status}: ${await errorOf(res)}`);
    const answer: unknown = await res.json();
    const ready = bundleAnswer(answer);
    for (const a of ready.assets) assets.add(a);
    await sink.data(url, ready.answer);
    return answer as T;
  };

  progress({ phase: "runs", done: 0, total: runs.length });
  await save<RunSummary[]>(bundleUrls.runs());
  const details: RunDetail[] = [];
  for (const [i, run] of runs.entries()) {
    const detail = await save<RunDetail>(bundleUrls.run(run));
    if (!detail) throw new SiturecError(`the viewer has no run '${run}'`);
    details.push(detail);
    await save(bundleUrls.episodeIndex(run));
    progress({ phase: "runs", done: i + 1, total: runs.length });
  }
  const { episodes, callTurns } = await saveEpisodes(details, save, progress);
  const boards = await saveLeaderboards(details, save, progress);
  await save(bundleUrls.customersimLeaderboard());
  const { files, missing } = await saveFiles(app, [...assets].sort(), sink, progress);
  return { episodes, callTurns, leaderboards: boards, files, missingFiles: missing };
}

type Save = <T>(url: string) => Promise<T | undefined>;

/** Every ended episode of the runs, with each turn's model calls. */
async function saveEpisodes(details: RunDetail[], save: Save, progress: (p: CrawlProgress) => void) {
  const ended = details.flatMap((d) =>
    d.episodes.filter((e) => e.status !== "running").map((e) => ({ run: d.run.id, e })),
  );
  let episodes = 0;
  let callTurns = 0;
  for (const [i, { run, e }] of ended.entries()) {
    const view = await save<EpisodeView>(bundleUrls.episode(run, e.env, e.taskId));
    if (view) {
      episodes++;
      const turns = view.kind === "situ-rec" ? view.trajectory.turns.length : Math.max(e.turns, 1);
      // A run whose turns kept no model calls (built-in agents, or a server without them) answers 404 at turn 1.
      for (let turn = 1; turn <= turns; turn++) {
        if (await save(bundleUrls.calls(run, e.env, e.taskId, turn))) callTurns++;
        else if (turn === 1) break;
      }
    }
    progress({ phase: "episodes", done: i + 1, total: ended.length });
  }
  return { episodes, callTurns };
}

/**
 * The leaderboard at every filter setting its filter bar (or the runs list's) offers; the answer
 * names its charts, saved with the other files. Returns how many settings were saved.
 */
async function saveLeaderboards(
  details: RunDetail[],
  save: Save,
  progress: (p: CrawlProgress) => void,
): Promise<number> {
  const board = await save<Leaderboard>(bundleUrls.leaderboard({}));
  if (!board) return 0;
  const runs = details.map((d) => d.run);
  const settings = filterSettings({
    stores: [...board.options.stores, ...runs.flatMap((r) => r.stores)],
    subsets: board.options.subsets,
    conditions: [...board.options.conditions, ...runs.map((r) => r.condition).filter((c) => c !== "-")],
  });
  for (const [i, filters] of settings.entries()) {
    await save(bundleUrls.leaderboard(filters));
    progress({ phase: "leaderboard", done: i + 1, total: settings.length });
  }
  return settings.length;
}

/** The files the answers point at, a few at a time; those the server does not have are counted. */
async function saveFiles(
  app: ViewerApp,
  urls: string[],
  sink: BundleSink,
  progress: (p: CrawlProgress) => void,
): Promise<{ files: number; missing: number }> {
  const limit = pLimit(FILE_CONCURRENCY);
  let done = 0;
  let missing = 0;
  await Promise.all(
    urls.map((url) =>
      limit(async () => {
        const res = await app.request(url);
        if (res.status === 404) missing++;
        else if (!res.ok)
          throw new SiturecError(`the viewer's ${url} answered ${res.status}: ${await errorOf(res)}`);
        else await sink.asset(url, await bytesOf(res));
        progress({ phase: "files", done: ++done, total: urls.length });
      }),
    ),
  );
  return { files: urls.length - missing, missing };
}

/** A file's bytes; an SVG's counted ids renumbered, so the same chart is the same file (`stableSvgIds`). */
async function bytesOf(res: Response): Promise<Uint8Array> {
  if (!(res.headers.get("content-type") ?? "").startsWith("image/svg+xml"))
    return new Uint8Array(await res.arrayBuffer());
  return new TextEncoder().encode(stableSvgIds(await res.text()));
}

async function errorOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => "");
  try {
    return (JSON.parse(text) as { error?: string }).error ?? text.slice(0, 200);
  } catch {
    return text.slice(0, 200) || res.statusText;
  }
}
