import { z } from "zod";
import { EnvId } from "./manifest.js";
import { Product } from "./product.js";

export const Catalog = z
  .object({
    kind: z.literal("siturec.catalog"),
    version: z.literal(1),
    env: EnvId,
    currency: z.literal("USD"),
    products: z.array(Product),
  })
  .strict();
export type Catalog = z.infer<typeof Catalog>;
