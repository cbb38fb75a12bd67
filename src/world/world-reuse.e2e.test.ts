import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RenderService } from "../render/render-service.js";
import { observationCounts, World } from "./world.js";

let render: RenderService;
beforeAll(async () => {
  render = await RenderService.start({ width: 320, height: 240, poolSize: 1 });
});
afterAll(async () => {
  await render?.close();
});

describe("a step that changes nothing drawn", () => {
  it("reuses the last observation instead of rendering again", async () => {
    const world = await World.create("supermarket", render);
    const renders = vi.spyOn(render, "render");
    const { observation: first } = await world.reset();
    expect(renders).toHaveBeenCalledTimes(1);
    const before = observationCounts();

    const idle = await world.step({ name: "idle", arguments: {} });
    expect(idle.success).toBe(true);
    expect(renders).toHaveBeenCalledTimes(1);
    expect(idle.observation.roles.shopper.image).toBe(first.roles.shopper.image);
    expect(idle.observation.roles.assistant).toBe(first.roles.assistant);
    // Nothing was drawn, so nothing is counted as render time.
    expect(idle.observation.timings.observationMs).toBe(0);
    expect(first.timings.observationMs).toBeGreaterThan(0);
    expect(observationCounts()).toEqual({ rendered: before.rendered, reused: before.reused + 1 });

    const turned = await world.step({ name: "turn", arguments: { direction: "left", angle: 30 } });
    expect(turned.success).toBe(true);
    expect(renders).toHaveBeenCalledTimes(2);
    expect(turned.observation.pose.yaw).not.toBe(first.pose.yaw);
    // Back where it started: the render service's worlds keep the views they drew, so the first
    // view is served again.
    const back = await world.step({ name: "turn", arguments: { direction: "right", angle: 30 } });
    expect(renders).toHaveBeenCalledTimes(2);
    expect(back.observation.roles.shopper.image).toBe(first.roles.shopper.image);
    expect(observationCounts()).toEqual({ rendered: before.rendered + 1, reused: before.reused + 2 });
    renders.mockRestore();
  });
});

describe("the views a render service's worlds share", () => {
  it("serve another episode's start without rendering, as the same bytes a render gives", async () => {
    const world = await World.create("supermarket", render);
    const { observation: first } = await world.reset();
    const renders = vi.spyOn(render, "render");
    const again = await (await World.create("supermarket", render)).reset();
    expect(renders).not.toHaveBeenCalled();
    expect(again.observation.roles.assistant.image).toBe(first.roles.assistant.image);
    expect(again.observation.timings.observationMs).toBe(0);
    renders.mockRestore();
    // A fresh render service draws it anew: the same image.
    const other = await RenderService.start({ width: 320, height: 240, poolSize: 1 });
    try {
      const fresh = await (await World.create("supermarket", other)).reset();
      expect(fresh.observation.timings.observationMs).toBeGreaterThan(0);
      expect(fresh.observation.roles.assistant.image.equals(first.roles.assistant.image)).toBe(true);
      expect(fresh.observation.roles.shopper.image.equals(first.roles.shopper.image)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe("act and look, the two halves of a step", () => {
  it("renders the view after a call only when it is looked at", async () => {
    const world = await World.create("supermarket", render);
    const start = await world.reset();
    const renders = vi.spyOn(render, "render");
    const acted = world.act({ name: "turn", arguments: { direction: "left", angle: 75 } });
    expect(acted.success).toBe(true);
    expect(acted.state.pose.yaw).not.toBe(start.state.pose.yaw);
    expect(renders).not.toHaveBeenCalled();
    expect(() => world.observation).toThrow(/look\(\)/);
    const seen = await world.look();
    expect(renders).toHaveBeenCalledTimes(1);
    expect(seen.pose.yaw).toBe(acted.state.pose.yaw);
    expect(world.observation).toBe(seen);
    // A refused call keeps the view: nothing to render.
    const refused = world.act({ name: "no_such_tool", arguments: {} });
    expect(refused.success).toBe(false);
    expect(await world.look()).toBe(seen);
    expect(renders).toHaveBeenCalledTimes(1);
    renders.mockRestore();
  });
});
