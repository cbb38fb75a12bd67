import { z } from "zod";
import { ApparelAttributes } from "./apparel.js";
import { GameAttributes, LaptopAttributes, WatchAttributes } from "./devices.js";

export const ProductId = z.string().regex(/^[a-z]{2}-\d{3}$/, "an id like fc-001");

/** Where a product's record came from. */
export const ProductSource = z
  .object({
    dataset: z.enum(["salesbot", "authored"]),
    /** The row in the dataset, e.g. `laptops.json#3`. */
    ref: z.string().optional(),
    licence: z.string().min(2),
  })
  .strict();

const base = {
  id: ProductId,
  name: z.string().min(3),
  brand: z.string().min(2),
  /** US dollars. */
  price: z.number().positive(),
  description: z.string().min(10),
  features: z.array(z.string().min(2)).min(1),
  /**
   * The properties that hold by the category's domain knowledge (e.g. `moistureWicking`): the
   * paper's "hard criteria" that need commonsense, derived by the checker from the attributes.
   */
  hardCriteria: z.array(z.string().min(2)),
  source: ProductSource,
};

export const ApparelProduct = z
  .object({ ...base, category: z.enum(["female-clothing", "male-clothing"]), attributes: ApparelAttributes })
  .strict();
export const LaptopProduct = z
  .object({ ...base, category: z.literal("laptops"), attributes: LaptopAttributes })
  .strict();
export const WatchProduct = z
  .object({ ...base, category: z.literal("smart-watches"), attributes: WatchAttributes })
  .strict();
export const GameProduct = z
  .object({ ...base, category: z.literal("games"), attributes: GameAttributes })
  .strict();

export const Product = z.discriminatedUnion("category", [
  ApparelProduct,
  LaptopProduct,
  WatchProduct,
  GameProduct,
]);
export type Product = z.infer<typeof Product>;
export type ApparelProduct = z.infer<typeof ApparelProduct>;
export type LaptopProduct = z.infer<typeof LaptopProduct>;
export type WatchProduct = z.infer<typeof WatchProduct>;
export type GameProduct = z.infer<typeof GameProduct>;

/** `catalog.json`: every product of every category. */
export const Catalog = z
  .object({ kind: z.literal("customersim.catalog"), version: z.literal(1), products: z.array(Product) })
  .strict();
export type Catalog = z.infer<typeof Catalog>;

/** The attribute schema of a category, to check that a rule names a real attribute. */
export const ATTRIBUTE_SCHEMAS = {
  "female-clothing": ApparelAttributes,
  "male-clothing": ApparelAttributes,
  laptops: LaptopAttributes,
  "smart-watches": WatchAttributes,
  games: GameAttributes,
} as const;
