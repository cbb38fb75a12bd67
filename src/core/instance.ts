import { z } from "zod";
import { ProductId, Slug } from "./product.js";

/** What an instance stands on: a fixture level (supermarket), or an area's floor or plinth. */
export const Support = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("level"),
      fixture: Slug,
      side: z.enum(["front", "back"]),
      level: z.number().int().nonnegative().describe("index into the fixture's levels"),
    })
    .strict(),
  z.object({ type: z.literal("floor"), area: Slug }).strict(),
  z.object({ type: z.literal("plinth"), area: Slug, plinth: Slug }).strict(),
]);
export type Support = z.infer<typeof Support>;

/**
 * One placed object. (x, z) is the centre of its footprint and y the height of its base; the
 * product's dimensions give its box, turned by `yaw` (its front faces that way).
 */
export const Instance = z
  .object({
    id: z.string().regex(/^[a-z]{2}-i\d{4}$/, "an instance id such as sm-i0042"),
    product: ProductId,
    x: z.number(),
    y: z.number().nonnegative(),
    z: z.number(),
    yaw: z.number().gt(-360).lt(360),
    on: Support,
  })
  .strict();
export type Instance = z.infer<typeof Instance>;
