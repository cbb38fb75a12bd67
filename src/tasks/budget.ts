import type { BudgetTier } from "../core/task.js";

/**
 * Budget rounding increments by price range (paper Appendix A.3, step 4: "$1, $5, $10, $50, or
 * $100"). The ranges are ours: under $10 → $1; $10–50 → $5; $50–500 → $10; $500–2,000 → $50; from
 * $2,000 → $100. With them the paper's examples come out as published: a $9.99 cod → $10; a $227
 * chair on a flexible tier → $310.
 */
export const INCREMENTS: readonly { below: number; increment: number }[] = [
  { below: 10, increment: 1 },
  { below: 50, increment: 5 },
  { below: 500, increment: 10 },
  { below: 2000, increment: 50 },
  { below: Number.POSITIVE_INFINITY, increment: 100 },
];

export function incrementFor(amount: number): number {
  return INCREMENTS.find((r) => amount < r.below)!.increment;
}

/** Fraction of the way up the pricier eligible products each tier reaches. */
const TIER_POSITION: Record<BudgetTier, number> = { strict: 0, moderate: 1 / 3, flexible: 2 / 3 };

export interface BudgetResult {
  amount: number;
  increment: number;
  /** The price the budget was rounded up from. */
  base: number;
}

const cents = (v: number) => Math.round(v * 100);

/**
 * Step 4 of the paper's task construction. The strict tier starts from the target's price. The
 * moderate and flexible tiers sort the eligible products priced above the target ascending and take
 * the price at about one third and two thirds of the way: the ⌈n·⅓⌉-th and ⌈n·⅔⌉-th of the n
 * pricier products; with none pricier, the target's price. The base is then rounded up to a
 * multiple of its range's increment, one more increment if that would not exceed the target.
 */
export function computeBudget(
  targetPrice: number,
  eligiblePrices: readonly number[],
  tier: BudgetTier,
): BudgetResult {
  const above = eligiblePrices.filter((p) => cents(p) > cents(targetPrice)).sort((a, b) => a - b);
  let base = targetPrice;
  if (tier !== "strict" && above.length > 0) {
    const position = Math.max(1, Math.ceil(above.length * TIER_POSITION[tier] - 1e-9));
    base = above[position - 1]!;
  }
  const increment = incrementFor(base);
  let amount = Math.ceil(cents(base) / cents(increment)) * increment;
  if (cents(amount) <= cents(targetPrice)) amount += increment;
  return { amount, increment, base };
}

/** Whether an amount is a whole multiple of the increment its range calls for. */
export function isRoundBudget(amount: number, increment: number): boolean {
  return cents(amount) % cents(increment) === 0;
}
