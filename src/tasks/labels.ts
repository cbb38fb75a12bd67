import type { Label, LabelFacet } from "../core/label.js";
import type { Product } from "../core/product.js";
import {
  Allergen,
  ColorTag,
  DietaryTag,
  Material,
  PackagingTag,
  SizeCategory,
  StyleTag,
} from "../core/vocabulary.js";

export const GROCERY_FACETS = ["dietary", "allergen", "flavor", "packaging"] as const satisfies LabelFacet[];
export const FURNITURE_FACETS = ["material", "color", "size", "style"] as const satisfies LabelFacet[];

/** The values a product carries for a facet. */
export function facetValues(product: Product, facet: LabelFacet): string[] {
  if (product.kind === "grocery") {
    const a = product.attributes;
    if (facet === "dietary") return a.dietary;
    if (facet === "allergen") return a.allergens;
    if (facet === "flavor") return a.flavor;
    if (facet === "packaging") return a.packaging;
    return [];
  }
  const a = product.attributes;
  if (facet === "material") return a.material;
  if (facet === "color") return a.color;
  if (facet === "size") return [a.sizeCategory];
  if (facet === "style") return a.style;
  return [];
}

export function hasLabel(product: Product, label: Label): boolean {
  return facetValues(product, label.facet).includes(label.value);
}

/**
 * Whether a role's hard rule concerns a product: diet and allergy rules concern foods only (a vegan
 * still buys dish soap); every other facet concerns every product of its store.
 */
export function constraintApplies(label: Label, product: Product): boolean {
  if (product.kind === "grocery" && (label.facet === "dietary" || label.facet === "allergen")) {
    return product.ingredients !== null;
  }
  return true;
}

/** The rules of a role that concern a product, as required and unwanted labels. */
export function applicableConstraints(
  constraints: { requires: readonly Label[]; avoids: readonly Label[] },
  product: Product,
): { requires: Label[]; avoids: Label[] } {
  return {
    requires: constraints.requires.filter((l) => constraintApplies(l, product)),
    avoids: constraints.avoids.filter((l) => constraintApplies(l, product)),
  };
}

/** Whether a product meets a need: all required labels, none of the unwanted ones. */
export function meetsLabels(
  product: Product,
  required: readonly Label[],
  unwanted: readonly Label[],
): boolean {
  return required.every((l) => hasLabel(product, l)) && !unwanted.some((l) => hasLabel(product, l));
}

export function facetsFor(product: Product): readonly LabelFacet[] {
  return product.kind === "grocery" ? GROCERY_FACETS : FURNITURE_FACETS;
}

export function labelKey(label: Label): string {
  return `${label.facet}:${label.value}`;
}

/**
 * Packaging a shopper would actually ask for or refuse; "box", "plastic" or "recyclable" describe a
 * pack but are not needs anyone voices at a shelf.
 */
const NEEDED_PACKAGING = new Set([
  "resealable",
  "single-serve",
  "family-size",
  "multipack",
  "glass",
  "microwavable",
  "refill",
  "pods",
  "squeeze",
  "spray-bottle",
  "can",
  "jar",
  "jug",
  "pouch",
  "cup",
]);
/** Flavors that carry no preference. */
const BLAND_FLAVORS = new Set(["original", "regular", "assorted", "assorted fruit", "classic"]);

/** Whether a label is something a shopper would state as a need (or refuse). */
export function isNeedWorthy(label: Label): boolean {
  if (label.facet === "packaging") return NEEDED_PACKAGING.has(label.value);
  if (label.facet === "flavor") return !BLAND_FLAVORS.has(label.value);
  return true;
}

/** The closed vocabulary of a facet, or undefined for free-text facets (flavor). */
export function facetVocabulary(facet: LabelFacet): readonly string[] | undefined {
  switch (facet) {
    case "dietary":
      return DietaryTag.options;
    case "allergen":
      return Allergen.options;
    case "packaging":
      return PackagingTag.options;
    case "material":
      return Material.options;
    case "color":
      return ColorTag.options;
    case "size":
      return SizeCategory.options;
    case "style":
      return StyleTag.options;
    case "flavor":
      return undefined;
  }
}

