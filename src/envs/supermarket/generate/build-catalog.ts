import type { HexColor } from "../../../core/color.js";
import type { GroceryProduct } from "../../../core/product.js";
import type { DietaryTag } from "../../../core/vocabulary.js";
import type { GrocerySpecItem } from "../spec/grocery-spec.js";
import { SECTIONS } from "../spec/sections.js";
import { deriveAllergens, deriveDietary } from "./derive-dietary.js";

export const USDA_LICENCE = "public domain (USDA FoodData Central, CC0 1.0)";
export const AUTHORED_LICENCE = "MIT (authored for siturec)";

const cm = (v: number) => Math.round(v * 10) / 1000;

/** Spec items in fixture order (the order of SECTIONS), stable within a fixture. */
export function orderBySection(items: readonly GrocerySpecItem[]): GrocerySpecItem[] {
  const rank = new Map(SECTIONS.map((s, i) => [s.id, i]));
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rank.get(a.item.section)! - rank.get(b.item.section)! || a.i - b.i)
    .map(({ item }) => item);
}

export function groceryProductId(index: number): string {
  return `sm-${String(index + 1).padStart(3, "0")}`;
}

/** Turns ordered spec items into catalog records: ids, derived allergens and dietary tags, colours. */
export function buildGroceryProducts(
  items: readonly GrocerySpecItem[],
  segColors: HexColor[],
): GroceryProduct[] {
  const storageOf = new Map(SECTIONS.map((s) => [s.id, s.storage]));
  return items.map((item, i) => {
    const allergens = item.ingredients ? deriveAllergens(item.ingredients) : [];
    const derived = item.ingredients ? deriveDietary(item.ingredients, allergens) : [];
    const dietary: DietaryTag[] = [
      ...derived,
      ...item.claims.filter((c) => !(derived as string[]).includes(c)),
    ];
    const [w, h, d] = item.dimsCm;
    return {
      kind: "grocery",
      id: groceryProductId(i),
      name: item.name,
      brand: item.brand,
      category: item.category,
      description: item.description,
      price: item.price,
      size: item.size,
      storage: storageOf.get(item.section)!,
      themes: item.themes,
      segColor: segColors[i]!,
      appearance: { primary: item.packColor, accent: item.accentColor },
      shape: { form: item.form, dims: { width: cm(w), height: cm(h), depth: cm(d) } },
      ingredients: item.ingredients,
      nutrition: item.nutrition,
      attributes: { dietary, allergens, flavor: item.flavor, packaging: item.packaging },
      source: item.usdaRow
        ? { dataset: "usda-branded", ref: item.usdaRow, licence: USDA_LICENCE }
        : { dataset: "authored", licence: AUTHORED_LICENCE },
    };
  });
}
