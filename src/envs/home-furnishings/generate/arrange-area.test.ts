import { describe, expect, it } from "vitest";
import {
  convexPolygonsOverlap,
  distanceToPolygon,
  orientedRect,
  polygonInside,
} from "../../../core/geometry.js";
import { arrangeArea, type DisplayItem, PLINTH } from "./arrange-area.js";
import { type AreaSlot, rectPolygon } from "./store-plan.js";

const slot: AreaSlot = { rect: { x0: 0, z0: 0, x1: 6.7, z1: 5.3 }, open: "north" };
const item = (product: string, width: number, depth: number, onPlinth = false): DisplayItem => ({
  product,
  width,
  depth,
  onPlinth,
});

describe("arrangeArea", () => {
  const items = [
    item("sofa-1", 2.2, 0.95),
    item("sofa-2", 2.0, 0.9),
    item("chair", 0.8, 0.8),
    item("table", 1.2, 0.6),
    item("lamp-1", 0.3, 0.3, true),
    item("lamp-2", 0.35, 0.35, true),
    item("lamp-3", 0.4, 0.4, true),
    item("vase", 0.2, 0.2, true),
  ];
  const result = arrangeArea("test", slot, items);

  it("places every item once, small ones on plinths at plinth height", () => {
    expect(result.items.map((i) => i.product).sort()).toEqual(items.map((i) => i.product).sort());
    for (const placed of result.items) {
      const spec = items.find((i) => i.product === placed.product)!;
      expect(placed.plinth !== null).toBe(spec.onPlinth);
      expect(placed.y).toBe(spec.onPlinth ? PLINTH.height : 0);
    }
    expect(result.plinths.length).toBe(2);
  });

  it("keeps everything inside the area, apart, and clear of the standing point", () => {
    const area = rectPolygon(slot.rect);
    const floor = [
      ...result.items
        .filter((i) => i.plinth === null)
        .map((i) => {
          const spec = items.find((s) => s.product === i.product)!;
          return orientedRect([i.x, i.z], spec.width, spec.depth, i.yaw);
        }),
      ...result.plinths.map((p) => p.footprint),
    ];
    for (const [i, a] of floor.entries()) {
      expect(polygonInside(a, area)).toBe(true);
      expect(distanceToPolygon([result.point.x, result.point.z], a)).toBeGreaterThan(0.5);
      for (const b of floor.slice(i + 1)) expect(convexPolygonsOverlap(a, b)).toBe(false);
    }
  });

  it("puts the standing point near the open edge, facing into the area, close to the nearest row", () => {
    // Open to the north: the open edge is z = 0; rows fill from the far wall (z = 5.3) towards it.
    expect(result.point.z).toBeGreaterThanOrEqual(1.0);
    expect(result.point.yaw).toBe(180);
    expect(result.items.every((i) => i.yaw === 0)).toBe(true);
    const nearestRow = Math.min(
      ...result.items.map((i) => i.z - items.find((s) => s.product === i.product)!.depth / 2),
    );
    expect(nearestRow - result.point.z).toBeLessThanOrEqual(1.5 + 1e-9);
  });

  it("walks the standing point in towards the goods of a sparse area, so they are within reach", () => {
    const sparse = arrangeArea("sparse", slot, [item("lamp", 0.3, 0.3, true), item("vase", 0.2, 0.2, true)]);
    const plinth = sparse.plinths[0]!;
    const plinthFront = Math.min(...plinth.footprint.map(([, z]) => z));
    expect(plinthFront - sparse.point.z).toBeCloseTo(1.5);
    expect(sparse.point.z).toBeGreaterThan(2);
  });

  it("refuses an area that cannot hold its items", () => {
    const beds = Array.from({ length: 9 }, (_, k) => item(`bed-${k}`, 1.8, 2.1));
    expect(() => arrangeArea("crowded", slot, beds)).toThrow(/area crowded: \d+ items do not fit/);
  });
});
