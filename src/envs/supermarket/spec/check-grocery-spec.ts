import type { Nutrition } from "../../../core/product.js";
import type { LabelClaim } from "../../../core/vocabulary.js";
import type { GrocerySpec, GrocerySpecItem } from "./grocery-spec.js";
import { SECTIONS } from "./sections.js";

/**
 * Nutrient claims a label may make, per serving, after the FDA's definitions (21 CFR 101.54-101.62);
 * "low sugar" has no FDA definition and uses 5 g. Claims without a rule here are not checkable.
 */
const CLAIM_RULES: Partial<Record<LabelClaim, { rule: string; holds: (n: Nutrition) => boolean }>> = {
  "low-sodium": { rule: "sodium <= 140 mg", holds: (n) => n.sodiumMg <= 140 },
  "low-fat": { rule: "fat <= 3 g", holds: (n) => n.fatG <= 3 },
  "low-sugar": { rule: "sugar <= 5 g", holds: (n) => n.sugarG <= 5 },
  "sugar-free": { rule: "sugar < 0.5 g", holds: (n) => n.sugarG < 0.5 },
  "high-protein": { rule: "protein >= 10 g", holds: (n) => n.proteinG >= 10 },
  "high-fiber": { rule: "fiber >= 5 g", holds: (n) => n.fiberG >= 5 },
};

export function claimProblems(item: GrocerySpecItem): string[] {
  const problems: string[] = [];
  for (const claim of item.claims) {
    const rule = CLAIM_RULES[claim];
    if (!rule) continue;
    if (!item.nutrition) problems.push(`claims '${claim}' but has no nutrition panel`);
    else if (!rule.holds(item.nutrition))
      problems.push(`claims '${claim}' but the panel breaks '${rule.rule}'`);
  }
  return problems;
}

/** Problems of an authored grocery spec that the schema alone cannot see. */
export function checkGrocerySpec(spec: GrocerySpec): string[] {
  const problems: string[] = [];
  const seenKeys = new Set<string>();
  const seenNames = new Set<string>();
  spec.products.forEach((p, i) => {
    const at = `products[${i}] (${p.key})`;
    if (seenKeys.has(p.key)) problems.push(`${at}: duplicate key`);
    seenKeys.add(p.key);
    const fullName = `${p.brand} ${p.name} ${p.size}`.toLowerCase();
    if (seenNames.has(fullName)) problems.push(`${at}: duplicate brand + name + size`);
    seenNames.add(fullName);
    if (p.usdaRow && !p.ingredients) problems.push(`${at}: grounded in a USDA row but has no ingredients`);
    if ((p.ingredients === null) !== (p.nutrition === null)) {
      problems.push(`${at}: foods need both ingredients and nutrition; non-food goods neither`);
    }
    if (p.alsoIn?.includes(p.section)) problems.push(`${at}: alsoIn repeats its own section`);
    const storage = SECTIONS.find((s) => s.id === p.section)?.storage;
    for (const other of p.alsoIn ?? []) {
      const there = SECTIONS.find((s) => s.id === other)?.storage;
      // Shelf-stable goods may also sit in a cooler (cold drinks); nothing else changes temperature.
      if (there !== storage && !(storage === "ambient" && there === "chilled")) {
        problems.push(`${at}: alsoIn '${other}' keeps goods at another temperature than '${p.section}'`);
      }
    }
    for (const c of claimProblems(p)) problems.push(`${at}: ${c}`);
  });
  for (const section of SECTIONS) {
    const n = spec.products.filter((p) => p.section === section.id).length;
    if (n !== section.count) problems.push(`section ${section.id}: ${n} products, expected ${section.count}`);
  }
  return problems;
}
