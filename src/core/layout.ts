import { z } from "zod";
import { Point, Pose } from "./geometry.js";
import { EnvId } from "./manifest.js";
import { NavTarget, Wall, Waypoint } from "./spatial.js";

export const Layout = z
  .object({
    kind: z.literal("siturec.layout"),
    version: z.literal(1),
    env: EnvId,
    floor: z
      .object({ width: z.number().positive(), depth: z.number().positive(), ceiling: z.number().positive() })
      .strict()
      .describe("the hall spans x in [0, width] and z in [0, depth], metres"),
    entrance: z.object({ from: Point, to: Point }).strict().describe("the gap in the outer wall"),
    start: Pose.describe("where every episode starts"),
    walls: z.array(Wall),
    navTargets: z.array(NavTarget),
    waypoints: z.array(Waypoint),
  })
  .strict();
export type Layout = z.infer<typeof Layout>;
