import { contours } from "d3-contour";
import { describe, expect, it } from "vitest";
import { maskRings } from "./mask-rings.js";

/** A seeded mask of blobs with holes and specks, `density` of its cells set. */
function randomMask(dx: number, dy: number, seed: number, density: number): Uint8Array {
  let s = seed;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const values = new Uint8Array(dx * dy);
  for (let i = 0; i < values.length; i++) values[i] = next() < density ? 1 : 0;
  return values;
}

describe("maskRings", () => {
  it("traces the same rings as d3-contour at threshold 0.5, in the same order", () => {
    const sizes = [
      [1, 1],
      [1, 7],
      [9, 1],
      [2, 2],
      [13, 11],
      [40, 25],
    ] as const;
    for (const [dx, dy] of sizes) {
      for (let seed = 1; seed <= 40; seed++) {
        for (const density of [0.2, 0.5, 0.8]) {
          const values = randomMask(dx, dy, seed * 7919 + dx, density);
          const [shape] = contours().size([dx, dy]).thresholds([0.5])(Array.from(values));
          expect(maskRings(values, dx, dy)).toEqual(shape!.coordinates);
        }
      }
    }
  });

  it("keeps a hole inside its outer ring", () => {
    const values = new Uint8Array(25).fill(1);
    values[12] = 0;
    const polygons = maskRings(values, 5, 5);
    expect(polygons).toHaveLength(1);
    expect(polygons[0]).toHaveLength(2);
  });
});
