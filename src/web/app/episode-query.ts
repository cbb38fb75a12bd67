/**
 * The episodes table's filters, search and sort as the run page's address keeps them
 * (`#/runs/RUN?store=…&success=yes&reason=turn_limit&turns=5-20&act=Recommend&action=add_to_cart&q=oat+milk&sort=-turns`),
 * so a filtered view is a link.
 */

/** How an episode ended, as the success filter names it: succeeded, did not, or the attempt failed. */
export type Outcome = "yes" | "no" | "failed";
export const OUTCOMES: readonly Outcome[] = ["yes", "no", "failed"];

/** The columns the table sorts by. */
export const SORT_KEYS = ["store", "task", "reason", "success", "turns", "recs", "purchase", "cost"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface EpisodeSort {
  /** The column. */
  key: SortKey;
  /** Largest (or last) first. */
  desc: boolean;
}

/** The episodes table's state; a field left out does not filter. */
export interface EpisodeQuery {
  /** Only this store (CustomerSim: category). */
  store?: string;
  /** Only episodes that ended so. */
  success?: Outcome;
  /** Only this termination reason (CustomerSim: ending). */
  reason?: string;
  /** Only episodes with at least `min` and at most `max` turns. */
  turns?: { min?: number; max?: number };
  /** Only episodes where the assistant used this dialogue act (CustomerSim: the salesperson this tool). */
  act?: string;
  /** Only episodes where the shopper called this tool. */
  action?: string;
  /** Free text every word (or "quoted phrase") of which some utterance of the episode holds. */
  q?: string;
  /** The order (default: store, then task-bank order). */
  sort?: EpisodeSort;
}

const WORD = /^[\w.:@+-]{1,100}$/;
const MAX_QUERY_TEXT = 200;

/** `5-20`, `5-`, `-20` or `7` as a turn range; undefined for anything else (or min above max). */
export function parseTurnRange(text: string): { min?: number; max?: number } | undefined {
  const m = /^(\d{1,4})?(-)?(\d{1,4})?$/.exec(text);
  if (!m || (!m[1] && !m[3])) return undefined;
  const min = m[1] === undefined ? undefined : Number(m[1]);
  const max = m[2] ? (m[3] === undefined ? undefined : Number(m[3])) : min;
  if (!m[2] && m[3] !== undefined) return undefined;
  if (min !== undefined && max !== undefined && min > max) return undefined;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** The turn range as the address writes it (`5-20`, `5-`, `-20`, `7`), or "" for no bound. */
export function turnRangeText(r: { min?: number; max?: number } | undefined): string {
  if (!r || (r.min === undefined && r.max === undefined)) return "";
  if (r.min !== undefined && r.min === r.max) return String(r.min);
  return `${r.min ?? ""}-${r.max ?? ""}`;
}

/** The table's state a query string sets; values that are not valid are left out. */
export function parseEpisodeQuery(query: string): EpisodeQuery {
  const p = new URLSearchParams(query);
  const out: EpisodeQuery = {};
  const word = (name: string) => {
    const v = p.get(name);
    return v && WORD.test(v) ? v : undefined;
  };
  const store = word("store");
  if (store) out.store = store;
  const success = p.get("success");
  if (OUTCOMES.includes(success as Outcome)) out.success = success as Outcome;
  const reason = word("reason");
  if (reason) out.reason = reason;
  const turns = parseTurnRange(p.get("turns") ?? "");
  if (turns) out.turns = turns;
  const act = word("act");
  if (act) out.act = act;
  const action = word("action");
  if (action) out.action = action;
  const q = (p.get("q") ?? "").trim().slice(0, MAX_QUERY_TEXT);
  if (q) out.q = q;
  const sort = /^(-)?(\w+)$/.exec(p.get("sort") ?? "");
  if (sort && SORT_KEYS.includes(sort[2] as SortKey))
    out.sort = { key: sort[2] as SortKey, desc: sort[1] === "-" };
  return out;
}

/** The query string of a table state, in a fixed order ("" when nothing is set). */
export function episodeQueryString(q: EpisodeQuery): string {
  const p = new URLSearchParams();
  if (q.store) p.set("store", q.store);
  if (q.success) p.set("success", q.success);
  if (q.reason) p.set("reason", q.reason);
  const turns = turnRangeText(q.turns);
  if (turns) p.set("turns", turns);
  if (q.act) p.set("act", q.act);
  if (q.action) p.set("action", q.action);
  if (q.q?.trim()) p.set("q", q.q.trim());
  if (q.sort) p.set("sort", `${q.sort.desc ? "-" : ""}${q.sort.key}`);
  return p.toString();
}

/** Whether the state filters anything (sorting alone does not). */
export function filtersSet(q: EpisodeQuery): boolean {
  return Boolean(q.store || q.success || q.reason || q.turns || q.act || q.action || q.q);
}

/**
 * What `next` changes in `drawn` (the query the page was drawn with), applied to `now` (the
 * address's query at the moment of the change). The address can be ahead of the drawing: a sort
 * clicked a moment ago is in the address before the page has drawn it, and a filter set then must
 * not put the old sort back.
 */
export function rebaseEpisodeQuery(drawn: EpisodeQuery, next: EpisodeQuery, now: EpisodeQuery): EpisodeQuery {
  const out: Record<string, unknown> = { ...now };
  const keys = new Set([...Object.keys(drawn), ...Object.keys(next)]) as Set<keyof EpisodeQuery>;
  for (const key of keys) {
    if (JSON.stringify(drawn[key]) === JSON.stringify(next[key])) continue;
    if (next[key] === undefined) delete out[key];
    else out[key] = next[key];
  }
  return out as EpisodeQuery;
}
