import { Rng } from "../../core/random.js";
import { mean, sampleSd } from "../stats.js";

/**
 * Statistics for comparing two shoppers on the same personas (the paper's §4.4 reports a permutation
 * test's p and Cohen's d when it compares UserGRPO with its base model).
 */

export interface PermutationTest {
  /** Two-sided p of the mean paired difference. */
  p: number;
  /** Sign patterns drawn (Monte Carlo), or all 2^n of them (exact). */
  permutations: number;
  exact: boolean;
}

// Differences that are equal but for floating-point noise count as "as extreme".
const TOLERANCE = 1e-12;

/** The absolute mean of the differences with the signs `bits` flips (bit i set: flip pair i). */
function flippedMean(diffs: readonly number[], bits: (i: number) => boolean): number {
  let sum = 0;
  for (let i = 0; i < diffs.length; i++) sum += bits(i) ? -diffs[i]! : diffs[i]!;
  return Math.abs(sum / diffs.length);
}

/**
 * The paired (sign-flip) permutation test of H0 "the two sides are exchangeable within each pair":
 * the statistic is |mean(d)|, and each permutation flips the sign of every difference with
 * probability 1/2. With 2^n ≤ `permutations` every sign pattern is enumerated and p is exact;
 * otherwise `permutations` patterns are drawn from a seeded stream and p = (1 + #{|mean*| ≥
 * |mean|}) / (1 + permutations), which never reports 0 (Phipson & Smyth 2010).
 */
export function pairedPermutationTest(
  diffs: readonly number[],
  options: { permutations?: number; seed?: number } = {},
): PermutationTest {
  const permutations = options.permutations ?? 10_000;
  const n = diffs.length;
  if (n === 0) return { p: 1, permutations: 0, exact: true };
  const observed = Math.abs(mean(diffs)) - TOLERANCE;
  if (n <= 30 && 2 ** n <= permutations) {
    let extreme = 0;
    for (let mask = 0; mask < 2 ** n; mask++)
      if (flippedMean(diffs, (i) => ((mask >>> i) & 1) === 1) >= observed) extreme++;
    return { p: extreme / 2 ** n, permutations: 2 ** n, exact: true };
  }
  const rng = new Rng(options.seed ?? 0).fork("paired-permutation-test");
  let extreme = 0;
  const bits = new Uint8Array(n);
  for (let k = 0; k < permutations; k++) {
    for (let i = 0; i < n; i += 30) {
      const word = rng.int(0, 2 ** 30 - 1);
      for (let b = 0; b < 30 && i + b < n; b++) bits[i + b] = (word >>> b) & 1;
    }
    if (flippedMean(diffs, (i) => bits[i] === 1) >= observed) extreme++;
  }
  return { p: (1 + extreme) / (1 + permutations), permutations, exact: false };
}

/**
 * Cohen's d_z for paired samples: the mean difference over the standard deviation of the
 * differences (n − 1). Null with fewer than two pairs or when every difference is the same.
 */
export function cohensDz(diffs: readonly number[]): number | null {
  const sd = sampleSd(diffs);
  return Number.isFinite(sd) && sd > 0 ? mean(diffs) / sd : null;
}

/**
 * Cohen's d with the pooled standard deviation of the two sides, √((s_a² + s_b²) / 2) (equal n):
 * the difference of the means in the spread of the metric itself, comparable with unpaired reports.
 * Null with fewer than two values a side or no spread.
 */
export function cohensDPooled(a: readonly number[], b: readonly number[]): number | null {
  const pooled = Math.sqrt((sampleSd(a) ** 2 + sampleSd(b) ** 2) / 2);
  return Number.isFinite(pooled) && pooled > 0 ? (mean(a) - mean(b)) / pooled : null;
}
