import { z } from "zod";
import { HexColor } from "../../../core/color.js";
import { Slug, Usd } from "../../../core/product.js";
import { ColorTag, FurnitureType, Material, StyleTag } from "../../../core/vocabulary.js";
import { HOME_FURNISHINGS_THEMES, STORES } from "./stores.js";

const AreaId = z.enum(STORES.flatMap((s) => s.areas.map((a) => a.id)) as [string, ...string[]]);
const ThemeId = z.enum(HOME_FURNISHINGS_THEMES.map((t) => t.id) as [string, ...string[]]);

/** The fields of one row of the IKEA Saudi Arabia data, copied verbatim (MIT, tidytuesday). */
export const IkeaRow = z
  .object({
    itemId: z.string().regex(/^\d+$/),
    name: z.string().min(1),
    category: z.string().min(1),
    priceSar: z.number().positive(),
    shortDescription: z.string().min(1),
    designer: z.string().min(1),
    depthCm: z.number().positive().nullable(),
    heightCm: z.number().positive().nullable(),
    widthCm: z.number().positive().nullable(),
    link: z.string().url(),
  })
  .strict();
export type IkeaRow = z.infer<typeof IkeaRow>;

/**
 * One authored home-furnishings product (`spec/products.json`). IKEA-grounded items carry their
 * source row; the generator takes the price from it (SAR / 3.75) and checks that the authored
 * colours agree with the colour words of the product's IKEA URL.
 */
export const FurnitureSpecItem = z
  .object({
    key: Slug,
    area: AreaId.describe("display area where it is mainly shown (the area's store is implied)"),
    alsoIn: z.array(AreaId).optional().describe("a second display area that also shows it"),
    type: FurnitureType,
    name: z.string().min(3).describe("display name, e.g. 'EKTORP Three-Seat Sofa, Hallarp Beige'"),
    brand: z.string().min(1),
    category: z.string().min(2).describe("shopper-facing category, e.g. 'Sofas'"),
    description: z.string().min(10),
    ikea: IkeaRow.optional(),
    priceUsd: Usd.optional().describe("authored items only; IKEA items are priced from priceSar"),
    designer: z
      .string()
      .min(1)
      .nullable()
      .optional()
      .describe("authored items; IKEA items use the row's designer"),
    dimsCm: z
      .object({ w: z.number().positive(), d: z.number().positive(), h: z.number().positive() })
      .strict()
      .describe("width, depth, height of the item as displayed (fill the row's gaps plausibly)"),
    material: z.array(Material).min(1),
    color: z.array(ColorTag).min(1),
    style: z.array(StyleTag).min(1),
    features: z.array(z.string().min(2)).describe("e.g. 'dimmable', 'adjustable height', 'washable cover'"),
    bodyColor: HexColor,
    accentColor: HexColor,
    themes: z.array(ThemeId),
  })
  .strict()
  .refine((v) => (v.ikea ? v.priceUsd === undefined : v.priceUsd !== undefined), {
    message: "IKEA items take their price from ikea.priceSar; authored items need priceUsd",
  });
export type FurnitureSpecItem = z.infer<typeof FurnitureSpecItem>;

export const FurnitureSpec = z.object({ products: z.array(FurnitureSpecItem) }).strict();
export type FurnitureSpec = z.infer<typeof FurnitureSpec>;
