import type { Rng } from "../../core/random.js";
import { acceptableSet } from "../checker/acceptable-set.js";
import type { CategoryKnowledge } from "../schema/knowledge.js";
import type { Product } from "../schema/product.js";
import type { Criterion } from "../schema/rule.js";
import type { Need } from "./need.js";

/** A drawn persona's shopping requirements before its preferences and the person are added. */
export interface Requirements {
  need: Need;
  anchor: Product;
  dealbreakers: Criterion[];
  budget: number;
}

/** Rounds a budget up to a figure a shopper would say ($45, $120, $1,300). */
export function niceCeil(x: number): number {
  const step = x < 100 ? 5 : x < 1000 ? 10 : 100;
  return Math.ceil(x / step) * step;
}

export function niceFloor(x: number): number {
  const step = x < 100 ? 5 : x < 1000 ? 10 : 100;
  return Math.floor(x / step) * step;
}

/** The products a need can anchor on: in its pool, and meeting every fixed criterion. */
export function anchorsOf(
  need: Need,
  products: readonly Product[],
  rng: Rng,
  k: CategoryKnowledge,
): Product[] {
  const probe = rng.fork(`probe:${need.id}`);
  return products.filter((p) => need.pool(p) && need.fixed.every((kind) => kind(p, probe, k) !== undefined));
}

function criteriaFrom(
  anchor: Product,
  need: Need,
  rng: Rng,
  k: CategoryKnowledge,
  optional: number,
): Criterion[] {
  const fixed = need.fixed.map((kind) => kind(anchor, rng, k)!);
  const options = rng
    .shuffle(need.options)
    .map((kind) => kind(anchor, rng, k))
    .filter((c): c is Criterion => c !== undefined)
    .slice(0, optional);
  return dedupe([...fixed, ...options]);
}

function dedupe(criteria: Criterion[]): Criterion[] {
  const seen = new Set<string>();
  return criteria.filter((c) => {
    const key = JSON.stringify(c.rule);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What a criterion is about (an attribute or a property), so a clash is never "jeans and a hoodie". */
export function ruleSubject(c: Criterion): string {
  return c.rule.kind === "attr" ? c.rule.attr : c.rule.kind === "property" ? c.rule.property : "price";
}

/** A feasible draw: anchored on one product, which therefore stays acceptable. */
export function drawFeasible(
  need: Need,
  pool: readonly Product[],
  rng: Rng,
  k: CategoryKnowledge,
): Requirements {
  const anchor = rng.pick(pool);
  const dealbreakers = criteriaFrom(anchor, need, rng, k, rng.int(1, 2));
  const budget = niceCeil(anchor.price * rng.range(1.0, 1.6));
  return { need, anchor, dealbreakers, budget };
}

/**
 * An infeasible draw, or nothing if this attempt found none: either criteria of two products that no
 * product meets together (a conflict), or one product's criteria with a budget under the cheapest
 * product meeting them (priced out). Every dealbreaker alone is met by some product of the category.
 */
export function drawInfeasible(
  need: Need,
  pool: readonly Product[],
  category: readonly Product[],
  rng: Rng,
  k: CategoryKnowledge,
  conflict: boolean,
): Requirements | undefined {
  const anchor = rng.pick(pool);
  let dealbreakers = criteriaFrom(anchor, need, rng, k, rng.int(0, 1));
  const req = (crit: Criterion[], budget: number) => ({
    category: anchor.category,
    budget,
    dealbreakers: crit,
  });
  const cheapest = Math.min(...category.map((p) => p.price));
  let budget: number;
  if (conflict) {
    const named = new Set(dealbreakers.map((c) => ruleSubject(c)));
    const other = criteriaFrom(rng.pick(pool), { ...need, fixed: [] }, rng, k, need.options.length);
    const clash = other.find(
      (c) =>
        !named.has(ruleSubject(c)) && acceptableSet(req([...dealbreakers, c], 1e9), category, k).length === 0,
    );
    if (!clash) return undefined;
    dealbreakers = [...dealbreakers, clash];
    budget = niceCeil(anchor.price * rng.range(1.0, 1.5));
  } else {
    const meeting = category.filter((p) => acceptableSet(req(dealbreakers, 1e9), [p], k).length);
    const lowest = Math.min(...meeting.map((p) => p.price));
    budget = niceFloor(lowest * rng.range(0.55, 0.9));
    if (budget < cheapest || budget >= lowest) return undefined;
  }
  if (acceptableSet(req(dealbreakers, budget), category, k).length) return undefined;
  return { need, anchor, dealbreakers, budget };
}
