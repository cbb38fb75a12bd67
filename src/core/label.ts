import { z } from "zod";

/** An attribute facet a shopping need can require or exclude. */
export const LabelFacet = z.enum([
  "dietary",
  "allergen",
  "flavor",
  "packaging",
  "material",
  "color",
  "size",
  "style",
]);
export type LabelFacet = z.infer<typeof LabelFacet>;

/** One attribute label, e.g. {facet: "dietary", value: "gluten-free"} or {facet: "color", value: "black"}. */
export const Label = z.object({ facet: LabelFacet, value: z.string().min(1) }).strict();
export type Label = z.infer<typeof Label>;
