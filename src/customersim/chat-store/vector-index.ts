import { type RankedHit, TOP_K } from "./ranked-index.js";

/**
 * An exact cosine-similarity index over unit vectors in one Float32Array. The chat store's corpora
 * are small (468 products, five buying guides; at most ~100 documents per category), so a brute-force
 * scan is exact and takes microseconds: an approximate index (HNSW and the like) would add a
 * dependency, a build step and recall loss for nothing at this size.
 */
export interface VectorIndex {
  readonly size: number;
  readonly dims: number;
  /** The top k documents by cosine similarity to the query vector; ties by id. */
  search(query: ArrayLike<number>, k?: number): RankedHit[];
}

function normalised(v: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(v as ArrayLike<number>);
  let norm = 0;
  for (const x of out) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}

export function createVectorIndex(docs: readonly { id: string; vector: ArrayLike<number> }[]): VectorIndex {
  const dims = docs[0]?.vector.length ?? 0;
  const matrix = new Float32Array(docs.length * dims);
  docs.forEach((d, i) => {
    if (d.vector.length !== dims)
      throw new RangeError(`vector of ${d.id} has ${d.vector.length} dimensions, not ${dims}`);
    matrix.set(normalised(d.vector), i * dims);
  });
  const ids = docs.map((d) => d.id);
  return {
    size: docs.length,
    dims,
    search(query, k = TOP_K) {
      if (query.length !== dims) throw new RangeError(`query has ${query.length} dimensions, not ${dims}`);
      const q = normalised(query);
      const hits: RankedHit[] = ids.map((id, i) => {
        let dot = 0;
        const row = i * dims;
        for (let j = 0; j < dims; j++) dot += matrix[row + j]! * q[j]!;
        return { id, score: dot };
      });
      return hits.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, k);
    },
  };
}
