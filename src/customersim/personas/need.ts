import indefinite from "indefinite";
import type { Rng } from "../../core/random.js";
import type { CategoryKnowledge } from "../schema/knowledge.js";
import type { Product } from "../schema/product.js";
import type { Criterion, Predicate } from "../schema/rule.js";

/** Builds a criterion that the anchor product meets, or nothing when the anchor gives none. */
export type CriterionKind = (
  anchor: Product,
  rng: Rng,
  knowledge: CategoryKnowledge,
) => Criterion | undefined;

/**
 * A reason to shop (a "need"): which products it considers, the criteria it always brings and
 * those it may bring. Personas are drawn from needs, so backgrounds and dealbreakers agree.
 */
export interface Need {
  id: string;
  /** Ends the background sentence "<name> needs <shoppingFor> <use>." */
  use: string;
  pool: (p: Product) => boolean;
  shoppingFor: (anchor: Product) => string;
  fixed: CriterionKind[];
  options: CriterionKind[];
  ages?: [number, number];
}

export const criterion = (text: string, rule: Predicate): Criterion => ({ text, rule });

export function budgetCriterion(budget: number): Criterion {
  return criterion(`Cannot spend more than $${budget}`, { kind: "max_price", value: budget });
}

/** A property of the domain knowledge the anchor has, in the words of its requirement. */
export function prop(id: string): CriterionKind {
  return (anchor, _rng, knowledge) => {
    if (!anchor.hardCriteria.includes(id)) return undefined;
    const text = knowledge.properties.find((p) => p.id === id)?.requirement ?? `Must be ${id}`;
    return criterion(text, { kind: "property", property: id, value: true });
  };
}

/** The attributes of any product, as a plain record for criterion builders. */
export function attrs(p: Product): Record<string, unknown> {
  return p.attributes as unknown as Record<string, unknown>;
}

/** "a" or "an" before a phrase, as it is said ("an 8-year-old", "a user", "an hour"). */
export const article = (phrase: string) => indefinite(phrase);

/** "a, b or c". */
export const orList = (words: readonly string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words.at(-1)}` : (words[0] ?? "");
