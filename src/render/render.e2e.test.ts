import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnvData } from "../envs/env-data.js";
import type { CameraPose } from "./camera.js";
import { GOLDEN_SIZE, GOLDEN_VIEWS, imageDifference } from "./golden.js";
import { handleFor, type Observation, observe, resolveHandle, storeContext } from "./observer.js";
import { frameBuffers, RenderService } from "./render-service.js";
import { extractRegions } from "./som/regions.js";

let service: RenderService;
beforeAll(async () => {
  service = await RenderService.start({ ...GOLDEN_SIZE, poolSize: 1 });
});
afterAll(async () => {
  await service?.close();
});

const supermarket = loadEnvData("supermarket");
const furniture = loadEnvData("home-furnishings");

/** The standing point of a fixture side or store approach, as a camera pose. */
function waypointPose(data: typeof supermarket, targetId: string, approach: string, pitch = -12): CameraPose {
  const t = data.layout.navTargets.find((x) => x.id === targetId)!;
  const id = (t.approaches as Record<string, string>)[approach]!;
  const wp = data.layout.waypoints.find((w) => w.id === id)!;
  return { x: wp.x, z: wp.z, yaw: wp.yaw, pitch };
}

/** Products standing on a fixture's given side at the level nearest eye height, middle first. */
function productsOnShelf(fixtureId: string, side: "front" | "back"): string[] {
  return supermarket.instances.instances
    .filter(
      (i) => i.on.type === "level" && i.on.fixture === fixtureId && i.on.side === side && i.on.level === 1,
    )
    .map((i) => i.product);
}

const sameWords = (a: Uint32Array, b: Uint32Array) =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe("render service", () => {
  it("segmentation colours are exact: every labelled pixel is a product or a target", async () => {
    const frame = await service.render(
      "supermarket",
      waypointPose(supermarket, "shelf-03", "front"),
      undefined,
      {
        buffers: true,
      },
    );
    const { seg, depthMm } = frameBuffers(frame);
    const known = storeContext("supermarket").colorIndex;
    const ids = new Set(seg);
    ids.delete(0);
    expect(ids.size).toBeGreaterThan(5);
    for (const id of ids)
      expect(known.has(id), `#${id.toString(16).padStart(6, "0")} is not a known colour`).toBe(true);
    expect(depthMm.some((d) => d > 0)).toBe(true);
  });

  it("the page finds the same regions as the region finder does on the frame's own segmentation and depth", async () => {
    for (const [where, side] of [
      ["shelf-03", "front"],
      ["open-cooler-2", "front"],
    ] as const) {
      const frame = await service.render("supermarket", waypointPose(supermarket, where, side), undefined, {
        buffers: true,
      });
      const regions = extractRegions(
        { width: frame.width, height: frame.height, ...frameBuffers(frame) },
        storeContext("supermarket").colorIndex,
      );
      expect(regions.products.length).toBeGreaterThan(0);
      expect(frame.regions).toEqual(regions);
      // Without buffers only the colour image comes back, and the same regions with it.
      const plain = await service.render("supermarket", waypointPose(supermarket, where, side));
      expect(plain.buffers).toBeUndefined();
      expect(plain.rgb.equals(frame.rgb)).toBe(true);
      expect(plain.regions).toEqual(regions);
    }
  });

  it("shows a shelf's products, with different handles per role that resolve to the same product", async () => {
    const obs = await observe(service, "supermarket", waypointPose(supermarket, "shelf-05", "front"));
    const onShelf = new Set(productsOnShelf("shelf-05", "front"));
    const seen = obs.roles.assistant.products.filter((p) => onShelf.has(p.productId!));
    expect(seen.length).toBeGreaterThan(0);
    for (const p of seen) {
      const ref = { kind: "product" as const, id: p.productId! };
      const mine = handleFor(obs, "shopper", ref)!;
      expect(mine).toMatch(/^\d+$/);
      expect(p.handle).toMatch(/^[A-Z]+$/);
      expect(resolveHandle(obs, "shopper", mine)).toEqual(ref);
      expect(resolveHandle(obs, "assistant", p.handle)).toEqual(ref);
      expect(obs.roles.shopper.products.find((s) => s.handle === mine)?.productId).toBeUndefined();
    }
    const shelf = obs.roles.assistant.targets.find((t) => t.targetId === "shelf-05")!;
    expect(shelf.handle).toMatch(/^\d+$/);
    const shopperShelf = handleFor(obs, "shopper", { kind: "target", id: "shelf-05" })!;
    expect(shopperShelf).toMatch(/^[A-Z]+$/);
    expect(obs.roles.shopper.targets.find((t) => t.handle === shopperShelf)?.approaches).toEqual([
      "nearest",
      "front",
    ]);
    expect(obs.roles.shopper.image.subarray(1, 4).toString()).toBe("PNG");
  });

  it("does not label products beyond the annotation distance", async () => {
    const near = waypointPose(supermarket, "shelf-05", "front");
    // Step back 5 m from the shelf, still facing it.
    const far = { ...near, x: near.x - 5 };
    const obs = await observe(service, "supermarket", far);
    const onShelf = new Set(productsOnShelf("shelf-05", "front"));
    expect(obs.roles.assistant.targets.some((t) => t.targetId === "shelf-05")).toBe(true);
    expect(obs.roles.assistant.products.filter((p) => onShelf.has(p.productId!))).toEqual([]);
  });

  it("does not see through walls", async () => {
    // In the promenade, 2 m in front of Atelier Prime's storefront wall, left of its doorway, facing it.
    const obs = await observe(service, "home-furnishings", { x: 3, z: 16, yaw: 0, pitch: -5 });
    expect(obs.roles.assistant.products).toEqual([]);
    expect(obs.roles.assistant.targets.map((t) => t.targetId)).toContain("atelier-prime");
    const inside = await observe(
      service,
      "home-furnishings",
      waypointPose(furniture, "ap-sofas", "area_point", -15),
    );
    expect(inside.roles.assistant.products.length).toBeGreaterThan(0);
  });

  it("renders the same pose to the same bytes", async () => {
    const pose = waypointPose(supermarket, "open-cooler-2", "front");
    const a = await service.render("supermarket", pose, undefined, { buffers: true });
    const b = await service.render("supermarket", pose, undefined, { buffers: true });
    expect(Buffer.compare(a.rgb, b.rgb)).toBe(0);
    expect(sameWords(frameBuffers(a).seg, frameBuffers(b).seg)).toBe(true);
    expect(sameWords(frameBuffers(a).depthMm, frameBuffers(b).depthMm)).toBe(true);
  });

  it.each(GOLDEN_VIEWS)("looks like its golden image: $name", async (view) => {
    const frame = await service.render(view.env, view.pose);
    const golden = await sharp(readFileSync(new URL(`./testdata/golden-${view.name}.png`, import.meta.url)))
      .removeAlpha()
      .raw()
      .toBuffer();
    const diff = imageDifference(frame.rgb, golden);
    expect(
      diff.mean,
      "mean channel difference (run scripts/update-golden.ts after an intended change)",
    ).toBeLessThan(3);
    expect(diff.offShare).toBeLessThan(0.02);
  });
});

