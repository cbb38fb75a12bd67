import type { HexColor } from "../../../core/color.js";
import type { FurnitureProduct } from "../../../core/product.js";
import type { FurnitureSpecItem } from "../spec/furniture-spec.js";
import { STORES } from "../spec/stores.js";
import { sizeCategory } from "./size-category.js";

/** Saudi riyal to US dollar: the riyal has been pegged at 3.75 per dollar since 1986. */
export const SAR_PER_USD = 3.75;
export const IKEA_LICENCE = "MIT (tidytuesday 2020-11-03, IKEA Saudi Arabia listings scraped 2020-04-20)";
export const AUTHORED_LICENCE = "MIT (authored for siturec)";

export function sarToUsd(sar: number): number {
  return Math.round((sar / SAR_PER_USD) * 100) / 100;
}

/** Spec items in store and area order (the order of STORES), stable within an area. */
export function orderByArea(items: readonly FurnitureSpecItem[]): FurnitureSpecItem[] {
  const rank = new Map(STORES.flatMap((s) => s.areas.map((a) => a.id)).map((id, i) => [id, i]));
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rank.get(a.item.area)! - rank.get(b.item.area)! || a.i - b.i)
    .map(({ item }) => item);
}

export function furnitureProductId(index: number): string {
  return `hf-${String(index + 1).padStart(3, "0")}`;
}

const m = (cmValue: number) => Math.round(cmValue * 10) / 1000;

export function buildFurnitureProducts(
  items: readonly FurnitureSpecItem[],
  segColors: HexColor[],
): FurnitureProduct[] {
  return items.map((item, i) => ({
    kind: "furniture",
    id: furnitureProductId(i),
    name: item.name,
    brand: item.brand,
    category: item.category,
    description: item.description,
    price: item.ikea ? sarToUsd(item.ikea.priceSar) : item.priceUsd!,
    designer: item.ikea ? item.ikea.designer : (item.designer ?? null),
    themes: item.themes,
    segColor: segColors[i]!,
    appearance: { primary: item.bodyColor, accent: item.accentColor },
    shape: {
      form: item.type,
      dims: { width: m(item.dimsCm.w), height: m(item.dimsCm.h), depth: m(item.dimsCm.d) },
    },
    features: item.features,
    attributes: {
      material: item.material,
      color: item.color,
      sizeCategory: sizeCategory(item.type, item.dimsCm),
      style: item.style,
    },
    source: item.ikea
      ? { dataset: "ikea-sa", ref: item.ikea.itemId, licence: IKEA_LICENCE }
      : { dataset: "authored", licence: AUTHORED_LICENCE },
  }));
}
