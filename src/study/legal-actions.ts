import type { ShopperContext } from "../agents/types.js";
import { envDefinition } from "../envs/registry.js";

/** A numeric or choice argument of a tool, as the action panel asks for it. */
export type ActionParam =
  | {
      name: "distance" | "angle";
      kind: "number";
      min: number;
      max: number;
      step: number;
      default: number;
      unit: "m" | "°";
    }
  | { name: "direction"; kind: "choice"; options: string[]; default: string };

/** Something a target argument may name right now: a label in the participant's view. */
export interface ActionTarget {
  handle: string;
  name: string;
  /** For moves to a fixture or store: the approaches usable from here. */
  approaches?: string[];
}

/** One tool the participant may use now, with what it asks for. */
export interface LegalAction {
  tool: string;
  params: ActionParam[];
  /** Present when the tool takes a target: the labels it may name (optional when `targetOptional`). */
  targets?: ActionTarget[];
  targetOptional?: boolean;
}

const distance = (d: number): ActionParam => ({
  name: "distance",
  kind: "number",
  min: 0.25,
  max: 20,
  step: 0.25,
  default: d,
  unit: "m",
});
const angle = (d: number): ActionParam => ({
  name: "angle",
  kind: "number",
  min: 5,
  max: 360,
  step: 5,
  default: d,
  unit: "°",
});
const direction = (options: string[]): ActionParam => ({
  name: "direction",
  kind: "choice",
  options,
  default: options[0]!,
});

/** The arguments of each tool, in the order its schema lists them (paper Appendix B.2). */
const PARAMS: Record<string, ActionParam[]> = {
  move_forward: [distance(1)],
  move_backward: [distance(1)],
  turn_and_move: [direction(["left", "right"]), angle(90), distance(1)],
  move_and_turn: [distance(1), direction(["left", "right"]), angle(90)],
  side_step: [direction(["left", "right"]), distance(1)],
  turn: [direction(["left", "right"]), angle(45)],
  look_up_down: [direction(["down", "up"]), angle(15)],
};

/**
 * The shopper's tools that can succeed in this observation, each with the labels it may name: a
 * move to a fixture, store or area needs one in view; picking up or checking needs a product within
 * reach; dropping or buying a held item needs one in hand; deciding on a furniture item needs it
 * checked and in view. The world still checks every call (a legal action can fail, e.g. blocked).
 */
export function legalActions(ctx: ShopperContext): LegalAction[] {
  const def = envDefinition(ctx.env);
  const { products, targets, handles } = ctx.observation;
  const reach = def.inspection.reachM;
  const held = ctx.shared.held;
  const inReach = products
    .filter((p) => p.distanceM <= reach)
    .map((p) => ({ handle: p.handle, name: p.name }));
  const checkedInView = products
    .filter((p) => ctx.checked.includes(handles.products[p.handle] ?? ""))
    .map((p) => ({ handle: p.handle, name: p.name }));
  // A fixture's kind is its own (gondola, freezer…); stores and areas are named as such.
  const ofKind = (kind: string) =>
    targets
      .filter((t) => (kind === "fixture" ? t.kind !== "store" && t.kind !== "area" : t.kind === kind))
      .map((t) => ({ handle: t.handle, name: t.name, approaches: t.approaches }));
  const out: LegalAction[] = [];
  const add = (tool: string, extra: Partial<LegalAction> = {}) => {
    if (tool in def.tools) out.push({ tool, params: PARAMS[tool] ?? [], ...extra });
  };
  for (const tool of Object.keys(def.tools)) {
    switch (tool) {
      case "move_to_fixture":
      case "move_to_store":
      case "move_to_area": {
        const kind = tool.slice("move_to_".length);
        const found = ofKind(kind);
        if (found.length) add(tool, { targets: found });
        break;
      }
      case "pick_up_item":
        if (!held && inReach.length) add(tool, { targets: inReach });
        break;
      case "check_item":
        if (inReach.length) add(tool, { targets: inReach });
        break;
      case "drop_item":
        if (held) add(tool);
        break;
      case "add_to_cart":
        if (def.inspection.mode === "hold") {
          if (held) add(tool);
        } else if (checkedInView.length) add(tool, { targets: checkedInView, targetOptional: true });
        break;
      case "do_not_add_to_cart":
        if (checkedInView.length) add(tool, { targets: checkedInView, targetOptional: true });
        break;
      default:
        add(tool);
    }
  }
  return out;
}
