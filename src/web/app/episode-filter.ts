/** The episodes table's filtering, text search and sorting: pure functions over a run's episode index. */
import type { IndexedEpisode } from "../episode-index-types.js";
import type { EpisodeQuery, EpisodeSort, Outcome } from "./episode-query.js";

/** An episode with its utterances lower-cased once, for searching as the user types. */
export interface SearchableEpisode {
  episode: IndexedEpisode;
  /** Each turn's assistant then shopper utterance, lower-cased (`2 × turn + side`). */
  texts: string[];
  /** Every utterance, joined: a term not in it is in no turn. */
  all: string;
}

/** Where the search found the first of its words: the turn (from 1), the side and the text around it. */
export interface SearchHit {
  turn: number;
  side: "assistant" | "shopper";
  /** The utterance around the match: before, the matched text, after (cut with "…"). */
  before: string;
  match: string;
  after: string;
}

/** An episode the filters kept, with where the search found it. */
export interface EpisodeMatch {
  episode: IndexedEpisode;
  hit?: SearchHit;
}

/** The episodes ready to search (done once per index, not per keystroke). */
export function searchable(episodes: IndexedEpisode[]): SearchableEpisode[] {
  return episodes.map((episode) => {
    const texts = episode.steps.flatMap((s) => [s.assistant.toLowerCase(), s.shopper.toLowerCase()]);
    return { episode, texts, all: texts.join("\n") };
  });
}

/** The words and "quoted phrases" of a search, lower-cased, each once. */
export function searchTerms(q: string): string[] {
  const terms: string[] = [];
  for (const m of q.toLowerCase().matchAll(/"([^"]*)"|(\S+)/g)) {
    const t = (m[1] ?? m[2] ?? "").trim().replace(/\s+/g, " ");
    if (t && !terms.includes(t)) terms.push(t);
  }
  return terms;
}

/** How an episode ended, as the success filter reads it. */
export const outcomeOf = (e: IndexedEpisode): Outcome =>
  e.status === "error" ? "failed" : e.success ? "yes" : "no";

const CONTEXT = 50;

/** The first place a term is found, with the text around it taken from the utterance as written. */
function firstHit(item: SearchableEpisode, terms: string[]): SearchHit | undefined {
  for (let i = 0; i < item.texts.length; i++) {
    const lower = item.texts[i]!;
    for (const term of terms) {
      const at = lower.indexOf(term);
      if (at < 0) continue;
      const step = item.episode.steps[i >> 1]!;
      const side = i % 2 === 0 ? "assistant" : "shopper";
      const original = step[side];
      // Lower-casing can change a text's length (a few scripts): then the lower-cased text is shown.
      const src = original.length === lower.length ? original : lower;
      const from = Math.max(0, at - CONTEXT);
      const to = Math.min(src.length, at + term.length + CONTEXT);
      return {
        turn: (i >> 1) + 1,
        side,
        before: `${from > 0 ? "…" : ""}${src.slice(from, at)}`,
        match: src.slice(at, at + term.length),
        after: `${src.slice(at + term.length, to)}${to < src.length ? "…" : ""}`,
      };
    }
  }
  return undefined;
}

/** Whether an episode passes every filter but the text search. */
export function matchesFilters(e: IndexedEpisode, q: EpisodeQuery): boolean {
  if (q.store && e.env !== q.store) return false;
  if (q.success && outcomeOf(e) !== q.success) return false;
  if (q.reason && e.reason !== q.reason) return false;
  if (q.turns?.min !== undefined && e.turns < q.turns.min) return false;
  if (q.turns?.max !== undefined && e.turns > q.turns.max) return false;
  if (q.act && !e.acts.includes(q.act)) return false;
  if (q.action && !e.actions.includes(q.action)) return false;
  return true;
}

/**
 * The episodes the query keeps, in the query's order: each filter must hold, and every search word
 * (or quoted phrase, case ignored) must appear in some utterance of the episode, either side's.
 */
export function filterEpisodes(items: SearchableEpisode[], q: EpisodeQuery): EpisodeMatch[] {
  const terms = searchTerms(q.q ?? "");
  const out: EpisodeMatch[] = [];
  for (const item of items) {
    if (!matchesFilters(item.episode, q)) continue;
    if (!terms.length) {
      out.push({ episode: item.episode });
      continue;
    }
    if (!terms.every((t) => item.all.includes(t))) continue;
    out.push({ episode: item.episode, hit: firstHit(item, terms) });
  }
  return q.sort ? sortEpisodes(out, q.sort) : out;
}

/** The value a column sorts by (a failed attempt sorts below a failure, an unknown value last). */
function sortValue(e: IndexedEpisode, key: EpisodeSort["key"]): string | number {
  switch (key) {
    case "store":
      return e.env;
    case "task":
      return e.position;
    case "reason":
      return e.reason ?? "";
    case "success":
      return e.status === "error" ? -1 : e.success ? 1 : 0;
    case "turns":
      return e.turns;
    case "recs":
      return e.recommendations;
    case "purchase":
      return e.purchased ?? "";
    case "cost":
      return e.costUsd;
  }
}

/** Sorted by one column; ties keep the index's order (store, then task-bank order). */
export function sortEpisodes<T extends { episode: IndexedEpisode }>(rows: T[], sort: EpisodeSort): T[] {
  const sign = sort.desc ? -1 : 1;
  return rows
    .map((row, i) => ({ row, i, v: sortValue(row.episode, sort.key) }))
    .sort((a, b) => {
      const c =
        typeof a.v === "number" && typeof b.v === "number"
          ? a.v - b.v
          : String(a.v).localeCompare(String(b.v));
      return c * sign || a.i - b.i;
    })
    .map((x) => x.row);
}

/** What the filters can be set to: the values the run's episodes have, sorted. */
export function episodeOptions(episodes: IndexedEpisode[]): {
  stores: string[];
  reasons: string[];
  acts: string[];
  actions: string[];
} {
  const sorted = (xs: Iterable<string | null>) =>
    [...new Set(xs)].filter((x): x is string => Boolean(x)).sort();
  return {
    stores: sorted(episodes.map((e) => e.env)),
    reasons: sorted(episodes.map((e) => e.reason)),
    acts: sorted(episodes.flatMap((e) => e.acts)),
    actions: sorted(episodes.flatMap((e) => e.actions)),
  };
}
