import { z } from "zod";

/** `Navigate` to a fixture: the route's final fixture (Appendix B.2). */
export const NAVIGATE_TO_FIXTURE = z.object({
  type: z.literal("Navigate"),
  navigation_goal: z.string().min(1).describe("the fixture handle (fixed, from the map) the route leads to"),
  reason: z.string().min(1),
});

/** `Navigate` through stores and areas: the goal, and the visible waypoint to take now. */
export const NAVIGATE_BY_WAYPOINT = NAVIGATE_TO_FIXTURE.extend({
  navigation_goal: z
    .string()
    .min(1)
    .describe("the final store or area handle (fixed, from the map) the route leads to"),
  next_waypoint: z.string().min(1).describe("the visible store or area handle to go to now"),
  target_approach: z
    .enum(["outside_doorway", "inside_doorway", "area_point"])
    .describe("where at the next waypoint: a store's outside or inside doorway, or an area's point"),
});
