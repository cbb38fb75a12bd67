import { beforeAll, describe, expect, it } from "vitest";
import { loadEnvData } from "../envs/env-data.js";
import { envDefinition } from "../envs/registry.js";
import { navigationFor } from "./navmesh.js";
import { legalTools, parseToolCall } from "./tools.js";
import { type VisibleNow, WorldCore, type WorldState } from "./world-core.js";

let sm: WorldCore;
let hf: WorldCore;
beforeAll(async () => {
  sm = new WorldCore(
    "supermarket",
    loadEnvData("supermarket"),
    await navigationFor("supermarket", loadEnvData("supermarket")),
  );
  hf = new WorldCore(
    "home-furnishings",
    loadEnvData("home-furnishings"),
    await navigationFor("home-furnishings", loadEnvData("home-furnishings")),
  );
});

const none: VisibleNow = { products: {}, targets: {} };
const at = (core: WorldCore, pose: Partial<WorldState["pose"]>): WorldState => {
  const s = core.initialState();
  Object.assign(s.pose, pose);
  return s;
};

describe("tools", () => {
  it("are exactly the paper's sets", () => {
    expect(legalTools("supermarket")).toHaveLength(12);
    expect(legalTools("home-furnishings")).toHaveLength(13);
    expect(legalTools("supermarket")).toContain("pick_up_item");
    expect(legalTools("home-furnishings")).toContain("do_not_add_to_cart");
    expect(legalTools("home-furnishings")).not.toContain("pick_up_item");
  });

  it("refuse unknown tools and bad arguments with a message, never a throw", () => {
    expect(parseToolCall("supermarket", { name: "fly", arguments: {} })).toMatchObject({
      ok: false,
      error: expect.stringContaining("unknown tool 'fly'"),
    });
    expect(parseToolCall("supermarket", { name: "check_item", arguments: { target: "1" } })).toMatchObject({
      ok: false,
    });
    expect(
      parseToolCall("supermarket", { name: "turn", arguments: { direction: "around", angle: 90 } }),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining("argument 'direction'"),
    });
    expect(parseToolCall("supermarket", { name: "move_forward", arguments: { distance: -1 } })).toMatchObject(
      { ok: false },
    );
    expect(parseToolCall("supermarket", "move_forward")).toMatchObject({ ok: false });
    const { state, outcome } = sm.apply(sm.initialState(), { name: "teleport" }, none);
    expect(outcome).toMatchObject({ success: false, displacement: 0 });
    expect(state.steps).toBe(1);
    expect(state.pose).toEqual(sm.initialState().pose);
  });
});

describe("movement", () => {
  it("turns, looks within limits, and walks along the heading", () => {
    let s = sm.initialState();
    ({ state: s } = sm.apply(s, { name: "turn", arguments: { direction: "left", angle: 90 } }, none));
    expect(s.pose.yaw).toBe(90);
    ({ state: s } = sm.apply(
      s,
      { name: "look_up_down", arguments: { direction: "down", angle: 200 } },
      none,
    ));
    expect(s.pose.pitch).toBe(-60);
    const x = s.pose.x;
    const { state, outcome } = sm.apply(s, { name: "move_forward", arguments: { distance: 1.5 } }, none);
    expect(outcome.success).toBe(true);
    expect(outcome.displacement).toBeCloseTo(1.5, 3);
    expect(state.pose.x).toBeCloseTo(x - 1.5, 3); // yaw 90 faces west (-x)
  });

  it("side-steps and walks backwards", () => {
    const s = at(sm, { x: 23.5, z: 20, yaw: 0 });
    const right = sm.apply(
      s,
      { name: "side_step", arguments: { direction: "right", distance: 1 } },
      none,
    ).state;
    expect(right.pose.x).toBeCloseTo(24.5, 3);
    const back = sm.apply(s, { name: "move_backward", arguments: { distance: 1 } }, none).state;
    expect(back.pose.z).toBeCloseTo(21, 3);
  });

  it("walking into a shelf stops short and three such moves are a motion stall", () => {
    // West of shelf-01 (front faces west, x 6.05–6.95), facing east into it.
    let s = at(sm, { x: 5.2, z: 8.8, yaw: -90 });
    let out = sm.apply(s, { name: "move_forward", arguments: { distance: 2 } }, none);
    expect(out.outcome.blocked).toBe(true);
    expect(out.state.pose.x).toBeLessThan(6.05 - 0.2);
    s = out.state;
    for (let i = 1; i <= 3; i++) {
      out = sm.apply(s, { name: "move_forward", arguments: { distance: 1 } }, none);
      expect(out.outcome.displacement).toBeLessThan(0.05);
      expect(out.state.stallStreak).toBe(i);
      expect(out.outcome.stalled).toBe(i === 3);
      s = out.state;
    }
    out = sm.apply(s, { name: "turn", arguments: { direction: "left", angle: 180 } }, none);
    expect(out.state.stallStreak).toBe(0);
  });

  it("a refused call neither moves nor touches the stall count", () => {
    const s = { ...sm.initialState(), stallStreak: 2 };
    const out = sm.apply(s, { name: "move_to_fixture", arguments: { target: "Q", approach: "front" } }, none);
    expect(out.outcome).toMatchObject({
      success: false,
      error: expect.stringContaining("not a navigation target in your current view"),
    });
    expect(out.state.stallStreak).toBe(2);
  });
});

