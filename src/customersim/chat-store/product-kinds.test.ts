import { describe, expect, it } from "vitest";
import { loadCustomerSimData } from "../data-files.js";
import { kindsNamed, productKind } from "./product-kinds.js";

const data = loadCustomerSimData();
const byId = new Map(data.catalog.products.map((p) => [p.id, p]));
const kinds = (category: Parameters<typeof kindsNamed>[0], query: string) => {
  const found = kindsNamed(category, query);
  return found ? [...found].sort() : null;
};

describe("the kinds of product a query names", () => {
  it("reads apparel types and game platforms, longest phrase first", () => {
    expect(kinds("female-clothing", "Hi, I'm looking for jeans. Needs a skinny or slim fit.")).toEqual([
      "jeans",
    ]);
    expect(kinds("male-clothing", "a dress shirt for work")).toEqual(["button-down shirt"]);
    expect(kinds("female-clothing", "a tank top or a tee")).toEqual(["t-shirt", "tank top"]);
    expect(kinds("male-clothing", "comfy pants")).toEqual(["chinos", "jeans", "joggers", "leggings"]);
    expect(kinds("games", "Must be for Xbox Series X|S. Must have co-op.")).toEqual(["Xbox Series X|S"]);
    expect(kinds("games", "Must be a tabletop (board or card) game.")).toEqual(["Tabletop"]);
  });

  it("ignores a negated kind, and names none for a query without one or a category without kinds", () => {
    expect(kinds("female-clothing", "no jeans, leggings please")).toEqual(["leggings"]);
    expect(kinds("games", "something for PC, not Xbox")).toEqual(["PC"]);
    expect(kinds("female-clothing", "something machine-washable under $50")).toBeNull();
    expect(kinds("smart-watches", "a smart watch, not a fitness band")).toBeNull();
    expect(kinds("laptops", "a 2-in-1 laptop")).toBeNull();
  });

  it("names every acceptable product's kind in each apparel and game persona's own needs", () => {
    const gated = ["female-clothing", "male-clothing", "games"];
    const personas = data.personas.personas.filter((p) => p.feasible && gated.includes(p.category));
    expect(personas.length).toBeGreaterThan(200);
    for (const p of personas) {
      const criteria = [...p.dealbreakers, ...p.preferences].map((c) => `${c.text}.`);
      const needs = [`I'm looking for ${p.shoppingFor}.`, ...criteria].join(" ");
      const named = kindsNamed(p.category, needs);
      for (const id of p.acceptable) {
        const kind = productKind(byId.get(id)!);
        expect(named === null || named.has(kind!), `${p.id}: ${id} (${kind}) for "${needs}"`).toBe(true);
      }
    }
  });
});
