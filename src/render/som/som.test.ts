import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { letters, productHandle, targetHandles } from "../../core/roles.js";
import { loadEnvData } from "../../envs/env-data.js";
import { annotate, drawOverlay, encodePng } from "./annotate.js";
import { extractRegions, SOM_LIMITS } from "./regions.js";
import { supportedApproaches } from "./role-view.js";
import { FIXTURE, fixtureFrame, fixtureView } from "./testing/overlay-fixture.js";

// A quarter of the 640×480 view, so the pixel thresholds scale to a quarter too.
const W = 320;
const H = 240;

function frame(paint: (x: number, y: number) => [number, number] | undefined) {
  const seg = new Uint32Array(W * H);
  const depthMm = new Uint32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const hit = paint(x, y);
      if (hit) {
        seg[y * W + x] = hit[0];
        depthMm[y * W + x] = hit[1];
      }
    }
  }
  return { width: W, height: H, seg, depthMm };
}

const index = new Map([
  [0x102030, { kind: "product" as const, id: "sm-001" }],
  [0x405060, { kind: "target" as const, id: "shelf-01" }],
]);

describe("extractRegions", () => {
  it("merges facings a pixel apart into one region and keeps a separated block apart", () => {
    const f = frame((x, y) => {
      if (y < 10 || y > 20) return undefined;
      const facing = (x >= 5 && x < 12) || (x >= 13 && x < 20) || (x >= 21 && x < 28);
      const far = x >= 60 && x < 70;
      return facing || far ? [0x102030, 2000] : undefined;
    });
    const { products } = extractRegions(f, index);
    expect(products).toHaveLength(1);
    expect(products[0]!.components).toHaveLength(2);
    // The box is around the region grown by the merge radius.
    expect(products[0]!.components[0]!.box).toMatchObject({
      x0: 5 - SOM_LIMITS.mergeRadiusPx,
      x1: 27 + SOM_LIMITS.mergeRadiusPx,
    });
    expect(products[0]!.components[0]!.rings.length).toBeGreaterThan(0);
  });

  it("without outlines finds the same regions and leaves their rings empty", () => {
    const f = frame((x, y) =>
      y >= 10 && y <= 20 && ((x >= 5 && x < 28) || (x >= 60 && x < 70)) ? [0x102030, 2000] : undefined,
    );
    const full = extractRegions(f, index);
    const bare = extractRegions(f, index, { outlines: false });
    expect(bare.products[0]!.components.every((c) => c.rings.length === 0)).toBe(true);
    const strip = (r: typeof full) =>
      r.products.map((p) => ({ ...p, components: p.components.map((c) => ({ ...c, rings: [] })) }));
    expect(strip(bare)).toEqual(strip(full));
    expect(full.products[0]!.components[0]!.rings.length).toBeGreaterThan(0);
  });

  it("keeps a shape whose arms meet only further down as one region, numbered by its first pixel", () => {
    // A W (three arms joined at the foot) and, right of it, a block that starts higher up: the W is
    // found as three pieces that join row by row, and is still one region.
    const f = frame((x, y) => {
      const arm = (x >= 20 && x < 26) || (x >= 40 && x < 46) || (x >= 60 && x < 66);
      const w = (arm && y >= 20 && y < 60) || (x >= 20 && x < 66 && y >= 60 && y < 66);
      const block = x >= 100 && x < 110 && y >= 5 && y < 15;
      return w || block ? [0x102030, 2000] : undefined;
    });
    const [product] = extractRegions(f, index).products;
    const r = SOM_LIMITS.mergeRadiusPx;
    expect(product!.components.map((c) => [c.pixels, c.box])).toEqual([
      [3 * 6 * 40 + 46 * 6, { x0: 20 - r, y0: 20 - r, x1: 65 + r, y1: 65 + r }],
      [100, { x0: 100 - r, y0: 5 - r, x1: 109 + r, y1: 14 + r }],
    ]);
    // The W's outline: its outer ring and no holes (the gaps between the arms open upwards).
    expect(product!.components[0]!.rings).toHaveLength(1);
  });

  it("drops what is beyond reach or too small, and boxes a target's whole region", () => {
    const tooFar = SOM_LIMITS.productRangeM * 1000 + 1;
    const f = frame((x, y) => {
      if (x < 20 && y < 20) return [0x102030, tooFar];
      if (x >= 30 && y >= 30) return [0x405060, 9000];
      return undefined;
    });
    const { products, targets } = extractRegions(f, index);
    expect(products).toEqual([]);
    expect(targets).toEqual([
      { targetId: "shelf-01", pixels: 290 * 210, minDepthM: 9, box: { x0: 30, y0: 30, x1: 319, y1: 239 } },
    ]);
    const speck = extractRegions(
      frame((x, y) => (x < 2 && y < 2 ? [0x102030, 1000] : undefined)),
      index,
    );
    expect(speck.products).toEqual([]);
  });
});

