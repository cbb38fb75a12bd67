import { z } from "zod";

/**
 * The attribute vocabulary that products carry and shopping goals ask for. Keeping it closed (an
 * enum, not free text) is what lets a goal's label requirement select products exactly.
 */

// --- Supermarket -------------------------------------------------------------------------------

/** The nine major US food allergens (FALCPA + FASTER Act). */
export const Allergen = z.enum([
  "milk",
  "egg",
  "wheat",
  "soy",
  "peanut",
  "tree-nut",
  "fish",
  "shellfish",
  "sesame",
]);
export type Allergen = z.infer<typeof Allergen>;

/** Dietary tags derived from ingredients by the documented rules of `derive-dietary.ts`. */
export const DerivedDietary = z.enum(["vegan", "vegetarian", "gluten-free", "dairy-free", "nut-free"]);

/** Label claims a package makes; nutrient claims are checked against the nutrition panel. */
export const LabelClaim = z.enum([
  "organic",
  "whole-grain",
  "low-sodium",
  "low-fat",
  "low-sugar",
  "no-sugar-added",
  "sugar-free",
  "high-protein",
  "high-fiber",
  "caffeine-free",
  "non-gmo",
]);
export type LabelClaim = z.infer<typeof LabelClaim>;

export const DietaryTag = z.enum([...DerivedDietary.options, ...LabelClaim.options]);
export type DietaryTag = z.infer<typeof DietaryTag>;

export const PackagingTag = z.enum([
  "box",
  "can",
  "bottle",
  "spray-bottle",
  "jar",
  "bag",
  "carton",
  "tray",
  "tub",
  "pouch",
  "jug",
  "loose",
  "clamshell",
  "net-bag",
  "multipack",
  "tube",
  "wrapper",
  "cup",
  "sack",
  "roll-pack",
  "resealable",
  "single-serve",
  "family-size",
  "glass",
  "plastic",
  "recyclable",
  "microwavable",
  "refill",
  "pods",
  "squeeze",
]);
export type PackagingTag = z.infer<typeof PackagingTag>;

/** Flavors (foods) or scents (household goods): lower-case words, free but normalised. */
export const FlavorTag = z
  .string()
  .regex(/^[a-z][a-z0-9' -]*[a-z0-9]$/, "a lower-case flavor or scent such as 'chocolate' or 'lemon'");

/** How a grocery product is kept, which decides the fixture it sits on. */
export const Storage = z.enum(["ambient", "chilled", "frozen", "produce"]);
export type Storage = z.infer<typeof Storage>;

export const GroceryForm = z.enum([
  "box",
  "can",
  "bottle",
  "spray-bottle",
  "jar",
  "bag",
  "carton",
  "tray",
  "tub",
  "pouch",
  "jug",
  "crate",
  "multipack",
  "tube",
  "roll-pack",
  "sack",
  "cup",
  "clamshell",
]);
export type GroceryForm = z.infer<typeof GroceryForm>;

// --- Home furnishings --------------------------------------------------------------------------

export const Material = z.enum([
  "oak",
  "pine",
  "birch",
  "beech",
  "walnut",
  "acacia",
  "ash",
  "bamboo",
  "rattan",
  "solid-wood",
  "wood-veneer",
  "particleboard",
  "fiberboard",
  "plywood",
  "steel",
  "aluminium",
  "iron",
  "brass",
  "glass",
  "fabric",
  "velvet",
  "linen",
  "wool",
  "cotton",
  "polyester",
  "leather",
  "faux-leather",
  "foam",
  "plastic",
  "rubber",
  "ceramic",
  "porcelain",
  "terracotta",
  "concrete",
  "marble",
  "stone",
  "jute",
  "seagrass",
  "paper",
  "resin",
  "live-plant",
]);
export type Material = z.infer<typeof Material>;

export const ColorTag = z.enum([
  "white",
  "off-white",
  "cream",
  "beige",
  "light-gray",
  "gray",
  "dark-gray",
  "anthracite",
  "black",
  "black-brown",
  "brown",
  "dark-brown",
  "natural-wood",
  "light-wood",
  "red",
  "pink",
  "orange",
  "yellow",
  "green",
  "dark-green",
  "turquoise",
  "blue",
  "light-blue",
  "dark-blue",
  "purple",
  "gold",
  "silver",
  "brass",
  "copper",
  "terracotta",
  "transparent",
  "multicolor",
]);
export type ColorTag = z.infer<typeof ColorTag>;

export const StyleTag = z.enum([
  "modern",
  "contemporary",
  "scandinavian",
  "minimalist",
  "industrial",
  "mid-century",
  "classic",
  "traditional",
  "vintage",
  "rustic",
  "bohemian",
  "glam",
  "playful",
  "sporty",
  "botanical",
]);
export type StyleTag = z.infer<typeof StyleTag>;

export const SizeCategory = z.enum(["small", "medium", "large"]);
export type SizeCategory = z.infer<typeof SizeCategory>;

export const FurnitureType = z.enum([
  "chair",
  "armchair",
  "sofa",
  "office-chair",
  "gaming-chair",
  "stool",
  "bench",
  "ottoman",
  "dining-table",
  "coffee-table",
  "side-table",
  "desk",
  "bed",
  "crib",
  "nightstand",
  "bookcase",
  "shelf-unit",
  "cabinet",
  "wardrobe",
  "dresser",
  "tv-bench",
  "sideboard",
  "storage-box",
  "floor-lamp",
  "table-lamp",
  "desk-lamp",
  "rug",
  "plant",
  "planter",
  "plant-stand",
  "mirror",
  "clock",
  "vase",
  "ornament",
  "toy",
  "play-tent",
  "sports-equipment",
]);
export type FurnitureType = z.infer<typeof FurnitureType>;
