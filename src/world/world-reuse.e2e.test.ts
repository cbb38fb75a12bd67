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
    // Back where it started: the last drawn view is the turned one, so this renders too.
    await world.step({ name: "turn", arguments: { direction: "right", angle: 30 } });
    expect(renders).toHaveBeenCalledTimes(3);
    expect(observationCounts()).toEqual({ rendered: before.rendered + 2, reused: before.reused + 1 });
    renders.mockRestore();
  });
});