describe("handles", () => {
  it("counts in letters like spreadsheet columns", () => {
    expect([1, 26, 27, 28, 52, 53].map(letters)).toEqual(["A", "Z", "AA", "AB", "AZ", "BA"]);
    expect([productHandle("shopper", 3), productHandle("assistant", 3)]).toEqual(["3", "C"]);
  });

  it("give fixed target handles per role: letters and A1 for the shopper, numbers and 1a for the assistant", () => {
    const { layout } = loadEnvData("home-furnishings");
    const shopper = targetHandles(layout, "shopper");
    const assistant = targetHandles(layout, "assistant");
    expect(shopper.get("atelier-prime")).toBe("A");
    expect(assistant.get("atelier-prime")).toBe("1");
    expect(shopper.get("ap-armchairs")).toBe("A2");
    expect(assistant.get("ap-armchairs")).toBe("1b");
    expect(new Set(shopper.values()).size).toBe(31);
    const sm = targetHandles(loadEnvData("supermarket").layout, "shopper");
    expect(sm.get("produce-stand-2")).toBe("AC");
  });

  it("support a fixture's side only from that side", () => {
    const shelf = loadEnvData("supermarket").layout.navTargets.find((t) => t.id === "shelf-01")!;
    // shelf-01's front faces west (yaw 90): west of it is the front, east of it the back.
    expect(
      supportedApproaches(shelf, { x: shelf.location[0] - 1.5, z: shelf.location[1], yaw: -90, pitch: 0 }),
    ).toEqual(["nearest", "front"]);
    expect(
      supportedApproaches(shelf, { x: shelf.location[0] + 1.5, z: shelf.location[1], yaw: 90, pitch: 0 }),
    ).toEqual(["nearest", "back"]);
  });
});

describe("the Set-of-Mark overlay", () => {
  const draw = () => annotate(fixtureFrame(), FIXTURE.width, FIXTURE.height, fixtureView());
  const pixels = async (png: Buffer) => {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: FIXTURE.width, height: FIXTURE.height, channels: 3 });
    return (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
  };
  const grey = [FIXTURE.grey, FIXTURE.grey, FIXTURE.grey];
  const count = (at: (x: number, y: number) => number[], box: number[], test: (p: number[]) => boolean) => {
    let n = 0;
    for (let y = box[1]!; y < box[3]!; y++) for (let x = box[0]!; x < box[2]!; x++) if (test(at(x, y))) n++;
    return n;
  };

  it("outlines a product's region in its handle's colour, 2 px wide on the ring, and leaves the rest", async () => {
    const at = await pixels(await draw());
    const red = [0xff, 0x3b, 0x30];
    const { x0, y0, x1, y1 } = FIXTURE.square;
    for (const [x, y] of [
      [70, y0 - 1],
      [70, y0],
      [x1 - 1, 70],
      [x1, 70],
      [70, y1],
      [x0 - 1, 70],
    ] as const)
      expect(at(x, y), `(${x}, ${y})`).toEqual(red);
    expect(at(70, y0 - 3)).toEqual(grey);
    expect(at(70, 70)).toEqual(grey);
    expect(at(x1 + 2, 70)).toEqual(grey);
  });

  it("boxes a target in white dashes, 6 on and 4 off from its top-left corner", async () => {
    const at = await pixels(await draw());
    const { x0, y0, y1 } = FIXTURE.target;
    expect(at(x0 + 3, y0)).toEqual([255, 255, 255]);
    expect(at(x0 + 8, y0)).toEqual(grey);
    expect(at(x0 + 13, y0)).toEqual([255, 255, 255]);
    expect(at(x0, y1 - 3)).toEqual([255, 255, 255]);
    expect(at(x0 + 50, (y0 + y1) / 2)).toEqual(grey);
  });

  it("puts each badge at its anchor: the box in the handle's colour and the handle's text in it", async () => {
    const at = await pixels(await draw());
    // The product's badge stands on its anchor (the square's corner): red, with dark text.
    const { x0, y0 } = FIXTURE.square;
    expect(at(x0 + 1, y0 - 14)).toEqual([0xff, 0x3b, 0x30]);
    expect(count(at, [x0, y0 - 14, x0 + 16, y0 - 2], (p) => p.every((c) => c < 60))).toBeGreaterThan(10);
    expect(at(x0 - 2, y0 - 10)).toEqual(grey);
    // The target's badge is dark, inside its box's top-left corner, with white text.
    const t = FIXTURE.target;
    expect(at(t.x0 + 3, t.y0 + 4)).toEqual([0x1c, 0x1c, 0x1e]);
    expect(
      count(at, [t.x0 + 2, t.y0 + 2, t.x0 + 30, t.y0 + 18], (p) => p.every((c) => c > 200)),
    ).toBeGreaterThan(20);
  });

  it("keeps badges, outlines included, inside the image", async () => {
    const view = fixtureView();
    view.marks[0]!.anchor = [FIXTURE.width - 4, 3];
    const rgb = fixtureFrame();
    const placed = await drawOverlay(rgb, FIXTURE.width, FIXTURE.height, view);
    // Pushed left and down to fit: the box ends a pixel short of the right edge and starts a pixel
    // below the top, where the outline goes.
    expect(placed.find((b) => b.handle === "1")).toMatchObject({ left: FIXTURE.width - 17, top: 1 });
    const at = await pixels(await encodePng(rgb, FIXTURE.width, FIXTURE.height));
    expect(at(FIXTURE.width - 3, 9)).toEqual([0xff, 0x3b, 0x30]);
    expect(at(FIXTURE.width - 14, 3)).toEqual([0xff, 0x3b, 0x30]);
  });

  it("gives identical bytes for identical inputs", async () => {
    expect((await draw()).equals(await draw())).toBe(true);
  });
});
