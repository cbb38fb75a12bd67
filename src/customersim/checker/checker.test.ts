import { describe, expect, it } from "vitest";
import { apparelKnowledge } from "../domain-knowledge/apparel-knowledge.js";
import type { ApparelProduct, Product } from "../schema/product.js";
import type { Criterion } from "../schema/rule.js";
import { acceptableSet, isAcceptable, unmeetableDealbreakers } from "./acceptable-set.js";
import { deriveProperties, evaluatePredicate, UnknownFactError } from "./evaluate.js";

const k = apparelKnowledge("male-clothing");

function garment(id: string, over: Partial<ApparelProduct["attributes"]>, price = 40): Product {
  return {
    id,
    category: "male-clothing",
    name: `Test ${id}`,
    brand: "Testwear",
    price,
    description: "A garment made for the tests.",
    features: ["test"],
    hardCriteria: [],
    source: { dataset: "authored", licence: "MIT" },
    attributes: {
      type: "joggers",
      fit: "relaxed",
      fabric: "fleece",
      composition: [{ fiber: "cotton", percent: 100 }],
      care: "machine wash cold",
      color: "Navy",
      colorHex: "#24304d",
      pattern: "solid",
      style: "casual",
      sizes: ["S", "M", "L"],
      finishes: [],
      pockets: true,
      ...over,
    },
  };
}

const cotton = garment("mc-001", {});
const poly = garment(
  "mc-002",
  {
    composition: [
      { fiber: "polyester", percent: 88 },
      { fiber: "spandex", percent: 12 },
    ],
  },
  70,
);
const wool = garment(
  "mc-003",
  { type: "sweater", composition: [{ fiber: "wool", percent: 100 }], care: "hand wash cold" },
  120,
);
const shell = garment("mc-004", {
  type: "rain jacket",
  fabric: "canvas",
  composition: [{ fiber: "cotton", percent: 100 }],
  finishes: ["water-repellent"],
});
const catalog = [cotton, poly, wool, shell];

const req = (dealbreakers: Criterion[], budget = 1000) => ({
  category: "male-clothing" as const,
  budget,
  dealbreakers,
});
const must = (rule: Criterion["rule"]): Criterion => ({ text: "test", rule });

describe("domain knowledge derives the hard criteria", () => {
  it("cotton breathes but does not wick; a polyester-spandex blend wicks and stretches", () => {
    expect(deriveProperties(cotton, k)).toEqual([
      "breathable",
      "hypoallergenic",
      "warm",
      "machineWashable",
      "animalFree",
    ]);
    expect(deriveProperties(poly, k)).toEqual([
      "moistureWicking",
      "stretchy",
      "warm",
      "machineWashable",
      "animalFree",
    ]);
  });

  it("wool is warm, not hypoallergenic, not machine-washable, not vegan", () => {
    const props = deriveProperties(wool, k);
    expect(props).toContain("warm");
    expect(props).not.toContain("hypoallergenic");
    expect(props).not.toContain("machineWashable");
    expect(props).not.toContain("animalFree");
  });

  it("a water-repellent finish makes cotton water-resistant; plain cotton is not", () => {
    expect(deriveProperties(shell, k)).toContain("waterResistant");
    expect(deriveProperties(cotton, k)).not.toContain("waterResistant");
  });
});

describe("the checker's predicates", () => {
  const holds = (rule: Criterion["rule"], p: Product) => evaluatePredicate(rule, p, k);

  it("property: true and false", () => {
    expect(holds({ kind: "property", property: "moistureWicking", value: true }, poly)).toBe(true);
    expect(holds({ kind: "property", property: "moistureWicking", value: true }, cotton)).toBe(false);
    expect(holds({ kind: "property", property: "moistureWicking", value: false }, cotton)).toBe(true);
  });

  it("attr: each comparison", () => {
    expect(holds({ kind: "attr", attr: "type", op: "==", value: "joggers" }, cotton)).toBe(true);
    expect(holds({ kind: "attr", attr: "color", op: "!=", value: "Navy" }, cotton)).toBe(false);
    expect(holds({ kind: "attr", attr: "price", op: ">=", value: 40 }, cotton)).toBe(true);
    expect(holds({ kind: "attr", attr: "price", op: "<", value: 40 }, cotton)).toBe(false);
    expect(holds({ kind: "attr", attr: "fit", op: "in", value: ["slim", "relaxed"] }, cotton)).toBe(true);
    expect(holds({ kind: "attr", attr: "fit", op: "not_in", value: ["slim", "relaxed"] }, cotton)).toBe(
      false,
    );
    expect(holds({ kind: "attr", attr: "sizes", op: "includes", value: "XXL" }, cotton)).toBe(false);
    expect(holds({ kind: "attr", attr: "fibers", op: "excludes", value: "wool" }, cotton)).toBe(true);
    expect(holds({ kind: "attr", attr: "fibers", op: "excludes", value: "wool" }, wool)).toBe(false);
  });

  it("max_price: the budget is inclusive", () => {
    expect(holds({ kind: "max_price", value: 40 }, cotton)).toBe(true);
    expect(holds({ kind: "max_price", value: 39.99 }, cotton)).toBe(false);
  });

  it("a rule naming an unknown fact or property throws", () => {
    expect(() => holds({ kind: "attr", attr: "ramGb", op: ">=", value: 8 }, cotton)).toThrow(
      UnknownFactError,
    );
    expect(() => holds({ kind: "property", property: "gamingReady", value: true }, cotton)).toThrow(
      UnknownFactError,
    );
  });
});

describe("the acceptable set", () => {
  it("holds the products meeting every dealbreaker, budget included, sorted", () => {
    const wicking = must({ kind: "property", property: "moistureWicking", value: true });
    expect(acceptableSet(req([wicking]), catalog, k)).toEqual(["mc-002"]);
    expect(
      acceptableSet(req([must({ kind: "property", property: "warm", value: true })]), catalog, k),
    ).toEqual(["mc-001", "mc-002", "mc-003"]);
    expect(acceptableSet(req([], 50), catalog, k)).toEqual(["mc-001", "mc-004"]);
  });

  it("the budget counts even without a max_price dealbreaker", () => {
    expect(isAcceptable(req([], 60), poly, k)).toBe(false);
  });

  it("ignores products of other categories", () => {
    const laptopReq = { category: "laptops" as const, budget: 1000, dealbreakers: [] };
    expect(acceptableSet(laptopReq, catalog, k)).toEqual([]);
  });

  it("an infeasible persona: each dealbreaker alone is met, together none", () => {
    const wicking = must({ kind: "property", property: "moistureWicking", value: true });
    const vegan = must({ kind: "property", property: "animalFree", value: true });
    const infeasible = req([wicking, vegan], 50);
    expect(acceptableSet(infeasible, catalog, k)).toEqual([]);
    expect(unmeetableDealbreakers(infeasible, catalog, k)).toEqual([]);
    const impossible = req([must({ kind: "attr", attr: "sizes", op: "includes", value: "XXXL" })]);
    expect(unmeetableDealbreakers(impossible, catalog, k)).toHaveLength(1);
  });
});