describe("render qualities", () => {
  it("high draws 1280×720 with multisampled edges and shadows, the same bytes twice, and exact segmentation", async () => {
    // Looking down at a produce stand and the floor round it, where its shadow falls.
    const pose = waypointPose(supermarket, "produce-stand-1", "front", -30);
    const high = await RenderService.start({ quality: "high", poolSize: 1 });
    const fast = await RenderService.start({ width: 1280, height: 720, poolSize: 1 });
    try {
      const [a, b, plain] = [
        await high.render("supermarket", pose, undefined, { buffers: true }),
        await high.render("supermarket", pose),
        await fast.render("supermarket", pose, undefined, { buffers: true }),
      ];
      expect([a.width, a.height]).toEqual([1280, 720]);
      expect(a.rgb.equals(b.rgb)).toBe(true);
      // Edges blend neighbouring colours: more distinct colours than the same view drawn without.
      const colours = (rgb: Buffer) => {
        const seen = new Set<number>();
        for (let i = 0; i < rgb.length; i += 3) seen.add((rgb[i]! << 16) | (rgb[i + 1]! << 8) | rgb[i + 2]!);
        return seen.size;
      };
      expect(a.rgb.equals(plain.rgb)).toBe(false);
      expect(colours(a.rgb)).toBeGreaterThan(colours(plain.rgb) * 1.1);
      // The floor darkens where the stand's shadow falls: background pixels away from any edge
      // (so not a multisampled blend) that are clearly darker than in the view without shadows.
      const seg = frameBuffers(plain).seg;
      const W = 1280;
      let floor = 0;
      let shadowed = 0;
      for (let y = 2; y < 718; y++)
        for (let x = 2; x < W - 2; x++) {
          const i = y * W + x;
          if ([0, -2 * W, 2 * W, -2, 2].some((d) => seg[i + d] !== 0)) continue;
          floor++;
          const sum = (rgb: Buffer) => rgb[i * 3]! + rgb[i * 3 + 1]! + rgb[i * 3 + 2]!;
          if (sum(plain.rgb) - sum(a.rgb) > 30) shadowed++;
        }
      expect(shadowed / floor).toBeGreaterThan(0.02);
      // Segmentation and depth are never multisampled: the same ids and depths as the plain view.
      expect(sameWords(frameBuffers(a).seg, frameBuffers(plain).seg)).toBe(true);
      expect(sameWords(frameBuffers(a).depthMm, frameBuffers(plain).depthMm)).toBe(true);
    } finally {
      await Promise.all([high.close(), fast.close()]);
    }
  });
});

describe("observations", () => {
  let obs: Observation;
  beforeAll(async () => {
    obs = await observe(service, "supermarket", waypointPose(supermarket, "produce-stand-1", "front"));
  });

  it("lists visible products in both roles with the same entities and different handles", () => {
    const ids = (role: "shopper" | "assistant") => Object.values(obs.roles[role].handles.products).sort();
    expect(ids("shopper")).toEqual(ids("assistant"));
    expect(Object.keys(obs.roles.shopper.handles.products).every((h) => /^\d+$/.test(h))).toBe(true);
    expect(Object.keys(obs.roles.assistant.handles.products).every((h) => /^[A-Z]+$/.test(h))).toBe(true);
  });

  it("writes captions naming handles, products and approaches", () => {
    const { caption, products } = obs.roles.assistant;
    expect(caption).toContain("Visible products");
    expect(caption).toContain(`${products[0]!.handle}: `);
    expect(caption).toContain(`[${products[0]!.productId}]`);
    expect(obs.roles.shopper.caption).not.toMatch(/\[sm-\d{3}\]/);
  });
});