describe("targeted moves", () => {
  const visible = (target: string, approaches: string[]): VisibleNow => ({
    products: {},
    targets: { X: { target, approaches } },
  });

  it("front and back land on the fixture's standing points, facing it and looking at the goods", () => {
    const data = loadEnvData("supermarket");
    const shelf = data.layout.navTargets.find((t) => t.id === "shelf-06")!;
    for (const side of ["front", "back"] as const) {
      const wp = data.layout.waypoints.find((w) => w.id === shelf.approaches[side])!;
      const out = sm.apply(
        sm.initialState(),
        { name: "move_to_fixture", arguments: { target: "X", approach: side } },
        visible("shelf-06", ["nearest", side]),
      );
      expect(out.outcome.success).toBe(true);
      // A gondola: pitched down so its three shelves, 0.12 m to 1.45 m high, fill the view.
      expect(out.state.pose).toEqual({ x: wp.x, z: wp.z, yaw: wp.yaw, pitch: -30 });
    }
  });

  it("refuses a side the current view does not support", () => {
    const out = sm.apply(
      sm.initialState(),
      { name: "move_to_fixture", arguments: { target: "X", approach: "back" } },
      visible("shelf-06", ["nearest", "front"]),
    );
    expect(out.outcome.error).toContain("cannot be approached from 'back' from here");
  });

  it("nearest goes to the closest reachable point beside the fixture, keeping the walking heading", () => {
    const out = sm.apply(
      sm.initialState(),
      { name: "move_to_fixture", arguments: { target: "X", approach: "nearest" } },
      visible("produce-stand-2", ["nearest", "back"]),
    );
    expect(out.outcome.success).toBe(true);
    const stand = loadEnvData("supermarket").layout.navTargets.find((t) => t.id === "produce-stand-2")!;
    const gap = Math.min(
      ...stand.footprint.map(([x, z]) => Math.hypot(x - out.state.pose.x, z - out.state.pose.z)),
    );
    expect(gap).toBeLessThan(1.5);
    expect(sm.nav.walkable([out.state.pose.x, out.state.pose.z])).toBe(true);
    expect(out.state.pose.pitch).toBe(0);
  });

  it("refuses a store tool on a fixture", () => {
    const out = hf.apply(
      hf.initialState(),
      { name: "move_to_area", arguments: { target: "X" } },
      visible("the-plant", ["outside_doorway", "inside_doorway"]),
    );
    expect(out.outcome.error).toContain("is a store, not a area");
  });

  it("store approaches land outside and inside the doorway", () => {
    for (const approach of ["outside_doorway", "inside_doorway"] as const) {
      const out = hf.apply(
        hf.initialState(),
        { name: "move_to_store", arguments: { target: "X", approach } },
        visible("the-plant", ["outside_doorway", "inside_doorway"]),
      );
      const store = loadEnvData("home-furnishings").layout.navTargets.find((t) => t.id === "the-plant")!;
      const wp = loadEnvData("home-furnishings").layout.waypoints.find(
        (w) => w.id === store.approaches[approach],
      )!;
      expect(out.state.pose).toMatchObject({ x: wp.x, z: wp.z, yaw: wp.yaw });
    }
  });
});