const ALLERGEN_WORDS: Record<string, string> = {
  milk: "dairy",
  egg: "eggs",
  wheat: "wheat",
  soy: "soy",
  peanut: "peanuts",
  "tree-nut": "tree nuts",
  fish: "fish",
  shellfish: "shellfish",
  sesame: "sesame",
};

const PACKAGING_WORDS: Record<string, string> = {
  resealable: "resealable packaging",
  "single-serve": "single-serve portions",
  "family-size": "a family-size pack",
  multipack: "a multipack",
  glass: "a glass container",
  microwavable: "something microwavable",
  refill: "a refill pack",
  pods: "pods",
  squeeze: "a squeeze bottle",
  "spray-bottle": "a spray bottle",
  can: "a can",
  jar: "a jar",
  jug: "a jug",
  pouch: "a pouch",
  cup: "individual cups",
};

const DIETARY_WORDS: Record<string, string> = {
  "gluten-free": "gluten-free",
  "dairy-free": "dairy-free",
  "nut-free": "nut-free",
  "sugar-free": "sugar-free",
  "caffeine-free": "caffeine-free",
  "no-sugar-added": "made with no added sugar",
  "non-gmo": "non-GMO",
  "low-sodium": "low in sodium",
  "low-fat": "low in fat",
  "low-sugar": "low in sugar",
  "high-protein": "high in protein",
  "high-fiber": "high in fiber",
  "whole-grain": "whole grain",
};

const SIZE_WORDS: Record<string, string> = { small: "compact", medium: "medium-sized", large: "large" };

/** Flavor words that are adjectives already: "plain", not "plain flavored". */
const PLAIN_FLAVORS = new Set([
  "plain",
  "unflavored",
  "natural",
  "unscented",
  "unsweetened",
  "unsalted",
  "lightly salted",
  "salted",
  "mild",
  "spicy",
  "hot",
  "sweet",
]);

const words = (value: string) => value.replaceAll("-", " ");
/** Colour names keep the hyphen where the trade writes one (black-brown, off-white). */
const colorWords = (value: string) =>
  value === "black-brown" || value === "off-white" ? value : words(value);

/** A noun-phrase-free description of a label, to slot into "It should be …" or "I'd like …". */
export function describeLabel(label: Label, kind: Product["kind"]): string {
  switch (label.facet) {
    case "dietary":
      return DIETARY_WORDS[label.value] ?? words(label.value);
    case "allergen":
      return `free of ${ALLERGEN_WORDS[label.value] ?? label.value}`;
    case "flavor":
      if (kind !== "grocery" || PLAIN_FLAVORS.has(label.value)) return label.value;
      return `${label.value} flavored`;
    case "packaging":
      return `in ${PACKAGING_WORDS[label.value] ?? words(label.value)}`;
    case "material":
      return `made of ${words(label.value)}`;
    case "color":
      return `in ${colorWords(label.value)}`;
    case "size":
      return SIZE_WORDS[label.value] ?? label.value;
    case "style":
      return `${words(label.value)} in style`;
  }
}

/** How a shopper refuses a label: "nothing with peanuts", "nothing in black". */
export function describeUnwanted(label: Label, scentNotFlavor: boolean): string {
  switch (label.facet) {
    case "allergen":
      return `nothing containing ${ALLERGEN_WORDS[label.value] ?? label.value}`;
    case "flavor":
      if (scentNotFlavor) return `no ${label.value} scent`;
      return PLAIN_FLAVORS.has(label.value) ? `nothing ${label.value}` : `nothing ${label.value} flavored`;
    case "packaging":
      return `not ${PACKAGING_WORDS[label.value] ?? words(label.value)}`;
    case "dietary":
      return `nothing ${words(label.value)}`;
    case "material":
      return `nothing made of ${words(label.value)}`;
    case "color":
      return `nothing in ${colorWords(label.value)}`;
    case "size":
      return `nothing ${label.value === "small" ? "too small" : label.value === "large" ? "bulky" : "medium-sized"}`;
    case "style":
      return `nothing ${words(label.value)} in style`;
  }
}
