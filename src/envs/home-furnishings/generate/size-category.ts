import type { FurnitureType, SizeCategory } from "../../../core/vocabulary.js";

interface Dims {
  w: number;
  d: number;
  h: number;
}

interface SizeRule {
  measure: (d: Dims) => number;
  /** Below this the item is small; from `large` on it is large; medium between. */
  small: number;
  large: number;
  unit: string;
}

const width = (d: Dims) => d.w;
const longest = (d: Dims) => Math.max(d.w, d.d);
const height = (d: Dims) => d.h;
const shortSide = (d: Dims) => Math.min(d.w, d.d);
const volume = (d: Dims) => (d.w * d.d * d.h) / 1e6;
const area = (d: Dims) => (d.w * d.d) / 1e4;
const largest = (d: Dims) => Math.max(d.w, d.d, d.h);

/**
 * Size category per furniture type, from its dimensions in cm, after the size names retailers use:
 * a sofa under 170 cm is a loveseat (small) and from 230 cm a large sofa; a bed's short side under
 * 120 cm is a single (small) and from 160 cm a queen or larger; storage by volume; lamps and
 * plants by height; rugs by area.
 */
export const SIZE_RULES: Record<FurnitureType, SizeRule> = {
  chair: { measure: width, small: 45, large: 60, unit: "cm wide" },
  armchair: { measure: width, small: 70, large: 90, unit: "cm wide" },
  sofa: { measure: width, small: 170, large: 230, unit: "cm wide" },
  "office-chair": { measure: width, small: 55, large: 70, unit: "cm wide" },
  "gaming-chair": { measure: width, small: 60, large: 72, unit: "cm wide" },
  stool: { measure: height, small: 50, large: 70, unit: "cm tall" },
  bench: { measure: width, small: 100, large: 150, unit: "cm wide" },
  ottoman: { measure: longest, small: 50, large: 90, unit: "cm across" },
  "dining-table": { measure: longest, small: 120, large: 180, unit: "cm long" },
  "coffee-table": { measure: longest, small: 80, large: 120, unit: "cm long" },
  "side-table": { measure: longest, small: 45, large: 60, unit: "cm across" },
  desk: { measure: longest, small: 110, large: 150, unit: "cm wide" },
  bed: { measure: shortSide, small: 120, large: 160, unit: "cm wide" },
  crib: { measure: longest, small: 100, large: 130, unit: "cm long" },
  nightstand: { measure: width, small: 40, large: 55, unit: "cm wide" },
  bookcase: { measure: volume, small: 0.25, large: 0.6, unit: "m³" },
  "shelf-unit": { measure: volume, small: 0.2, large: 0.6, unit: "m³" },
  cabinet: { measure: volume, small: 0.2, large: 0.6, unit: "m³" },
  wardrobe: { measure: volume, small: 0.8, large: 1.4, unit: "m³" },
  dresser: { measure: volume, small: 0.25, large: 0.5, unit: "m³" },
  "tv-bench": { measure: width, small: 120, large: 180, unit: "cm wide" },
  sideboard: { measure: width, small: 120, large: 160, unit: "cm wide" },
  "storage-box": { measure: volume, small: 0.02, large: 0.08, unit: "m³" },
  "floor-lamp": { measure: height, small: 130, large: 170, unit: "cm tall" },
  "table-lamp": { measure: height, small: 35, large: 60, unit: "cm tall" },
  "desk-lamp": { measure: height, small: 35, large: 55, unit: "cm tall" },
  rug: { measure: area, small: 1.5, large: 3.5, unit: "m²" },
  plant: { measure: height, small: 40, large: 120, unit: "cm tall" },
  planter: { measure: largest, small: 25, large: 45, unit: "cm" },
  "plant-stand": { measure: height, small: 50, large: 100, unit: "cm tall" },
  mirror: { measure: largest, small: 50, large: 120, unit: "cm" },
  clock: { measure: largest, small: 25, large: 50, unit: "cm" },
  vase: { measure: height, small: 20, large: 40, unit: "cm tall" },
  ornament: { measure: largest, small: 20, large: 40, unit: "cm" },
  toy: { measure: largest, small: 30, large: 60, unit: "cm" },
  "play-tent": { measure: largest, small: 100, large: 140, unit: "cm" },
  "sports-equipment": { measure: largest, small: 40, large: 120, unit: "cm" },
};

export function sizeCategory(type: FurnitureType, dims: Dims): SizeCategory {
  const rule = SIZE_RULES[type];
  const m = rule.measure(dims);
  if (m < rule.small) return "small";
  if (m >= rule.large) return "large";
  return "medium";
}
