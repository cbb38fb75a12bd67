import { describe, expect, it } from "vitest";
import type { ShopperContext } from "../agents/types.js";
import { legalActions } from "./legal-actions.js";

const box = { x0: 0, y0: 0, x1: 10, y1: 10 };
function context(over: {
  held?: string | null;
  env?: "supermarket" | "home-furnishings";
  checked?: string[];
}): ShopperContext {
  return {
    env: over.env ?? "supermarket",
    turn: 0,
    observation: {
      role: "shopper",
      products: [
        { handle: "1", name: "Near", brand: "B", distanceM: 1.0, bearing: "ahead", pixels: 100, box },
        { handle: "2", name: "Far", brand: "B", distanceM: 4.0, bearing: "left", pixels: 100, box },
      ],
      targets: [
        {
          handle: "A",
          name: "Dairy",
          kind: "gondola",
          approaches: ["nearest", "front"],
          distanceM: 3,
          bearing: "ahead",
          box,
        },
        {
          handle: "B",
          name: "Kitchen store",
          kind: "store",
          approaches: ["outside_doorway", "inside_doorway"],
          distanceM: 9,
          bearing: "right",
          box,
        },
      ],
      caption: "",
      marks: [],
      handles: { products: { "1": "p-near", "2": "p-far" }, targets: { A: "f-1", B: "s-1" } },
      image: Buffer.alloc(0),
    },
    shared: { pose: { x: 0, z: 0, yaw: 0, pitch: 0 }, held: over.held ?? null, cart: [] },
    checked: over.checked ?? [],
    revealed: {},
  } as unknown as ShopperContext;
}

const tools = (c: ShopperContext) => legalActions(c).map((a) => a.tool);

describe("the actions a participant may take now", () => {
  it("supermarket, hands empty: pick up only what is within reach; no drop or buy; moves to fixtures in view", () => {
    const legal = legalActions(context({}));
    expect(tools(context({}))).not.toContain("drop_item");
    expect(tools(context({}))).not.toContain("add_to_cart");
    expect(legal.find((a) => a.tool === "pick_up_item")?.targets?.map((t) => t.handle)).toEqual(["1"]);
    expect(legal.find((a) => a.tool === "move_to_fixture")?.targets).toEqual([
      { handle: "A", name: "Dairy", approaches: ["nearest", "front"] },
    ]);
    expect(legal.find((a) => a.tool === "turn")?.params.map((p) => p.name)).toEqual(["direction", "angle"]);
    expect(tools(context({}))).toContain("idle");
  });

  it("supermarket, holding an item: drop it or buy it, no second pick-up", () => {
    const t = tools(context({ held: "p-near" }));
    expect(t).toContain("drop_item");
    expect(t).toContain("add_to_cart");
    expect(t).not.toContain("pick_up_item");
  });

  it("furniture store: stores as targets of move_to_store; decide only on checked items in view", () => {
    expect(tools(context({ env: "home-furnishings" }))).not.toContain("add_to_cart");
    const legal = legalActions(context({ env: "home-furnishings", checked: ["p-far"] }));
    expect(legal.find((a) => a.tool === "add_to_cart")).toMatchObject({
      targets: [{ handle: "2" }],
      targetOptional: true,
    });
    expect(legal.find((a) => a.tool === "check_item")?.targets?.map((t) => t.handle)).toEqual(["1"]);
    expect(legal.find((a) => a.tool === "move_to_store")?.targets?.map((t) => t.handle)).toEqual(["B"]);
  });
});
