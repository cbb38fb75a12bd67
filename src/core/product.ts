import { z } from "zod";
import { HexColor } from "./color.js";
import {
  Allergen,
  ColorTag,
  DietaryTag,
  FlavorTag,
  FurnitureType,
  GroceryForm,
  Material,
  PackagingTag,
  SizeCategory,
  Storage,
  StyleTag,
} from "./vocabulary.js";

export const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a kebab-case identifier");

export const ProductId = z
  .string()
  .regex(/^[a-z]{2}-\d{3}$/, "a product id: the store's prefix and three digits, such as sm-042 or hf-007");
export type ProductId = z.infer<typeof ProductId>;

const Metres = z.number().positive().max(5);

/** Outer size of one unit as it stands: width (left-right), height, depth (front-back), metres. */
export const Dimensions = z.object({ width: Metres, height: Metres, depth: Metres }).strict();
export type Dimensions = z.infer<typeof Dimensions>;

export const Appearance = z
  .object({
    primary: HexColor.describe("main colour of the package or body"),
    accent: HexColor.describe("secondary colour: label band, frame, legs, leaves"),
  })
  .strict();

export const Provenance = z
  .object({
    dataset: z.enum(["usda-branded", "ikea-sa", "authored"]),
    ref: z.string().min(1).optional().describe("row id in the dataset"),
    licence: z.string().min(1),
  })
  .strict();

export const Usd = z
  .number()
  .positive()
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "a price in whole cents");

const ProductBase = z.object({
  id: ProductId,
  name: z.string().min(2).describe("display name shown to the shopper before inspection"),
  brand: z.string().min(1),
  category: z.string().min(2),
  description: z.string().min(10),
  price: Usd.describe("USD"),
  themes: z.array(Slug).describe("shopping themes of the environment this product serves"),
  segColor: HexColor.describe("segmentation colour, unique per product within its environment"),
  appearance: Appearance,
  source: Provenance,
});

export const Nutrition = z
  .object({
    serving: z.string().min(1),
    calories: z.number().int().nonnegative(),
    fatG: z.number().nonnegative(),
    carbsG: z.number().nonnegative(),
    sugarG: z.number().nonnegative(),
    fiberG: z.number().nonnegative(),
    proteinG: z.number().nonnegative(),
    sodiumMg: z.number().nonnegative(),
  })
  .strict();
export type Nutrition = z.infer<typeof Nutrition>;

export const GroceryProduct = ProductBase.extend({
  kind: z.literal("grocery"),
  size: z.string().min(1).describe("pack size as printed, e.g. '14.5 oz' or 'per lb'"),
  storage: Storage,
  shape: z.object({ form: GroceryForm, dims: Dimensions }).strict(),
  ingredients: z.string().min(2).nullable().describe("null for non-food goods"),
  nutrition: Nutrition.nullable().describe("per serving; null for non-food goods"),
  attributes: z
    .object({
      dietary: z.array(DietaryTag),
      allergens: z.array(Allergen),
      flavor: z.array(FlavorTag).min(1),
      packaging: z.array(PackagingTag).min(1),
    })
    .strict(),
}).strict();
export type GroceryProduct = z.infer<typeof GroceryProduct>;

export const FurnitureProduct = ProductBase.extend({
  kind: z.literal("furniture"),
  designer: z.string().min(1).nullable(),
  shape: z.object({ form: FurnitureType, dims: Dimensions }).strict(),
  features: z.array(z.string().min(2)),
  attributes: z
    .object({
      material: z.array(Material).min(1),
      color: z.array(ColorTag).min(1),
      sizeCategory: SizeCategory,
      style: z.array(StyleTag).min(1),
    })
    .strict(),
}).strict();
export type FurnitureProduct = z.infer<typeof FurnitureProduct>;

export const Product = z.discriminatedUnion("kind", [GroceryProduct, FurnitureProduct]);
export type Product = z.infer<typeof Product>;

/**
 * What inspecting a product reveals (Appendix B.2): `pick_up_item` in the supermarket shows price,
 * flavor, packaging, allergens and nutrition; `check_item` in the furniture store shows price,
 * material, color, size category and style.
 */
export type InspectionDetails =
  | {
      kind: "grocery";
      price: number;
      flavor: string[];
      packaging: string[];
      allergens: string[];
      nutrition: Nutrition | null;
    }
  | {
      kind: "furniture";
      price: number;
      material: string[];
      color: string[];
      sizeCategory: string;
      style: string[];
    };

export function inspectionDetails(product: Product): InspectionDetails {
  if (product.kind === "grocery") {
    const { flavor, packaging, allergens } = product.attributes;
    return {
      kind: "grocery",
      price: product.price,
      flavor,
      packaging,
      allergens,
      nutrition: product.nutrition,
    };
  }
  const { material, color, sizeCategory, style } = product.attributes;
  return { kind: "furniture", price: product.price, material, color, sizeCategory, style };
}
