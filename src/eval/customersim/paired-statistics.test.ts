import { describe, expect, it } from "vitest";
import { cohensDPooled, cohensDz, pairedPermutationTest } from "./paired-statistics.js";

// Reference values from scipy 1.17 (stats.permutation_test, permutation_type="samples") and numpy.
const A = [5, 7, 6, 9, 4, 8, 7, 6.5];
const B = [3.5, 7.5, 4, 8.5, 3, 9, 4, 6.25];
const D = A.map((a, i) => a - B[i]!);
// 40 differences (numpy default_rng(1), normal(0.3, 1), rounded to 2 decimals).
const D40 = [
  0.65, 1.12, 0.63, -1.0, 1.21, 0.75, -0.24, 0.88, 0.66, 0.59, 0.33, 0.85, -0.44, 0.14, -0.18, 0.9, 0.34,
  0.01, -0.48, 0.04, 0.31, 0.02, 1.59, 1.31, -2.41, -1.59, 0.13, -0.12, 0.51, 0.52, 2.42, -0.81, -0.08, 2.34,
  0.95, 0.96, -0.21, -1.35, 0.47, 0.41,
];

describe("paired permutation test", () => {
  it("enumerates every sign pattern when there are few pairs: 34 of 256 as extreme", () => {
    expect(pairedPermutationTest(D)).toEqual({ p: 34 / 256, permutations: 256, exact: true });
  });

  it("draws seeded sign patterns otherwise, near scipy's p (0.0485 with 200,000 resamples)", () => {
    const t = pairedPermutationTest(D40, { seed: 0 });
    expect(t.exact).toBe(false);
    expect(t.permutations).toBe(10_000);
    expect(t.p).toBeGreaterThan(0.0385);
    expect(t.p).toBeLessThan(0.0585);
    // Same seed, same p; the p of a draw is never 0.
    expect(pairedPermutationTest(D40, { seed: 0 })).toEqual(t);
    expect(
      pairedPermutationTest(
        D40.map((d) => d + 10),
        { permutations: 500 },
      ).p,
    ).toBeCloseTo(1 / 501, 12);
  });

  it("is 1 for no difference, and with no pair", () => {
    expect(pairedPermutationTest([0, 0, 0]).p).toBe(1);
    expect(pairedPermutationTest([])).toEqual({ p: 1, permutations: 0, exact: true });
    // Two pairs, +1 and −1: every pattern is at least as extreme as a mean of 0.
    expect(pairedPermutationTest([1, -1]).p).toBe(1);
    // Two pairs of +1: only the two patterns with equal signs reach |mean| = 1.
    expect(pairedPermutationTest([1, 1]).p).toBe(0.5);
  });
});

describe("Cohen's d", () => {
  it("d_z is the mean difference over the differences' standard deviation", () => {
    expect(cohensDz(D)).toBeCloseTo(0.6413009625478484, 12);
    expect(cohensDz(D40)).toBeCloseTo(0.32202343681129775, 12);
    expect(cohensDz([1, 1, 1])).toBeNull();
    expect(cohensDz([1])).toBeNull();
  });

  it("pooled d divides by √((s_a² + s_b²) / 2)", () => {
    expect(cohensDPooled(A, B)).toBeCloseTo(0.4149009047483879, 12);
    expect(cohensDPooled([1, 1], [1, 1])).toBeNull();
  });
});
