import { describe, expect, it } from "vitest";
import { deriveAllergens, deriveDietary } from "./derive-dietary.js";

const derive = (ingredients: string) => {
  const allergens = deriveAllergens(ingredients);
  return { allergens, dietary: deriveDietary(ingredients, allergens) };
};

describe("allergens from ingredients", () => {
  it("finds the declared allergens of a real USDA label", () => {
    const label =
      "Enriched flour (wheat flour, niacin), semisweet chocolate chips (chocolate, sugar, dextrose, soy lecithin), sugar, vegetable oil (soybean, palm). Contains 2% or less of molasses, salt, eggs, baking soda, whey.";
    expect(derive(label).allergens).toEqual(["milk", "egg", "wheat", "soy"]);
  });

  it("is not fooled by look-alike words", () => {
    const r = derive(
      "Cocoa butter, coconut milk, rice flour, eggplant, cream of tartar, highly refined soybean oil, nutmeg, butternut squash",
    );
    expect(r.allergens).toEqual([]);
    expect(r.dietary).toEqual(["vegan", "vegetarian", "gluten-free", "dairy-free", "nut-free"]);
  });

  it("counts nut butters as nuts, and crustaceans as shellfish", () => {
    expect(deriveAllergens("Peanut butter (peanuts, salt), almond butter")).toEqual(["peanut", "tree-nut"]);
    expect(deriveAllergens("Shrimp, garlic, butter")).toEqual(["milk", "shellfish"]);
  });
});

describe("dietary tags", () => {
  it("meat is neither vegetarian nor vegan", () => {
    expect(derive("Chicken breast with rib meat, water, salt").dietary).toEqual([
      "gluten-free",
      "dairy-free",
      "nut-free",
    ]);
  });

  it("honey keeps a product vegetarian but not vegan", () => {
    expect(derive("Whole grain oats, honey, sugar").dietary).toEqual([
      "vegetarian",
      "dairy-free",
      "nut-free",
    ]);
  });

  it("oats break gluten-free unless certified", () => {
    expect(derive("Gluten-free oats, salt").dietary).toContain("gluten-free");
    expect(derive("Rolled oats, salt").dietary).not.toContain("gluten-free");
  });

  it("cheese is vegetarian, not dairy-free", () => {
    expect(derive("Pasteurized milk, cheese culture, salt, enzymes").dietary).toEqual([
      "vegetarian",
      "gluten-free",
      "nut-free",
    ]);
  });
});
