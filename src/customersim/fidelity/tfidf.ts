import { termTokens } from "./text-units.js";

/** A sparse, L2-normalised TF-IDF vector: term → weight. */
export type TfidfVector = Map<string, number>;

/**
 * TF-IDF vectors of a set of documents with scikit-learn's TfidfVectorizer defaults (raw counts,
 * smooth idf = ln((1 + n) / (1 + df)) + 1, L2 norm), so values match the usual Python analysis.
 * Hand-written: no installed package vectorises text (minisearch ranks documents for a query, it
 * does not expose document vectors), and the whole method is these few lines.
 */
export function tfidfVectors(documents: readonly string[]): TfidfVector[] {
  const counts = documents.map((d) => {
    const tf = new Map<string, number>();
    for (const t of termTokens(d)) tf.set(t, (tf.get(t) ?? 0) + 1);
    return tf;
  });
  const df = new Map<string, number>();
  for (const tf of counts) for (const t of tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = documents.length;
  return counts.map((tf) => {
    const v: TfidfVector = new Map();
    for (const [t, c] of tf) v.set(t, c * (Math.log((1 + n) / (1 + df.get(t)!)) + 1));
    const norm = Math.sqrt([...v.values()].reduce((s, w) => s + w * w, 0));
    if (norm > 0) for (const [t, w] of v) v.set(t, w / norm);
    return v;
  });
}

/** Cosine similarity of two L2-normalised vectors (0 when either is empty). */
export function cosine(a: TfidfVector, b: TfidfVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small) dot += w * (large.get(t) ?? 0);
  return dot;
}
