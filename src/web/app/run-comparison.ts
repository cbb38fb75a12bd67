/** Runs side by side on the same tasks: per-task outcomes, the first turn where they part, summary counts. */
import type { EpisodeIndex, IndexedEpisode, IndexedTurn } from "../episode-index-types.js";

/** The parts of a turn's signature, in the order the compare view names them. */
export const SIGNATURE_PARTS = ["acts", "expected", "action", "target", "top", "ended"] as const;
export type SignaturePart = (typeof SIGNATURE_PARTS)[number];

/** What the parts are called on the page. */
export const PART_NAMES: Record<SignaturePart, string> = {
  acts: "acts",
  expected: "expected action",
  action: "shopper's action",
  target: "target",
  top: "top-ranked",
  ended: "ending",
};

/** The first turn (from 1) where the runs' episodes of a task differ, and in what. */
export interface Divergence {
  turn: number;
  /** The signature parts that differ there; `ended` too when an episode has no such turn. */
  differs: SignaturePart[];
}

/** One task as the runs played it (an episode per run, undefined where a run lacks the task). */
export interface ComparedTask {
  env: string;
  taskId: string;
  position: number;
  episodes: (IndexedEpisode | undefined)[];
  /** Null when every run played it alike, turn for turn (or fewer than two runs have it). */
  divergence: Divergence | null;
}

/** How the runs fared on the tasks all of them have. */
export interface ComparisonSummary {
  /** Tasks every run has. */
  shared: number;
  /** Every run succeeded. */
  all: number;
  /** No run succeeded. */
  none: number;
  /** Per run: tasks only that run succeeded on. */
  only: number[];
  /** Some but not all succeeded, not one alone (three runs or more). */
  mixed: number;
  /** Shared tasks where the runs' episodes part at some turn. */
  diverged: number;
}

export interface RunComparison {
  /** Tasks every run has, in store then task-bank order. */
  tasks: ComparedTask[];
  /** Tasks only some of the runs have. */
  partial: ComparedTask[];
  summary: ComparisonSummary;
}

/** Options of the comparison. */
export interface CompareOptions {
  /** Count a different top-ranked product as a divergence (default true). */
  ranking?: boolean;
}

const partValue = (t: IndexedTurn, part: SignaturePart): string =>
  part === "acts" ? t.acts.join("+") : String(t[part]);

/**
 * The first turn where the episodes differ: a signature part that is not the same in all of them,
 * or an episode that has no such turn while another does. Null when they agree throughout.
 */
export function firstDivergence(episodes: IndexedEpisode[], opts: CompareOptions = {}): Divergence | null {
  const parts = SIGNATURE_PARTS.filter((p) => p !== "top" || opts.ranking !== false);
  const longest = Math.max(0, ...episodes.map((e) => e.steps.length));
  for (let i = 0; i < longest; i++) {
    const turns = episodes.map((e) => e.steps[i]);
    const present = turns.filter((t): t is IndexedTurn => t !== undefined);
    const differs = parts.filter((p) => new Set(present.map((t) => partValue(t, p))).size > 1);
    if (present.length < turns.length && !differs.includes("ended")) differs.push("ended");
    if (differs.length) return { turn: i + 1, differs };
  }
  return null;
}

/** Puts the runs' episodes of each task side by side (in the first run's order, then the others'). */
export function compareRuns(indexes: EpisodeIndex[], opts: CompareOptions = {}): RunComparison {
  const byKey = new Map<string, ComparedTask>();
  indexes.forEach((index, r) => {
    for (const e of index.episodes) {
      const key = `${e.env}/${e.taskId}`;
      let t = byKey.get(key);
      if (!t) {
        const episodes = Array.from({ length: indexes.length }, () => undefined);
        t = { env: e.env, taskId: e.taskId, position: e.position, episodes, divergence: null };
        byKey.set(key, t);
      }
      t.episodes[r] = e;
    }
  });
  const order = (a: ComparedTask, b: ComparedTask) =>
    a.env.localeCompare(b.env) || a.position - b.position || a.taskId.localeCompare(b.taskId);
  const all = [...byKey.values()].sort(order);
  const tasks: ComparedTask[] = [];
  const partial: ComparedTask[] = [];
  for (const t of all) {
    const present = t.episodes.filter((e): e is IndexedEpisode => e !== undefined);
    if (present.length > 1) t.divergence = firstDivergence(present, opts);
    (present.length === indexes.length ? tasks : partial).push(t);
  }
  return { tasks, partial, summary: summarize(tasks, indexes.length) };
}

/** The counts above the table: all succeeded, none, only one run, mixed; and how many diverged. */
export function summarize(tasks: ComparedTask[], runs: number): ComparisonSummary {
  const s: ComparisonSummary = {
    shared: tasks.length,
    all: 0,
    none: 0,
    only: Array.from({ length: runs }, () => 0),
    mixed: 0,
    diverged: 0,
  };
  for (const t of tasks) {
    if (t.divergence) s.diverged++;
    const won = t.episodes.map((e) => e?.status === "finished" && e.success);
    const n = won.filter(Boolean).length;
    if (n === runs) s.all++;
    else if (n === 0) s.none++;
    else if (n === 1) s.only[won.indexOf(true)]!++;
    else s.mixed++;
  }
  return s;
}

/** What an episode did at a turn, in a line: acts, the expected action, the shopper's call, the top product. */
export function turnText(t: IndexedTurn | undefined): string {
  if (!t) return "no such turn (ended before)";
  const parts = [t.acts.length ? t.acts.join(", ") : "no act"];
  if (t.expected) parts.push(`expects ${t.expected}`);
  parts.push(t.action ? `shopper ${t.action}${t.target ? `(${t.target})` : ""}` : "shopper: no action");
  if (t.top) parts.push(`top ${t.top}`);
  if (t.ended) parts.push("ends");
  return parts.join(" · ");
}
