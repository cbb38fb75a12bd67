import { z } from "zod";

const Distance = z.number().positive().max(20).describe("metres");
const Angle = z.number().positive().max(360).describe("degrees");
const Direction = z.enum(["left", "right"]);
const Handle = z.string().trim().min(1).max(8).describe("a handle from your current view");

/**
 * The shopper's tools (paper Appendix B.2, C.1), from which each store takes its set. Names and
 * arguments are a contract: metres and degrees, `direction` left|right (up|down to look), targets as
 * handles from the acting role's current observation.
 */
export const SHARED_TOOLS = {
  move_forward: z.object({ distance: Distance }).strict(),
  move_backward: z.object({ distance: Distance }).strict(),
  turn_and_move: z.object({ direction: Direction, angle: Angle, distance: Distance }).strict(),
  move_and_turn: z.object({ distance: Distance, direction: Direction, angle: Angle }).strict(),
  side_step: z.object({ direction: Direction, distance: Distance }).strict(),
  turn: z.object({ direction: Direction, angle: Angle }).strict(),
  look_up_down: z.object({ direction: z.enum(["up", "down"]), angle: Angle }).strict(),
  add_to_cart: z.object({ target: Handle.optional() }).strict(),
  idle: z.object({}).strict(),
} as const;

/** Walking up to a fixture, and holding one item at a time (a supermarket). */
export const FIXTURE_AND_HOLD_TOOLS = {
  move_to_fixture: z.object({ target: Handle, approach: z.enum(["nearest", "front", "back"]) }).strict(),
  pick_up_item: z.object({ target: Handle }).strict(),
  drop_item: z.object({}).strict(),
} as const;

/** Walking into stores and their display areas, and checking items where they stand (a furniture store). */
export const STORE_AND_CHECK_TOOLS = {
  move_to_store: z
    .object({ target: Handle, approach: z.enum(["outside_doorway", "inside_doorway"]) })
    .strict(),
  move_to_area: z.object({ target: Handle }).strict(),
  check_item: z.object({ target: Handle }).strict(),
  do_not_add_to_cart: z.object({ target: Handle.optional() }).strict(),
} as const;
