import type { Product } from "../schema/product.js";
import type { Scalar } from "../schema/rule.js";

/** A value a rule can test: a scalar, or a list for `includes` / `excludes`. */
export type Fact = Scalar | readonly (string | number)[];

/**
 * Every fact a rule may name: the category's attributes, plus `price` and `brand`, and for
 * clothing `fibers` (the fibres of the composition).
 */
export function productFacts(product: Product): Record<string, Fact> {
  const facts: Record<string, Fact> = { price: product.price, brand: product.brand };
  for (const [key, value] of Object.entries(product.attributes)) {
    if (isFact(value)) facts[key] = value;
  }
  if (product.category === "female-clothing" || product.category === "male-clothing")
    facts.fibers = product.attributes.composition.map((c) => c.fiber);
  return facts;
}

function isFact(value: unknown): value is Fact {
  if (Array.isArray(value)) return value.every((v) => typeof v === "string" || typeof v === "number");
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** The fact names a category's products have (from one product of it), for checking rules. */
export function factNames(product: Product): string[] {
  return Object.keys(productFacts(product)).sort();
}
