import { describe, expect, it } from "vitest";
import type { GroceryProduct } from "../../core/product.js";
import { groceryHasLid, groceryLabelAspect, groceryTopAspect } from "./product-geometry.js";
import { color, cylinderLabelWidth, LABEL_ARC, ShapeKit } from "./shape-kit.js";

const label = { u0: 0.2, u1: 0.6, v0: 0.1, v1: 0.5 };
const pack = (dims: { width: number; height: number; depth: number }, form = "box") =>
  ({ shape: { form, dims } }) as unknown as GroceryProduct;
const kit = new ShapeKit({ u0: 0.9, u1: 1, v0: 0.9, v1: 1 });

describe("labels on packages", () => {
  it("a can's label is projected from the front: its middle column at the front, its edges at ±75°", () => {
    const geo = kit.labelledCylinder(0.05, 0.12, color("#ff0000"), label);
    const pos = geo.getAttribute("position");
    const uv = geo.getAttribute("uv");
    const uAt = (angleDeg: number) => {
      for (let i = 0; i < pos.count; i++) {
        const a = (Math.atan2(-pos.getX(i), -pos.getZ(i)) * 180) / Math.PI;
        if (Math.abs(a - angleDeg) < 1e-4 && Math.abs(pos.getY(i)) < 1e-6) return uv.getX(i);
      }
      throw new Error(`no vertex at ${angleDeg}°`);
    };
    const inset = (label.u1 - label.u0) * 0.01;
    expect(uAt(0)).toBeCloseTo((label.u0 + label.u1) / 2, 6);
    // Seen from the front, equal steps across the can are equal steps across the label.
    const x = (deg: number) => (uAt(deg) - label.u0 - inset) / (label.u1 - label.u0 - 2 * inset);
    expect(x(30) - 0.5).toBeCloseTo((0.5 * Math.sin(Math.PI / 6)) / Math.sin(LABEL_ARC), 5);
    expect(x(-30) - 0.5).toBeCloseTo(-(0.5 * Math.sin(Math.PI / 6)) / Math.sin(LABEL_ARC), 5);
    // Past the arc, the back shows the label's edge columns (its background colour).
    expect(x(90)).toBeCloseTo(1, 5);
    expect(x(-90)).toBeCloseTo(0, 5);
    expect(cylinderLabelWidth(0.05)).toBeCloseTo(0.1 * Math.sin(LABEL_ARC), 12);
  });

  it("a tub's lid shows a square label over its disc, reading upright from the front", () => {
    const lid = { u0: 0.3, u1: 0.4, v0: 0.6, v1: 0.7 };
    const r = 0.05;
    const geo = kit.labelledCylinder(r, 0.08, color("#ffffff"), label, color("#0000ff"), lid);
    const pos = geo.getAttribute("position");
    const uv = geo.getAttribute("uv");
    const col = geo.getAttribute("color");
    let onLid = 0;
    for (let i = 0; i < pos.count; i++) {
      if (pos.getY(i) < 0.08 - 1e-6 || geo.getAttribute("normal").getY(i) < 0.99) continue;
      onLid++;
      // The disc's front edge (-z) is the label's foot; seen from the front, +x is on the left.
      expect(uv.getX(i)).toBeCloseTo(lid.u0 + (0.5 - pos.getX(i) / (2 * r)) * (lid.u1 - lid.u0), 6);
      expect(uv.getY(i)).toBeCloseTo(lid.v0 + (0.5 + pos.getZ(i) / (2 * r)) * (lid.v1 - lid.v0), 6);
      expect(uv.getX(i)).toBeGreaterThanOrEqual(lid.u0 - 1e-6);
      expect(uv.getX(i)).toBeLessThanOrEqual(lid.u1 + 1e-6);
      // Printed, not painted: the vertex colour is grey (light only), not the lid's colour.
      expect(col.getX(i)).toBeCloseTo(col.getZ(i), 6);
    }
    expect(onLid).toBeGreaterThan(24);
    expect(groceryHasLid(pack({ width: 0.1, height: 0.08, depth: 0.1 }, "tub"))).toBe(true);
    expect(groceryHasLid(pack({ width: 0.1, height: 0.12, depth: 0.1 }, "can"))).toBe(false);
  });

  it("a flat pack is labelled on top, reading upright from its front; a tall box is not", () => {
    expect(groceryTopAspect(pack({ width: 0.3, height: 0.05, depth: 0.3 }))).toBe(1);
    expect(groceryTopAspect(pack({ width: 0.2, height: 0.3, depth: 0.07 }))).toBeUndefined();
    expect(groceryTopAspect(pack({ width: 0.1, height: 0.05, depth: 0.1 }, "can"))).toBeUndefined();
    expect(groceryLabelAspect(pack({ width: 0.1, height: 0.12, depth: 0.1 }, "can"))).toBeCloseTo(
      cylinderLabelWidth(0.05) / 0.12,
      12,
    );
    const top = { u0: 0.3, u1: 0.4, v0: 0.6, v1: 0.7 };
    const geo = kit.labelledBox(0.3, 0.05, 0.3, color("#00ff00"), label, undefined, top);
    const pos = geo.getAttribute("position");
    const uv = geo.getAttribute("uv");
    for (let k = 8; k < 12; k++) {
      expect(pos.getY(k)).toBeCloseTo(0.05, 6);
      // The front edge (-z) is the label's foot; seen from the front, +x is on the left.
      expect(uv.getY(k)).toBeCloseTo(pos.getZ(k) < 0 ? top.v0 : top.v1, 6);
      expect(uv.getX(k)).toBeCloseTo(pos.getX(k) > 0 ? top.u0 : top.u1, 6);
    }
  });
});
