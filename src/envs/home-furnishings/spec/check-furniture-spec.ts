import type { ColorTag } from "../../../core/vocabulary.js";
import type { FurnitureSpec, FurnitureSpecItem } from "./furniture-spec.js";
import { STORES } from "./stores.js";

/** Products shown in two display areas: 244 instances − 222 products (paper, Table 2). */
export const SECOND_DISPLAYS = 22;

/** Floor space of one display area that free-standing items may cover, m² (the rest is aisle). */
export const AREA_FLOOR_BUDGET_M2 = 14;

/** Small items stand on display plinths instead of the floor. */
export function standsOnPlinth(item: Pick<FurnitureSpecItem, "dimsCm" | "type">): boolean {
  const { w, d, h } = item.dimsCm;
  return item.type !== "rug" && w <= 60 && d <= 60 && h <= 90;
}

/** Colour words of IKEA product URLs, longest first so "light-gray" wins over "gray". */
const SLUG_COLOURS: [string, ColorTag][] = [
  ["black-brown", "black-brown"],
  ["light-grey", "light-gray"],
  ["light-gray", "light-gray"],
  ["dark-grey", "dark-gray"],
  ["dark-gray", "dark-gray"],
  ["light-blue", "light-blue"],
  ["dark-blue", "dark-blue"],
  ["dark-green", "dark-green"],
  ["dark-brown", "dark-brown"],
  ["light-brown", "brown"],
  ["off-white", "off-white"],
  ["anthracite", "anthracite"],
  ["turquoise", "turquoise"],
  ["white", "white"],
  ["black", "black"],
  ["grey", "gray"],
  ["gray", "gray"],
  ["beige", "beige"],
  ["brown", "brown"],
  ["blue", "blue"],
  ["green", "green"],
  ["red", "red"],
  ["pink", "pink"],
  ["yellow", "yellow"],
  ["orange", "orange"],
  ["purple", "purple"],
  ["lilac", "purple"],
  ["gold", "gold"],
  ["silver", "silver"],
  ["brass", "brass"],
  ["copper", "copper"],
];

/**
 * Colour tags named by an IKEA product URL such as `.../ektorp-sofa-hallarp-beige-s69322039/`.
 * Only the part after the product type is read, and whole hyphen-separated words only.
 */
export function slugColours(link: string): ColorTag[] {
  const slug = link.replace(/\/+$/, "").split("/").pop() ?? "";
  let words = `-${slug.replace(/-s?\d{6,}$/, "")}-`;
  const found: ColorTag[] = [];
  for (const [word, tag] of SLUG_COLOURS) {
    if (words.includes(`-${word}-`)) {
      if (!found.includes(tag)) found.push(tag);
      words = words.replaceAll(`-${word}-`, "-");
    }
  }
  return found;
}

export function colourProblems(item: FurnitureSpecItem): string[] {
  if (!item.ikea) return [];
  return slugColours(item.ikea.link)
    .filter((tag) => !item.color.includes(tag))
    .map((tag) => `its IKEA link names the colour '${tag}', missing from color`);
}

/** Problems of an authored furniture spec that the schema alone cannot see. */
export function checkFurnitureSpec(spec: FurnitureSpec): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  const names = new Set<string>();
  const ikeaIds = new Set<string>();
  spec.products.forEach((p, i) => {
    const at = `products[${i}] (${p.key})`;
    if (keys.has(p.key)) problems.push(`${at}: duplicate key`);
    keys.add(p.key);
    if (names.has(p.name.toLowerCase())) problems.push(`${at}: duplicate name`);
    names.add(p.name.toLowerCase());
    if (p.ikea) {
      if (ikeaIds.has(p.ikea.itemId)) problems.push(`${at}: IKEA item ${p.ikea.itemId} used twice`);
      ikeaIds.add(p.ikea.itemId);
      if (p.brand !== "IKEA") problems.push(`${at}: IKEA rows must have brand 'IKEA'`);
      if (p.designer !== undefined) problems.push(`${at}: IKEA items take the designer from their row`);
    } else if (p.brand === "IKEA") problems.push(`${at}: brand 'IKEA' needs its ikea row`);
    if (p.alsoIn?.includes(p.area)) problems.push(`${at}: alsoIn repeats its own area`);
    if ((p.alsoIn?.length ?? 0) > 1) problems.push(`${at}: at most one second display area`);
    for (const c of colourProblems(p)) problems.push(`${at}: ${c}`);
  });
  for (const store of STORES) {
    for (const area of store.areas) {
      const n = spec.products.filter((p) => p.area === area.id).length;
      if (n !== area.count) problems.push(`area ${area.id}: ${n} products, expected ${area.count}`);
    }
  }
  for (const store of STORES) {
    for (const area of store.areas) {
      const shown = spec.products.filter((p) => p.area === area.id || p.alsoIn?.includes(area.id));
      const m2 = shown
        .filter((p) => !standsOnPlinth(p))
        .reduce((s, p) => s + (p.dimsCm.w * p.dimsCm.d) / 1e4, 0);
      if (m2 > AREA_FLOOR_BUDGET_M2) {
        problems.push(
          `area ${area.id}: floor items cover ${m2.toFixed(1)} m², more than ${AREA_FLOOR_BUDGET_M2} m²`,
        );
      }
    }
  }
  const seconds = spec.products.filter((p) => p.alsoIn?.length).length;
  if (seconds !== SECOND_DISPLAYS) {
    problems.push(`${seconds} products have a second display area, expected ${SECOND_DISPLAYS}`);
  }
  return problems;
}
