import MiniSearch from "minisearch";

/** How many results a lookup returns (the paper's top-4 retrieval). */
export const TOP_K = 4;

/** A document of a ranked index: an id and its searchable text fields. */
export type IndexDoc = { id: string } & Record<string, string>;

export interface RankedHit {
  id: string;
  /** MiniSearch's BM25+ score (above 0: only documents that match a query term are returned). */
  score: number;
}

export interface RankedIndex {
  search(query: string, k?: number): RankedHit[];
}

// Function words carry no need; without them "I'm looking for a ..." would match every description.
const STOP_WORDS = new Set(
  "a an and are as at be but by do for from has have i i'm im in is it its me my of on or so that the this to with would you your".split(
    " ",
  ),
);

function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  return STOP_WORDS.has(t) ? null : t;
}

// Simulated shoppers repeat themselves across personas (about 1 distinct query in 5 over a full
// CustomerSim run), and a search is pure: answers are remembered, up to this many per index.
const MEMO_LIMIT = 4096;

const byScoreThenId = (a: RankedHit, b: RankedHit): number =>
  b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A BM25+ index (MiniSearch): the top k documents that match some query term, by score, ties by id.
 * A document that matches no term is unrelated and never returned, so a query may get fewer than k.
 */
export function createRankedIndex(
  docs: readonly IndexDoc[],
  fields: readonly string[],
  boost: Record<string, number> = {},
): RankedIndex {
  const mini = new MiniSearch<IndexDoc>({ fields: [...fields], processTerm, searchOptions: { boost } });
  mini.addAll([...docs]);
  const memo = new Map<string, readonly RankedHit[]>();
  const rank = (query: string, k: number): RankedHit[] =>
    mini
      .search(query)
      .map((r) => ({ id: String(r.id), score: r.score }))
      .filter((h) => h.score > 0)
      .sort(byScoreThenId)
      .slice(0, k);
  return {
    search(query, k = TOP_K) {
      const key = `${k}\u0000${query}`;
      let hits = memo.get(key);
      if (!hits) {
        if (memo.size >= MEMO_LIMIT) memo.clear();
        hits = rank(query, k);
        memo.set(key, hits);
      }
      return hits.map((h) => ({ ...h }));
    },
  };
}
