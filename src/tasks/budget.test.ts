import { describe, expect, it } from "vitest";
import { computeBudget, incrementFor, isRoundBudget } from "./budget.js";

describe("budget increments by price range", () => {
  it.each([
    [0.99, 1],
    [9.99, 1],
    [10, 5],
    [49.99, 5],
    [50, 10],
    [499, 10],
    [500, 50],
    [1999, 50],
    [2000, 100],
  ])("%d → $%d", (amount, inc) => expect(incrementFor(amount)).toBe(inc));
});

describe("computeBudget, worked by hand", () => {
  // Eligible prices: the target 4.29 and five pricier products.
  const eligible = [3.49, 4.29, 4.99, 5.49, 6.29, 7.99, 8.49];

  it("strict: the target's price, rounded up to the next dollar", () => {
    expect(computeBudget(4.29, eligible, "strict")).toEqual({ amount: 5, increment: 1, base: 4.29 });
  });

  it("moderate: ⌈5·⅓⌉ = 2nd of the five pricier (5.49) → $6", () => {
    expect(computeBudget(4.29, eligible, "moderate")).toEqual({ amount: 6, increment: 1, base: 5.49 });
  });

  it("flexible: ⌈5·⅔⌉ = 4th of the five pricier (7.99) → $8", () => {
    expect(computeBudget(4.29, eligible, "flexible")).toEqual({ amount: 8, increment: 1, base: 7.99 });
  });

  it("no pricier eligible product: every tier falls back to the target's price", () => {
    for (const tier of ["strict", "moderate", "flexible"] as const) {
      expect(computeBudget(8.49, eligible, tier)).toEqual({ amount: 9, increment: 1, base: 8.49 });
    }
  });

  it("one pricier product: moderate and flexible both take it", () => {
    expect(computeBudget(7.99, eligible, "moderate").base).toBe(8.49);
    expect(computeBudget(7.99, eligible, "flexible").base).toBe(8.49);
  });

  it("equal prices are not pricier", () => {
    expect(computeBudget(4.29, [4.29, 4.29], "flexible")).toEqual({ amount: 5, increment: 1, base: 4.29 });
  });

  it("a budget that lands on the target's price goes one increment up, so it exceeds it", () => {
    expect(computeBudget(10, [10], "strict")).toEqual({ amount: 15, increment: 5, base: 10 });
    expect(computeBudget(4, [], "strict")).toEqual({ amount: 5, increment: 1, base: 4 });
  });

  it("rounds in each range with its own increment", () => {
    expect(computeBudget(9.99, [], "strict").amount).toBe(10); // $1: the paper's $9.99 cod → $10
    expect(computeBudget(23.5, [], "strict").amount).toBe(25); // $5
    expect(computeBudget(227, [227, 265, 305, 349], "flexible").amount).toBe(310); // $10: the paper's $227 chair → $310
    expect(computeBudget(612, [], "strict").amount).toBe(650); // $50
    expect(computeBudget(2140, [], "strict").amount).toBe(2200); // $100
  });

  it("the increment follows the base, not the target", () => {
    const r = computeBudget(8.99, [8.99, 11.49], "moderate");
    expect(r).toEqual({ amount: 15, increment: 5, base: 11.49 });
    expect(isRoundBudget(r.amount, r.increment)).toBe(true);
    expect(isRoundBudget(12, 5)).toBe(false);
  });
});
