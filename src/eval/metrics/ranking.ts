import type { Trajectory } from "../../trajectory/trajectory.js";

/**
 * The saved ranked lists R_et of an episode: one per turn whose assistant output was valid. An empty
 * list the assistant gave is a list (it scores zero); a turn whose output failed validation saved no
 * list (its fallback's empty ranking is not the assistant's).
 */
export function savedLists(t: Trajectory): string[][] {
  return t.turns.filter((r) => r.assistant.formatError === undefined).map((r) => r.assistant.output.ranking);
}

/** Positions (1-based) credited to relevant items: the first occurrence only, later positions not shifted. */
function creditedRanks(list: readonly string[], relevant: ReadonlySet<string>, depth: number): number[] {
  const seen = new Set<string>();
  const ranks: number[] = [];
  list.slice(0, depth).forEach((id, i) => {
    if (relevant.has(id) && !seen.has(id)) ranks.push(i + 1);
    seen.add(id);
  });
  return ranks;
}

/** q_et = |unique(R_et[1:5]) ∩ P_e| / |P_e|. */
export function recallAt5(list: readonly string[], finalCart: ReadonlySet<string>): number {
  if (!finalCart.size) return 0;
  return creditedRanks(list, finalCart, 5).length / finalCart.size;
}

/** z_et = DCG@10 with binary first-occurrence relevance over the ideal DCG of min(10, |P_e|) items. */
export function ndcgAt10(list: readonly string[], finalCart: ReadonlySet<string>): number {
  if (!finalCart.size) return 0;
  const dcg = creditedRanks(list, finalCart, 10).reduce((s, r) => s + 1 / Math.log2(r + 1), 0);
  let ideal = 0;
  for (let r = 1; r <= Math.min(10, finalCart.size); r++) ideal += 1 / Math.log2(r + 1);
  return dcg / ideal;
}

/** The reciprocal rank of the first reference item in the top ten, or 0. */
export function reciprocalRankAt10(list: readonly string[], reference: ReadonlySet<string>): number {
  const first = creditedRanks(list, reference, 10)[0];
  return first ? 1 / first : 0;
}

/** s_e(x): the mean of a list score over the episode's lists; 0 with an empty final cart or no list. */
export function episodeListScore(
  t: Trajectory,
  score: (list: readonly string[], cart: ReadonlySet<string>) => number,
): number {
  const lists = savedLists(t);
  const cart = new Set(t.outcome.cart);
  if (!cart.size || !lists.length) return 0;
  return lists.reduce((s, l) => s + score(l, cart), 0) / lists.length;
}

/** R-MRR@10 of an episode, or undefined when it saved no list (such episodes are not averaged). */
export function episodeReferenceMrr(t: Trajectory): number | undefined {
  const lists = savedLists(t);
  if (!lists.length) return undefined;
  const reference = new Set(t.header.task.referenceItems);
  return lists.reduce((s, l) => s + reciprocalRankAt10(l, reference), 0) / lists.length;
}

/** Ranked entries of an episode and how many of them are catalog products (Catalog %). */
export function catalogEntries(
  t: Trajectory,
  catalog: ReadonlySet<string>,
): { entries: number; valid: number } {
  let entries = 0;
  let valid = 0;
  for (const list of savedLists(t)) {
    entries += list.length;
    valid += list.filter((id) => catalog.has(id)).length;
  }
  return { entries, valid };
}
