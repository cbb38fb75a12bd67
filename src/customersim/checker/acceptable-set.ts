import type { CategoryKnowledge } from "../schema/knowledge.js";
import type { Product } from "../schema/product.js";
import type { Criterion } from "../schema/rule.js";
import { evaluatePredicate } from "./evaluate.js";

/** What the checker needs of a persona: its category, budget and dealbreakers. */
export interface Requirements {
  category: Product["category"];
  budget: number;
  dealbreakers: readonly Criterion[];
}

/** Whether a product meets every dealbreaker and the budget. */
export function isAcceptable(req: Requirements, product: Product, knowledge: CategoryKnowledge): boolean {
  return (
    product.category === req.category &&
    product.price <= req.budget &&
    req.dealbreakers.every((d) => evaluatePredicate(d.rule, product, knowledge))
  );
}

/**
 * The ground truth of decision alignment (the paper's 𝒜): the ids of the catalog's products that
 * meet every dealbreaker, budget included, sorted.
 */
export function acceptableSet(
  req: Requirements,
  products: readonly Product[],
  knowledge: CategoryKnowledge,
): string[] {
  return products
    .filter((p) => isAcceptable(req, p, knowledge))
    .map((p) => p.id)
    .sort();
}

/** The dealbreakers that no product of the category meets on its own. */
export function unmeetableDealbreakers(
  req: Requirements,
  products: readonly Product[],
  knowledge: CategoryKnowledge,
): Criterion[] {
  const own = products.filter((p) => p.category === req.category);
  return req.dealbreakers.filter((d) => !own.some((p) => evaluatePredicate(d.rule, p, knowledge)));
}
