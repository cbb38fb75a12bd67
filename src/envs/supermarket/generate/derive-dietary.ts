import type { Allergen } from "../../../core/vocabulary.js";

/**
 * Allergens and dietary tags derived from an ingredient list. The rules are keyword rules, written
 * to be read and audited; they are conservative (an allergen named in a "may contain" note counts).
 *
 * - Phrases that name an allergen's word without the allergen are removed first: cocoa butter,
 *   peanut/nut butters (for milk), coconut/oat/almond/soy/rice milks (for milk), cream of tartar,
 *   eggplant, buckwheat, and flours of grains other than wheat.
 * - Highly refined soybean oil does not count as soy (FALCPA exempts highly refined oils).
 * - Tree nuts follow the FDA's 2025 list, which no longer includes coconut.
 * - Shellfish means crustaceans (the major allergen); molluscs are not listed.
 */
const ALLERGEN_PATTERNS: Record<Allergen, RegExp> = {
  milk: /\b(milk|milkfat|cream|butter|buttermilk|cheeses?|whey|caseins?|caseinates?|lactose|yogurt|ghee|curds?)\b/,
  egg: /\b(eggs?|egg whites?|egg yolks?|albumen|mayonnaise)\b/,
  wheat: /\b(wheat|flour|semolina|durum|farina|spelt|bulgur|couscous|seitan)\b/,
  soy: /\b(soy|soya|soybeans?|edamame|tofu|miso|tempeh)\b/,
  peanut: /\bpeanuts?\b/,
  "tree-nut":
    /\b(almonds?|cashews?|walnuts?|pecans?|hazelnuts?|pistachios?|macadamias?|brazil nuts?|pine nuts?|filberts?)\b/,
  fish: /\b(fish|cod|salmon|tuna|tilapia|pollock|pollack|anchov(?:y|ies)|sardines?|trout|haddock|halibut|catfish|mackerel|swai|whitefish)\b/,
  shellfish: /\b(shrimp|prawns?|crabs?|lobsters?|crawfish|crayfish)\b/,
  sesame: /\b(sesame|tahini)\b/,
};

const NOT_WHEAT_FLOURS =
  /\b(rice|corn|almond|oat|potato|tapioca|coconut|chickpea|garbanzo|soy|bean|buckwheat|sorghum|cassava|quinoa|millet|teff|amaranth|pea|arrowroot|banana|lentil) flour\b/g;

const DECOYS: [RegExp, string][] = [
  [/\bcocoa butter\b/g, "cocoa fat"],
  [/\b(peanut|almond|cashew|nut|seed|shea|apple) butter\b/g, "$1 spread"],
  [/\b(coconut|oat|almond|soy|rice|cashew) (milk|cream|beverage)\b/g, "$1 drink"],
  [/\bcream of tartar\b/g, "tartrate"],
  [/\beggplant\b/g, "aubergine"],
  [/\bbuckwheat\b/g, "kasha"],
  [/\bbutternut\b/g, "squash"],
  [/\bcoconut meat\b/g, "coconut flesh"],
  [/\b(highly refined )?soybean oil\b/g, "vegetable oil"],
  [NOT_WHEAT_FLOURS, "$1 meal"],
];

const MEAT_OR_FISH =
  /\b(beef|pork|chicken|turkey|ham|bacon|lard|tallow|gelatin|collagen|meat|meats|sausage|pepperoni|salami|veal|lamb|duck|carmine|cochineal|anchov(?:y|ies)|fish|cod|salmon|tuna|tilapia|pollock|shrimp|crab|lobster|scallops?|clams?|oysters?|mussels?)\b/;
const OTHER_ANIMAL = /\b(honey|beeswax|shellac|lanolin)\b/;
const GLUTEN_GRAINS = /\b(barley|rye|malt|triticale|brewer'?s yeast|oats?|oatmeal)\b/;
const GLUTEN_FREE_OATS = /\bgluten[- ]free (whole grain )?oats?\b/g;

function normalise(ingredients: string): string {
  let text = ingredients.toLowerCase();
  for (const [pattern, replacement] of DECOYS) text = text.replace(pattern, replacement);
  return text;
}

export function deriveAllergens(ingredients: string): Allergen[] {
  const text = normalise(ingredients);
  return (Object.keys(ALLERGEN_PATTERNS) as Allergen[]).filter((a) => ALLERGEN_PATTERNS[a].test(text));
}

export type DerivedDietaryTag = "vegan" | "vegetarian" | "gluten-free" | "dairy-free" | "nut-free";

export function deriveDietary(ingredients: string, allergens: readonly Allergen[]): DerivedDietaryTag[] {
  const text = normalise(ingredients);
  const has = (a: Allergen) => allergens.includes(a);
  const vegetarian = !MEAT_OR_FISH.test(text) && !has("fish") && !has("shellfish");
  const vegan = vegetarian && !has("milk") && !has("egg") && !OTHER_ANIMAL.test(text);
  const glutenFree =
    !has("wheat") && !GLUTEN_GRAINS.test(text.replace(GLUTEN_FREE_OATS, "certified gluten-free grain"));
  const tags: DerivedDietaryTag[] = [];
  if (vegan) tags.push("vegan");
  if (vegetarian) tags.push("vegetarian");
  if (glutenFree) tags.push("gluten-free");
  if (!has("milk")) tags.push("dairy-free");
  if (!has("peanut") && !has("tree-nut")) tags.push("nut-free");
  return tags;
}
