import { describe, expect, it } from "vitest";
import { apparelKnowledge } from "../domain-knowledge/apparel-knowledge.js";
import type { ApparelProduct, Product } from "../schema/product.js";
import type { Criterion } from "../schema/rule.js";
import { incoherentPreferences } from "./preference-coherence.js";

const k = apparelKnowledge("male-clothing");

function jeans(id: string, fit: ApparelProduct["attributes"]["fit"], price: number): Product {
  return {
    id,
    category: "male-clothing",
    name: `Test ${id}`,
    brand: "Testwear",
    price,
    description: "Jeans made for the tests.",
    features: ["test"],
    hardCriteria: [],
    source: { dataset: "authored", licence: "MIT" },
    attributes: {
      type: "jeans",
      fit,
      fabric: "denim",
      composition: [{ fiber: "cotton", percent: 100 }],
      care: "machine wash cold",
      color: "Navy",
      colorHex: "#24304d",
      pattern: "solid",
      style: "casual",
      sizes: ["30", "32"],
      finishes: [],
      pockets: true,
    },
  };
}

const products = [
  jeans("mc-001", "skinny", 40),
  jeans("mc-002", "oversized", 40),
  jeans("mc-003", "slim", 90),
];
const fitIn = (text: string, fits: string[]): Criterion => ({
  text,
  rule: { kind: "attr", attr: "fit", op: "in", value: fits },
});
const budget = (value: number): Criterion => ({
  text: `Cannot spend more than $${value}`,
  rule: { kind: "max_price", value },
});
const slimFit = fitIn("Needs a skinny or slim fit", ["skinny", "slim"]);
const roomy = fitIn("Would like an oversized or relaxed fit", ["oversized", "relaxed"]);
const slimOnly = fitIn("Would like a slim fit", ["slim"]);
const skinnyOnly = fitIn("Would like a skinny fit", ["skinny"]);
const persona = (dealbreakers: Criterion[], preferences: Criterion[], value = 100) => ({
  category: "male-clothing" as const,
  budget: value,
  dealbreakers: [...dealbreakers, budget(value)],
  preferences,
});

describe("incoherentPreferences", () => {
  it("flags a feasible persona's preference that contradicts a dealbreaker", () => {
    const found = incoherentPreferences(persona([slimFit], [skinnyOnly, roomy]), products, k);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ index: 1, preference: roomy });
    expect(found[0]!.reason).toMatch(/no acceptable product meets it \(of 2 acceptable\)/);
  });

  it("flags a preference only products over the budget meet", () => {
    const found = incoherentPreferences(persona([slimFit], [slimOnly], 50), products, k);
    expect(found.map((f) => f.preference)).toEqual([slimOnly]);
  });

  it("passes a coherent feasible persona: each preference met by some acceptable product", () => {
    expect(incoherentPreferences(persona([slimFit], [skinnyOnly, slimOnly]), products, k)).toEqual([]);
  });

  it("flags an infeasible persona's preference that contradicts a dealbreaker on its own", () => {
    const infeasible = persona([slimFit], [roomy, slimOnly], 30);
    const found = incoherentPreferences(infeasible, products, k);
    expect(found.map((f) => f.preference)).toEqual([roomy]);
    expect(found[0]!.reason).toContain('contradicts the dealbreaker "Needs a skinny or slim fit"');
  });

  it("does not count the budget, or a dealbreaker no product meets, as contradicted", () => {
    const noBootcut = fitIn("Needs a bootcut fit", ["bootcut"]);
    expect(incoherentPreferences(persona([noBootcut], [roomy], 30), products, k)).toEqual([]);
    const nothing = fitIn("Would like a bootcut fit", ["bootcut"]);
    expect(incoherentPreferences(persona([slimFit], [nothing], 30), products, k)[0]!.reason).toBe(
      "no product of the category meets it",
    );
  });
});
