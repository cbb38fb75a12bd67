import { describe, expect, it } from "vitest";
import { Coverage, paintCovered } from "./outline-raster.js";

const W = 40;
const H = 30;
const rings: [number, number][][] = [
  [
    [5.5, 4],
    [20, 4.5],
    [21, 18],
    [6, 17.5],
    [5.5, 4],
  ],
];

describe("outline coverage", () => {
  it("paints a taken shape, again and again, as painting it when drawn does", () => {
    const grey = () => Buffer.alloc(W * H * 3, 90);
    const direct = grey();
    const cov = new Coverage(W, H);
    cov.rings(rings);
    cov.dashedBox({ x0: 24, y0: 2, x1: 38, y1: 27 });
    cov.paint(direct, [255, 59, 48]);

    cov.rings(rings);
    cov.dashedBox({ x0: 24, y0: 2, x1: 38, y1: 27 });
    const taken = cov.take();
    expect(taken.index.length).toBeGreaterThan(100);
    for (let k = 0; k < 2; k++) {
      const again = grey();
      paintCovered(again, taken, [255, 59, 48]);
      expect(again.equals(direct)).toBe(true);
    }
    // Taking leaves the raster clear: a paint now changes nothing.
    const after = grey();
    cov.paint(after, [0, 0, 0]);
    expect(after.equals(grey())).toBe(true);
  });
});
