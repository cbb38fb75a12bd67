import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnvData } from "../envs/env-data.js";
import { envDefinition } from "../envs/registry.js";
import { RenderService } from "../render/render-service.js";
import { loadTaskBank } from "../tasks/task-bank-file.js";
import { findProduct, frontShelfTask, goTo, handleOfTarget, type Trace } from "./testing/navigate.js";
import { visibleNow, World } from "./world.js";

let render: RenderService;
beforeAll(async () => {
  render = await RenderService.start({ width: 480, height: 360, poolSize: 1 });
});
afterAll(async () => {
  await render?.close();
});

const failed = (trace: Trace) => JSON.stringify(trace.calls.slice(-6));

describe("the scripted shopper, using only handles from its current view", () => {
  it("reaches each of the 29 supermarket fixtures", async () => {
    const world = await World.create("supermarket", render);
    await world.reset();
    const trace: Trace = { calls: [] };
    for (const t of loadEnvData("supermarket").layout.navTargets) {
      const ok = await goTo(world, trace, t.id);
      expect(ok, `${t.id}: ${failed(trace)}`).toBe(true);
      expect(handleOfTarget(world, t.id), `${t.id} in view on arrival`).toBeDefined();
    }
  });

  it("reaches each of the 7 furniture stores", async () => {
    const world = await World.create("home-furnishings", render);
    await world.reset();
    const trace: Trace = { calls: [] };
    for (const t of loadEnvData("home-furnishings").layout.navTargets.filter((x) => x.type === "store")) {
      expect(await goTo(world, trace, t.id), `${t.id}: ${failed(trace)}`).toBe(true);
    }
  });

  it("puts a supermarket task's target in the cart", async () => {
    const { product, fixture } = frontShelfTask();
    const world = await World.create("supermarket", render);
    await world.reset();
    const trace: Trace = { calls: [] };
    expect(await goTo(world, trace, fixture, "front"), failed(trace)).toBe(true);
    const handle = await findProduct(world, trace, product, envDefinition("supermarket").inspection.reachM);
    expect(handle, `${product} on ${fixture}: ${failed(trace)}`).toBeDefined();
    const picked = await world.step({ name: "pick_up_item", arguments: { target: handle! } });
    expect(picked.success, picked.error).toBe(true);
    // The item is now in the shopper's hand, in view, and off its place.
    const inHand = Object.entries(visibleNow(picked.observation).products).find(
      ([, p]) => p.product === product,
    );
    expect(inHand?.[1].distanceM).toBeLessThan(0.8);
    const bought = await world.step({ name: "add_to_cart", arguments: { target: inHand![0] } });
    expect(bought).toMatchObject({ success: true, addedToCart: product });
    expect(bought.state.cart).toEqual([product]);
  });

  it("puts a furniture task's target in the cart", async () => {
    const data = loadEnvData("home-furnishings");
    const task = loadTaskBank("home-furnishings").tasks[0]!;
    const product = task.goal.target.product;
    const entry = data.locationIndex.entries.find((e) => e.product === product)!;
    const place = "places" in entry ? entry.places[0]! : undefined;
    const world = await World.create("home-furnishings", render);
    await world.reset();
    const trace: Trace = { calls: [] };
    expect(await goTo(world, trace, place!.store), failed(trace)).toBe(true);
    const store = handleOfTarget(world, place!.store)!;
    expect(
      (await world.step({ name: "move_to_store", arguments: { target: store, approach: "inside_doorway" } }))
        .success,
    ).toBe(true);
    expect(await goTo(world, trace, place!.area), failed(trace)).toBe(true);
    const handle = await findProduct(
      world,
      trace,
      product,
      envDefinition("home-furnishings").inspection.reachM,
    );
    expect(handle, `${product} in ${place!.area}: ${failed(trace)}`).toBeDefined();
    const checked = await world.step({ name: "check_item", arguments: { target: handle! } });
    expect(checked.revealed).toMatchObject({ product, kind: "furniture" });
    const bought = await world.step({ name: "add_to_cart", arguments: {} });
    expect(bought).toMatchObject({ success: true, addedToCart: product });
  });
});

describe("replay", () => {
  it("the same calls reproduce the same states and images, byte for byte", async () => {
    const calls = [
      { name: "turn", arguments: { direction: "left", angle: 30 } },
      { name: "move_forward", arguments: { distance: 2.5 } },
      { name: "look_up_down", arguments: { direction: "down", angle: 10 } },
      { name: "side_step", arguments: { direction: "right", distance: 1 } },
      { name: "pick_up_item", arguments: { target: "1" } },
    ];
    const run = async () => {
      const world = await World.create("supermarket", render);
      await world.reset();
      const out: string[] = [];
      for (const c of calls) {
        const r = await world.step(c);
        out.push(JSON.stringify({ state: r.state, success: r.success, error: r.error }));
        out.push(r.observation.roles.shopper.image.toString("base64"));
        out.push(r.observation.roles.assistant.image.toString("base64"));
      }
      return out;
    };
    expect(await run()).toEqual(await run());
  });

  it("an illegal call is refused with a message, and the view stays the same", async () => {
    const world = await World.create("supermarket", render);
    const { observation } = await world.reset();
    const r = await world.step({ name: "pick_up_item", arguments: { target: "999" } });
    expect(r).toMatchObject({ success: false, displacement: 0 });
    expect(r.error).toContain("'999' is not a product in your current view");
    expect(r.observation).toBe(observation);
    expect(Object.keys(visibleNow(r.observation).targets).length).toBeGreaterThan(3);
  });
});
