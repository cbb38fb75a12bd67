import { z } from "zod";
import { HexColor } from "../../../core/color.js";
import { Nutrition, Slug, Usd } from "../../../core/product.js";
import { FlavorTag, GroceryForm, LabelClaim, PackagingTag } from "../../../core/vocabulary.js";
import { SECTIONS, SUPERMARKET_THEMES } from "./sections.js";

const SectionId = z.enum(SECTIONS.map((s) => s.id) as [string, ...string[]]);
const ThemeId = z.enum(SUPERMARKET_THEMES.map((t) => t.id) as [string, ...string[]]);

/**
 * One authored supermarket product (`spec/products.json`): the compact, human-written source the
 * generator turns into catalog records. Allergens and the derived dietary tags are not written here:
 * the generator derives them from `ingredients` by documented rules.
 */
export const GrocerySpecItem = z
  .object({
    key: Slug.describe("unique, stable; e.g. 'cheerios-honey-nut'"),
    name: z.string().min(3).describe("clean display name without the size, e.g. 'Honey Nut Cheerios'"),
    brand: z.string().min(1),
    section: SectionId.describe("the fixture where it is mainly stocked"),
    alsoIn: z.array(SectionId).optional().describe("further fixtures carrying it (rare)"),
    category: z.string().min(2).describe("shopper-facing category, e.g. 'Breakfast Cereal'"),
    size: z.string().min(1).describe("pack size as printed: '10.8 oz', '1 gal', '12 ct', 'per lb'"),
    price: Usd,
    form: GroceryForm,
    dimsCm: z
      .tuple([z.number().positive(), z.number().positive(), z.number().positive()])
      .describe("[width, height, depth] of one unit as it stands on the shelf; produce: the display crate"),
    packColor: HexColor,
    accentColor: HexColor,
    description: z.string().min(10).describe("one sentence a shop assistant would say about it"),
    ingredients: z
      .string()
      .min(2)
      .nullable()
      .describe("foods only; verbatim from the USDA row when usdaRow is set"),
    usdaRow: z
      .string()
      .regex(/^\d+$/)
      .optional()
      .describe("the USDA sample's first column, when grounded in it"),
    flavor: z
      .array(FlavorTag)
      .min(1)
      .describe("flavors, or the scent of household goods; 'original', 'plain', 'unscented' are fine"),
    packaging: z.array(PackagingTag).min(1),
    claims: z.array(LabelClaim).describe("label claims; nutrient claims must agree with the nutrition panel"),
    nutrition: Nutrition.nullable().describe("per serving, typical label values; null for non-food goods"),
    themes: z.array(ThemeId),
  })
  .strict();
export type GrocerySpecItem = z.infer<typeof GrocerySpecItem>;

export const GrocerySpec = z
  .object({
    products: z.array(GrocerySpecItem),
  })
  .strict();
export type GrocerySpec = z.infer<typeof GrocerySpec>;
