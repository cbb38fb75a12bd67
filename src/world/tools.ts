import { z } from "zod";
import { ToolCall } from "../core/dialogue.js";
import type { EnvId } from "../core/manifest.js";
import { formatZodIssues } from "../core/zod-issues.js";

const Distance = z.number().positive().max(20).describe("metres");
const Angle = z.number().positive().max(360).describe("degrees");
const Direction = z.enum(["left", "right"]);
const Handle = z.string().trim().min(1).max(8).describe("a handle from your current view");

/**
 * The shopper's tools (paper Appendix B.2, C.1): the shared set, then each store's own. Names and
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

export const SUPERMARKET_TOOLS = {
  ...SHARED_TOOLS,
  move_to_fixture: z.object({ target: Handle, approach: z.enum(["nearest", "front", "back"]) }).strict(),
  pick_up_item: z.object({ target: Handle }).strict(),
  drop_item: z.object({}).strict(),
} as const;

export const FURNITURE_TOOLS = {
  ...SHARED_TOOLS,
  move_to_store: z
    .object({ target: Handle, approach: z.enum(["outside_doorway", "inside_doorway"]) })
    .strict(),
  move_to_area: z.object({ target: Handle }).strict(),
  check_item: z.object({ target: Handle }).strict(),
  do_not_add_to_cart: z.object({ target: Handle.optional() }).strict(),
} as const;

export type SupermarketTool = keyof typeof SUPERMARKET_TOOLS;
export type FurnitureTool = keyof typeof FURNITURE_TOOLS;
export type ToolName = SupermarketTool | FurnitureTool;

export function toolsFor(env: EnvId): Record<string, z.ZodType> {
  return env === "supermarket" ? SUPERMARKET_TOOLS : FURNITURE_TOOLS;
}

/** The legal tool names of a store, in the order the paper lists them (supermarket 12, furniture 13). */
export function legalTools(env: EnvId): string[] {
  return Object.keys(toolsFor(env));
}

/** Tools that move the shopper across the floor (the ones a motion stall counts). */
export const TRANSLATIONAL = new Set([
  "move_forward",
  "move_backward",
  "turn_and_move",
  "move_and_turn",
  "side_step",
  "move_to_fixture",
  "move_to_store",
  "move_to_area",
]);

export type ParsedCall =
  | { ok: true; name: string; args: Record<string, unknown> }
  | { ok: false; error: string };

/** Validates a call against the store's tools; errors say what was wrong and what is allowed. */
export function parseToolCall(env: EnvId, call: unknown): ParsedCall {
  const shape = ToolCall.safeParse(call);
  if (!shape.success)
    return { ok: false, error: 'a tool call must look like {"name": "...", "arguments": {...}}' };
  const tools = toolsFor(env);
  const schema = tools[shape.data.name];
  if (!schema) {
    return {
      ok: false,
      error: `unknown tool '${shape.data.name}'; the tools here are: ${Object.keys(tools).join(", ")}`,
    };
  }
  const args = schema.safeParse(shape.data.arguments);
  if (!args.success) {
    const why = formatZodIssues(args.error, {
      max: 1,
      label: (path) => (path ? `argument '${path}'` : "arguments"),
    });
    return { ok: false, error: `${shape.data.name}: ${why}` };
  }
  return { ok: true, name: shape.data.name, args: args.data as Record<string, unknown> };
}
