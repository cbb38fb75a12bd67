import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { EnvId } from "../core/manifest.js";
import { loadEnvData } from "../envs/env-data.js";
import type { SceneState } from "../render/camera.js";
import { type Observation, observe } from "../render/observer.js";
import { frameBuffers, RenderService } from "../render/render-service.js";
import type { Regions } from "../render/som/regions.js";
import { tourStops } from "../render/tour.js";
import { World } from "./world.js";

let service: RenderService;
beforeAll(async () => {
  service = await RenderService.start({ width: 320, height: 240, poolSize: 1 });
});
afterAll(async () => {
  await service?.close();
});

/** A few stops spread over the store's tour, the start first. */
function someStops(env: EnvId, n: number) {
  const stops = tourStops(env);
  const step = Math.floor(stops.length / n);
  return Array.from({ length: n }, (_, i) => stops[i * step]!);
}

/** Regions as a frame without colour gives them: outlines left out (nothing to draw them on). */
const withoutOutlines = (r: Regions): Regions => ({
  ...r,
  products: r.products.map((p) => ({ ...p, components: p.components.map((c) => ({ ...c, rings: [] })) })),
});

const sameWords = (a: Uint32Array, b: Uint32Array) =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe("a frame without colour", () => {
  it.each(["supermarket", "home-furnishings"] as const)(
    "finds the regions the coloured frame finds, at several poses of %s",
    async (env) => {
      let compared = 0;
      for (const { name, pose } of someStops(env, 5)) {
        // Colourless first: the page's camera is still where the previous stop's colour pass left it.
        const bare = await service.render(env, pose, undefined, { colour: false });
        const full = await service.render(env, pose);
        expect(bare.rgb.length).toBe(0);
        expect(full.rgb.length).toBe(full.width * full.height * 3);
        expect(bare.timings.rgbMs).toBe(0);
        expect(bare.regions, name).toEqual(withoutOutlines(full.regions));
        expect(full.regions.products.flatMap((p) => p.components).every((c) => c.rings.length > 0)).toBe(
          true,
        );
        compared += full.regions.products.length + full.regions.targets.length;
      }
      expect(compared).toBeGreaterThan(10);
    },
  );

  it("draws what the shopper holds and what was taken, as the coloured frame does", async () => {
    const [start, ...stops] = tourStops("supermarket");
    let stop = start!;
    let seen = await service.render("supermarket", stop.pose);
    for (const next of stops) {
      if (seen.regions.products.length >= 2) break;
      stop = next;
      seen = await service.render("supermarket", stop.pose);
    }
    const [held, taken] = seen.regions.products.map((p) => p.productId);
    expect(taken).toBeDefined();
    const { instances } = loadEnvData("supermarket").instances;
    const hidden = instances.filter((i) => i.product === held || i.product === taken).map((i) => i.id);
    const state: SceneState = { hidden, held: held! };
    await service.render("supermarket", start!.pose);
    const bare = await service.render("supermarket", stop.pose, state, { colour: false });
    const full = await service.render("supermarket", stop.pose, state);
    expect(bare.regions).toEqual(withoutOutlines(full.regions));
    expect(bare.regions).not.toEqual(withoutOutlines(seen.regions));
  });

  it("still brings back segmentation and depth when asked, the same as with colour", async () => {
    const { pose } = someStops("supermarket", 4)[2]!;
    const bare = await service.render("supermarket", pose, undefined, { colour: false, buffers: true });
    const full = await service.render("supermarket", pose, undefined, { buffers: true });
    expect(bare.rgb.length).toBe(0);
    expect(sameWords(frameBuffers(bare).seg, frameBuffers(full).seg)).toBe(true);
    expect(sameWords(frameBuffers(bare).depthMm, frameBuffers(full).depthMm)).toBe(true);
    expect(bare.regions).toEqual(withoutOutlines(full.regions));
  });
});

describe("observations without images", () => {
  it("render no colour, and the coloured one is the same but for its images", async () => {
    const { pose } = someStops("home-furnishings", 4)[1]!;
    const renders = vi.spyOn(service, "render");
    const bare = await observe(service, "home-furnishings", pose, undefined, { images: false });
    expect(renders.mock.calls[0]![3]).toMatchObject({ colour: false });
    renders.mockRestore();
    const full = await observe(service, "home-furnishings", pose);
    expect(bare.frame.rgb.length).toBe(0);
    // Everything but the image and the outlines its overlay would draw.
    const lists = ({ image: _, marks, ...rest }: Observation["roles"]["shopper"]) => ({
      ...rest,
      marks: marks.map((m) => ({ ...m, rings: [] })),
    });
    for (const role of ["assistant", "shopper"] as const) {
      expect(bare.roles[role].image.length).toBe(0);
      expect(bare.roles[role].marks.every((m) => m.rings.length === 0)).toBe(true);
      expect(lists(bare.roles[role])).toEqual(lists(full.roles[role]));
    }
  });

  it("a world that wants images is never served another world's view without them", async () => {
    const blind = await World.create("supermarket", service, { images: false });
    const { observation: bare } = await blind.reset();
    expect(bare.frame.rgb.length).toBe(0);
    const seeing = await World.create("supermarket", service);
    const { observation } = await seeing.reset();
    expect(observation.roles.shopper.image.subarray(1, 4).toString()).toBe("PNG");
    expect(observation.roles.assistant.image.length).toBeGreaterThan(0);
    expect(observation.frame.rgb.length).toBeGreaterThan(0);
  });
});
