import { z } from "zod";
import { EnvId } from "./manifest.js";
import { ProductId, Slug } from "./product.js";

/** Supermarket: which fixtures carry a product. */
export const FixtureLocation = z.object({ product: ProductId, fixtures: z.array(Slug).min(1) }).strict();
/** Home furnishings: which store and display area show a product. */
export const AreaLocation = z
  .object({ product: ProductId, places: z.array(z.object({ store: Slug, area: Slug }).strict()).min(1) })
  .strict();

export const LocationEntry = z.union([FixtureLocation, AreaLocation]);
export type LocationEntry = z.infer<typeof LocationEntry>;

/** The product-location index the assistant plans routes with (Appendix A.3). */
export const LocationIndex = z
  .object({
    kind: z.literal("siturec.location-index"),
    version: z.literal(1),
    env: EnvId,
    entries: z.array(LocationEntry),
  })
  .strict();
export type LocationIndex = z.infer<typeof LocationIndex>;

/** The navigation targets (fixtures, or stores and areas) an entry points to. */
export function entryTargets(entry: LocationEntry): string[] {
  return "fixtures" in entry ? entry.fixtures : entry.places.flatMap((p) => [p.store, p.area]);
}
