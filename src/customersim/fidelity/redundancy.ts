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
