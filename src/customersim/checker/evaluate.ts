import { SiturecError } from "../../core/errors.js";
import type { CategoryKnowledge } from "../schema/knowledge.js";
import type { Product } from "../schema/product.js";
import type { AttrTest, Predicate, PropertyRule, ShareTest } from "../schema/rule.js";
import { type Fact, productFacts } from "./product-facts.js";

/** Thrown when a rule names a fact or property the product's category does not have. */
export class UnknownFactError extends SiturecError {
  override readonly name = "UnknownFactError";
  constructor(message: string) {
    super(message, { exitCode: 2 });
  }
}

/** Whether one attribute comparison holds for a product. */
export function testAttr(test: Omit<AttrTest, "kind">, facts: Record<string, Fact>): boolean {
  const fact = facts[test.attr];
  if (fact === undefined) throw new UnknownFactError(`no fact "${test.attr}"`);
  const { op, value } = test;
  if (op === "in" || op === "not_in") {
    if (!Array.isArray(value)) throw new UnknownFactError(`"${op}" needs a list`);
    const found = (value as readonly (string | number)[]).includes(fact as string | number);
    return op === "in" ? found : !found;
  }
  if (op === "includes" || op === "excludes") {
    if (!Array.isArray(fact)) throw new UnknownFactError(`"${test.attr}" is not a list`);
    const found = (fact as readonly Fact[]).includes(value as string);
    return op === "includes" ? found : !found;
  }
  return compare(fact, op, value);
}

function compare(fact: Fact, op: string, value: AttrTest["value"]): boolean {
  if (op === "==") return fact === value;
  if (op === "!=") return fact !== value;
  if (typeof fact !== "number" || typeof value !== "number")
    throw new UnknownFactError(`"${op}" compares numbers only`);
  if (op === ">=") return fact >= value;
  if (op === "<=") return fact <= value;
  if (op === ">") return fact > value;
  return fact < value;
}

/** The percent of a garment's composition made of the given fibres (0 for other categories). */
export function fiberShare(product: Product, fibers: readonly string[]): number {
  if (product.category !== "female-clothing" && product.category !== "male-clothing") return 0;
  return product.attributes.composition
    .filter((c) => fibers.includes(c.fiber))
    .reduce((sum, c) => sum + c.percent, 0);
}

function testShare(test: ShareTest, product: Product): boolean {
  const share = fiberShare(product, test.fibers);
  return (test.min === undefined || share >= test.min) && (test.max === undefined || share <= test.max);
}

/** Whether a domain-knowledge rule holds for a product. */
export function evaluateRule(rule: PropertyRule, product: Product): boolean {
  switch (rule.kind) {
    case "attr":
      return testAttr(rule, productFacts(product));
    case "share":
      return testShare(rule, product);
    case "all":
      return rule.rules.every((r) => evaluateRule(r, product));
    case "any":
      return rule.rules.some((r) => evaluateRule(r, product));
    case "not":
      return !evaluateRule(rule.rule, product);
  }
}

/** The ids of the knowledge's properties that hold for the product, in the knowledge's order. */
export function deriveProperties(product: Product, knowledge: CategoryKnowledge): string[] {
  return knowledge.properties.filter((p) => evaluateRule(p.rule, product)).map((p) => p.id);
}

/** Whether a persona's predicate holds for a product, reasoning from the category's knowledge. */
export function evaluatePredicate(pred: Predicate, product: Product, knowledge: CategoryKnowledge): boolean {
  switch (pred.kind) {
    case "max_price":
      return product.price <= pred.value;
    case "attr":
      return testAttr(pred, productFacts(product));
    case "property": {
      const def = knowledge.properties.find((p) => p.id === pred.property);
      if (!def) throw new UnknownFactError(`no property "${pred.property}" in ${knowledge.category}`);
      return evaluateRule(def.rule, product) === pred.value;
    }
  }
}
