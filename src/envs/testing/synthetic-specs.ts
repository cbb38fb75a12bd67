import type { FurnitureSpec, FurnitureSpecItem } from "../home-furnishings/spec/furniture-spec.js";
import { STORES } from "../home-furnishings/spec/stores.js";
import type { GrocerySpec, GrocerySpecItem } from "../supermarket/spec/grocery-spec.js";
import { SECTIONS } from "../supermarket/spec/sections.js";

/** Plausible-shaped but made-up specs with the real counts, for testing generators without the authored data. */
export function syntheticGrocerySpec(): GrocerySpec {
  const products: GrocerySpecItem[] = [];
  for (const section of SECTIONS) {
    for (let i = 0; i < section.count; i++) {
      const food = !section.id.startsWith("shelf-09") && !section.id.startsWith("shelf-1");
      const produce = section.storage === "produce";
      const dims: [number, number, number] = produce
        ? [40, 25, 30]
        : section.kind === "upright_freezer"
          ? [18, 20, 12]
          : section.kind === "chest_freezer"
            ? [22, 15, 18]
            : [10 + (i % 5) * 3, 15 + (i % 4) * 4, 8];
      products.push({
        key: `${section.id}-item-${i + 1}`,
        name: `Test ${section.name} ${i + 1}`,
        brand: "Testbrand",
        section: section.id,
        category: section.name,
        size: "10 oz",
        price: 1.99 + i,
        form: produce ? "crate" : "box",
        dimsCm: dims,
        packColor: "#aa3322",
        accentColor: "#ffffff",
        description: "A test product for generator tests.",
        ingredients: food ? (i % 2 ? "Wheat flour, sugar, milk" : "Water, salt") : null,
        flavor: ["original"],
        packaging: ["box"],
        claims: [],
        nutrition: food
          ? {
              serving: "1 cup",
              calories: 100,
              fatG: 1,
              carbsG: 20,
              sugarG: 2,
              fiberG: 1,
              proteinG: 3,
              sodiumMg: 100,
            }
          : null,
        themes: ["household-replenishment"],
      });
    }
  }
  products[0]!.alsoIn = ["shelf-02"];
  return { products };
}

export function syntheticFurnitureSpec(): FurnitureSpec {
  const products: FurnitureSpecItem[] = [];
  let second = 0;
  for (const store of STORES) {
    for (const area of store.areas) {
      for (let i = 0; i < area.count; i++) {
        const small = i % 3 === 0;
        const item: FurnitureSpecItem = {
          key: `${area.id}-item-${i + 1}`,
          area: area.id,
          type: small ? "table-lamp" : "armchair",
          name: `Test ${area.name} ${i + 1}`,
          brand: "Testhaus",
          category: area.name,
          description: "A test piece for generator tests.",
          priceUsd: 49.99 + i * 10,
          dimsCm: small ? { w: 30, d: 30, h: 50 } : { w: 80, d: 80, h: 90 },
          material: ["oak"],
          color: ["natural-wood"],
          style: ["modern"],
          features: [],
          bodyColor: "#aa8855",
          accentColor: "#222222",
          themes: ["room-furnishing"],
        };
        if (i === 1 && second < 22) {
          const others = STORES.flatMap((s) => s.areas.map((a) => a.id)).filter((id) => id !== area.id);
          item.alsoIn = [others[second % others.length]!];
          second++;
        }
        products.push(item);
      }
    }
  }
  return { products };
}
