import { describe, expect, it } from "vitest";
import { letters, productHandle, targetHandles } from "../../core/roles.js";
import { loadEnvData } from "../../envs/env-data.js";
import { extractRegions, SOM_LIMITS } from "./regions.js";
import { supportedApproaches } from "./role-view.js";

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