describe("items", () => {
  const product = "sm-210";
  const seen = (distanceM: number): VisibleNow => ({
    products: { "7": { product, distanceM } },
    targets: {},
  });

  it("pick up reveals the details and empties the place; drop puts it back; add_to_cart buys what is held", () => {
    const s0 = at(sm, { x: 21, z: 8.8, yaw: -90 });
    const far = sm.apply(
      s0,
      { name: "pick_up_item", arguments: { target: "7" } },
      seen(envDefinition("supermarket").inspection.reachM + 0.1),
    );
    expect(far.outcome.error).toContain("come within 1.6 m");
    const up = sm.apply(s0, { name: "pick_up_item", arguments: { target: "7" } }, seen(1));
    expect(up.outcome.success).toBe(true);
    expect(up.outcome.revealed).toMatchObject({
      product,
      kind: "grocery",
      price: expect.any(Number),
      allergens: expect.any(Array),
    });
    expect(up.state.held?.product).toBe(product);
    expect(up.state.removed).toEqual([up.state.held!.instance]);
    expect(up.state.revealed[product]).toBeDefined();
    const again = sm.apply(up.state, { name: "pick_up_item", arguments: { target: "7" } }, seen(1));
    expect(again.outcome.error).toContain("your hands are full");
    const down = sm.apply(up.state, { name: "drop_item", arguments: {} }, none);
    expect(down.state.held).toBeNull();
    expect(down.state.removed).toEqual([]);
    expect(sm.apply(down.state, { name: "drop_item", arguments: {} }, none).outcome.error).toContain(
      "not holding anything",
    );
    expect(sm.apply(down.state, { name: "add_to_cart", arguments: {} }, none).outcome.error).toContain(
      "not holding anything",
    );
    const wrong = sm.apply(up.state, { name: "add_to_cart", arguments: { target: "8" } }, seen(1));
    expect(wrong.outcome.error).toContain("'8' is not the item in your hand");
    const bought = sm.apply(up.state, { name: "add_to_cart", arguments: { target: "7" } }, seen(0.5));
    expect(bought.outcome).toMatchObject({ success: true, addedToCart: product });
    expect(bought.state.cart).toEqual([product]);
    expect(bought.state.held).toBeNull();
    expect(bought.state.removed).toHaveLength(1);
  });

  it("furniture: check before deciding; add_to_cart takes the last checked product in view", () => {
    const view: VisibleNow = {
      products: { "3": { product: "hf-010", distanceM: 2 }, "4": { product: "hf-011", distanceM: 2.5 } },
      targets: {},
    };
    const s0 = hf.initialState();
    expect(hf.apply(s0, { name: "add_to_cart", arguments: { target: "3" } }, view).outcome.error).toContain(
      "check_item '3' before deciding",
    );
    expect(hf.apply(s0, { name: "add_to_cart", arguments: {} }, view).outcome.error).toContain(
      "no checked product is in view",
    );
    const far = hf.apply(
      s0,
      { name: "check_item", arguments: { target: "4" } },
      { ...view, products: { "4": { product: "hf-011", distanceM: 3.5 } } },
    );
    expect(far.outcome.error).toContain("come within 3 m");
    const checked = hf.apply(s0, { name: "check_item", arguments: { target: "3" } }, view);
    expect(checked.outcome.revealed).toMatchObject({
      product: "hf-010",
      kind: "furniture",
      material: expect.any(Array),
      sizeCategory: expect.any(String),
    });
    const no = hf.apply(checked.state, { name: "do_not_add_to_cart", arguments: {} }, view);
    expect(no.state.declined).toEqual(["hf-010"]);
    const yes = hf.apply(checked.state, { name: "add_to_cart", arguments: {} }, view);
    expect(yes.outcome.addedToCart).toBe("hf-010");
    expect(
      hf.apply(checked.state, { name: "add_to_cart", arguments: {} }, { products: {}, targets: {} }).outcome
        .error,
    ).toContain("no checked product is in view");
  });
});
