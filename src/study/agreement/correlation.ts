import { pearson, spearman } from "../../eval/stats.js";

/** Correlations across assistants need at least this many (with two, r is always ±1). */
export const MIN_ASSISTANTS = 3;

/** Pearson's r and Spearman's ρ over `n` paired assistant means; null where undefined (too few, or a constant side). */
export interface Correlation {
  n: number;
  pearson: number | null;
  spearman: number | null;
}

const defined = (v: number) => (Number.isFinite(v) ? v : null);

/** Both coefficients over the pairs where both values are known (unrounded means; midranks for ties). */
export function correlate(pairs: readonly (readonly [number | null, number | null])[]): Correlation {
  const known = pairs.filter((p): p is readonly [number, number] => p[0] !== null && p[1] !== null);
  if (known.length < MIN_ASSISTANTS) return { n: known.length, pearson: null, spearman: null };
  const xs = known.map((p) => p[0]);
  const ys = known.map((p) => p[1]);
  return { n: known.length, pearson: defined(pearson(xs, ys)), spearman: defined(spearman(xs, ys)) };
}
