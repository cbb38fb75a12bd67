import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnvData } from "../envs/env-data.js";
import type { CameraPose } from "./camera.js";
import { GOLDEN_SIZE, GOLDEN_VIEWS, imageDifference } from "./golden.js";
import { handleFor, type Observation, observe, resolveHandle, storeContext } from "./observer.js";
import { RenderService } from "./render-service.js";

let service: RenderService;
beforeAll(async () => {
  service = await RenderService.start({ ...GOLDEN_SIZE, poolSize: 1 });
}, 120_000);
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

describe("render service", () => {
  it("segmentation colours are exact: every labelled pixel is a product or a target", async () => {
    const frame = await service.render("supermarket", waypointPose(supermarket, "shelf-03", "front"));
    const known = storeContext("supermarket").colorIndex;
    const ids = new Set(frame.seg);
    ids.delete(0);
    expect(ids.size).toBeGreaterThan(5);
    for (const id of ids)
      expect(known.has(id), `#${id.toString(16).padStart(6, "0")} is not a known colour`).toBe(true);
    expect(frame.depthMm.some((d) => d > 0)).toBe(true);
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
    const a = await service.render("supermarket", pose);
    const b = await service.render("supermarket", pose);
    expect(Buffer.compare(a.rgba, b.rgba)).toBe(0);
    expect(Buffer.from(a.seg.buffer).equals(Buffer.from(b.seg.buffer))).toBe(true);
    expect(Buffer.from(a.depthMm.buffer).equals(Buffer.from(b.depthMm.buffer))).toBe(true);
  });

  it.each(GOLDEN_VIEWS)("looks like its golden image: $name", async (view) => {
    const frame = await service.render(view.env, view.pose);
    const golden = await sharp(readFileSync(new URL(`./testdata/golden-${view.name}.png`, import.meta.url)))
      .ensureAlpha()
      .raw()
      .toBuffer();
    const diff = imageDifference(frame.rgba, golden);
    expect(
      diff.mean,
      "mean channel difference (run scripts/update-golden.ts after an intended change)",
    ).toBeLessThan(3);
    expect(diff.offShare).toBeLessThan(0.02);
  });
});

describe("render qualities", () => {
  it("high draws 1280×720 with multisampled colour edges, the same bytes twice, and exact segmentation", async () => {
    const pose = waypointPose(supermarket, "shelf-03", "front", -30);
    const high = await RenderService.start({ quality: "high", poolSize: 1 });
    const fast = await RenderService.start({ width: 1280, height: 720, poolSize: 1 });
    try {
      const [a, b, plain] = [
        await high.render("supermarket", pose),
        await high.render("supermarket", pose),
        await fast.render("supermarket", pose),
      ];
      expect([a.width, a.height]).toEqual([1280, 720]);
      expect(a.rgba.equals(b.rgba)).toBe(true);
      // Edges blend neighbouring colours: more distinct colours than the same view drawn without.
      const colours = (rgba: Buffer) =>
        new Set(new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length / 4)).size;
      expect(a.rgba.equals(plain.rgba)).toBe(false);
      expect(colours(a.rgba)).toBeGreaterThan(colours(plain.rgba) * 1.1);
      // Segmentation and depth are never multisampled: the same ids and depths as the plain view.
      expect(Buffer.from(a.seg.buffer).equals(Buffer.from(plain.seg.buffer))).toBe(true);
      expect(Buffer.from(a.depthMm.buffer).equals(Buffer.from(plain.depthMm.buffer))).toBe(true);
    } finally {
      await Promise.all([high.close(), fast.close()]);
    }
  }, 120_000);
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
