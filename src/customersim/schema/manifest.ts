import { z } from "zod";
import { CategoryId } from "./category.js";

const PerCategory = z.record(CategoryId, z.number().int().nonnegative());

/** `manifest.json`: what the data holds, the seed it was made with and where it came from. */
export const CustomerSimManifest = z
  .object({
    kind: z.literal("customersim.manifest"),
    version: z.literal(1),
    seed: z.number().int(),
    counts: z
      .object({
        products: PerCategory,
        personas: PerCategory,
        infeasible: PerCategory,
        guideEntries: PerCategory,
      })
      .strict(),
    sources: z.array(z.object({ name: z.string(), licence: z.string(), use: z.string() }).strict()),
  })
  .strict();
export type CustomerSimManifest = z.infer<typeof CustomerSimManifest>;
