import { cosine, tfidfVectors } from "./tfidf.js";

/**
 * Red. within one category (Appendix C): TF-IDF vectors over each dialogue's shopper text, fitted on
 * the category's dialogues; each dialogue's mean cosine similarity to its peers. A category with a
 * single dialogue has no peers: its value is null.
 */
export function peerSimilarities(shopperTexts: readonly string[]): (number | null)[] {
  if (shopperTexts.length < 2) return shopperTexts.map(() => null);
  const vectors = tfidfVectors(shopperTexts);
  return vectors.map((v, i) => {
    const sims = vectors.filter((_, j) => j !== i).map((u) => cosine(v, u));
    return sims.reduce((s, x) => s + x, 0) / sims.length;
  });
}

/**
 * Dialogues split so that none holds two of one id: the k-th dialogue of each id goes to slice k.
 * A run with `--samples G` stores a persona's samples under one persona id; Red. is then measured
 * within each sample's slice, as in a run of one sample (a persona's samples are not each other's
 * peers), and the mean over all dialogues is the mean over samples.
 */
export function sampleSlices<T extends { id: string }>(dialogues: readonly T[]): T[][] {
  const seen = new Map<string, number>();
  const slices: T[][] = [];
  for (const d of dialogues) {
    const k = seen.get(d.id) ?? 0;
    seen.set(d.id, k + 1);
    if (!slices[k]) slices[k] = [];
    slices[k].push(d);
  }
  return slices;
}
