import { z } from "zod";
import { HexColor } from "./color.js";
import { Point, Polygon, Yaw } from "./geometry.js";
import { ProductId, Slug } from "./product.js";
import { Storage } from "./vocabulary.js";

export const WaypointId = z.string().regex(/^W\d{2}$/, "a waypoint id such as W07");
export type WaypointId = z.infer<typeof WaypointId>;

/**
 * Named ways to approach a navigation target (Appendix B.2). `nearest` is not a fixed point: it is
 * the closest reachable point, computed by the world at run time, so it has no waypoint.
 */
export const FixedApproach = z.enum(["front", "back", "outside_doorway", "inside_doorway", "area_point"]);
export type FixedApproach = z.infer<typeof FixedApproach>;

/** A fixed, named standing point on free floor: a fixture side, a doorway side, an area's point. */
export const Waypoint = z
  .object({
    id: WaypointId,
    x: z.number(),
    z: z.number(),
    yaw: Yaw.describe("the facing a targeted move ends with: towards the target"),
    target: Slug.describe("the navigation target this point serves"),
    approach: FixedApproach,
  })
  .strict();
export type Waypoint = z.infer<typeof Waypoint>;

const Approaches = z.partialRecord(FixedApproach, WaypointId);

const Size = z.object({
  width: z.number().positive(),
  depth: z.number().positive(),
  height: z.number().positive(),
});

export const FixtureKind = z.enum([
  "shelf",
  "wall_shelf",
  "chest_freezer",
  "upright_freezer",
  "open_cooler",
  "produce_stand",
]);
export type FixtureKind = z.infer<typeof FixtureKind>;

const NavTargetBase = z.object({
  id: Slug,
  name: z.string().min(2),
  footprint: Polygon,
  location: Point.describe("centre of the footprint"),
  approaches: Approaches,
  products: z.array(ProductId),
  segColor: HexColor,
});

/**
 * A supermarket fixture. `yaw` is the direction its front face looks towards; a double-sided
 * fixture has a back face looking the opposite way. Each level is a surface height above the floor;
 * products stand on it, within the fixture's depth on their side.
 */
export const Fixture = NavTargetBase.extend({
  type: z.literal("fixture"),
  kind: FixtureKind,
  storage: Storage,
  yaw: Yaw,
  size: Size,
  sides: z.array(z.enum(["front", "back"])).min(1),
  levels: z.array(z.number().nonnegative()).min(1).describe("surface heights, m, lowest first"),
  clearance: z.number().positive().describe("free height above each level, m"),
}).strict();
export type Fixture = z.infer<typeof Fixture>;

/** A walled store of the furniture hall; its storefront doorway opens in the wall its `yaw` faces. */
export const Store = NavTargetBase.extend({
  type: z.literal("store"),
  description: z.string().min(2),
  yaw: Yaw.describe("direction the storefront faces, out of the store"),
  doorway: z.object({ from: Point, to: Point }).strict().describe("the gap in the storefront wall"),
  areas: z.array(Slug).min(1),
}).strict();
export type Store = z.infer<typeof Store>;

/** A raised display surface inside an area, for small items (lamps, ornaments, small planters). */
export const Plinth = z
  .object({ id: Slug, footprint: Polygon, height: z.number().positive().max(1.2) })
  .strict();
export type Plinth = z.infer<typeof Plinth>;

export const DisplayArea = NavTargetBase.extend({
  type: z.literal("area"),
  store: Slug,
  plinths: z.array(Plinth),
}).strict();
export type DisplayArea = z.infer<typeof DisplayArea>;

export const NavTarget = z.discriminatedUnion("type", [Fixture, Store, DisplayArea]);
export type NavTarget = z.infer<typeof NavTarget>;

/** A straight wall piece from `from` to `to`, centred on that line. */
export const Wall = z
  .object({ from: Point, to: Point, thickness: z.number().positive(), height: z.number().positive() })
  .strict();
export type Wall = z.infer<typeof Wall>;
