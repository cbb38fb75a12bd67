import { describe, expect, it } from "vitest";
import { correlate } from "./correlation.js";

describe("correlate", () => {
  it("gives Pearson's r and Spearman's ρ with midranks for ties (hand-computed)", () => {
    // x = 1, 2, 2, 4; y = 1, 3, 2, 5. r = 6.25 / √(4.75 · 8.75) = 25/√665;
    // ranks x = 1, 2.5, 2.5, 4; ranks y = 1, 3, 2, 4: ρ = 4.5 / √(4.5 · 5) = 3/√10.
    const c = correlate([
      [1, 1],
      [2, 3],
      [2, 2],
      [4, 5],
    ]);
    expect(c.n).toBe(4);
    expect(c.pearson).toBeCloseTo(25 / Math.sqrt(665), 12);
    expect(c.spearman).toBeCloseTo(3 / Math.sqrt(10), 12);
  });

  it("treats values equal up to numerical precision as ties", () => {
    const c = correlate([
      [0.1 + 0.2, 1],
      [0.3, 2],
      [1, 3],
    ]);
    // ranks x = 1.5, 1.5, 3 against 1, 2, 3.
    expect(c.spearman).toBeCloseTo(1.5 / Math.sqrt(1.5 * 2), 12);
  });

  it("is undefined with fewer than three pairs, or when a side is constant; pairs with a missing value are left out", () => {
    expect(
      correlate([
        [1, 2],
        [2, 3],
      ]),
    ).toEqual({ n: 2, pearson: null, spearman: null });
    expect(
      correlate([
        [1, 3],
        [2, 3],
        [3, 3],
      ]),
    ).toEqual({ n: 3, pearson: null, spearman: null });
    expect(
      correlate([
        [1, 1],
        [2, null],
        [3, 3],
        [null, 4],
      ]).n,
    ).toBe(2);
  });
});
