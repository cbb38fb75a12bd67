import { describe, expect, it } from "vitest";
import { tagSpots } from "./shelf-tags.js";

describe("shelf tag spots", () => {
  it("a short run's tag moves towards where the shopper stands, and stays under its own goods", () => {
    // 0.6 m of goods from x = 0.8 to 1.4, the shopper in front of x = 0: one tag, at the run's near end.
    const { w, xs } = tagSpots(0.8, 1.4, 0);
    expect(w).toBeCloseTo(0.45, 12);
    expect(xs).toHaveLength(1);
    expect(xs[0]! - w / 2).toBeCloseTo(0.8, 12);
    // Seen from past its far end, the tag goes to that end instead.
    expect(tagSpots(0.8, 1.4, 3).xs[0]! + w / 2).toBeCloseTo(1.4, 12);
    // Seen from within its stretch, the tag is straight ahead of the shopper.
    expect(tagSpots(0.8, 1.4, 1.05).xs[0]).toBeCloseTo(1.05, 12);
  });

  it("a long run gets a tag per 0.9 m, each within its stretch, the nearest ones towards the shopper", () => {
    const { w, xs } = tagSpots(-1.8, 1.8, 0);
    expect(xs).toHaveLength(4);
    const stretch = 0.9;
    xs.forEach((x, i) => {
      const lo = -1.8 + i * stretch;
      expect(x - w / 2).toBeGreaterThanOrEqual(lo - 1e-9);
      expect(x + w / 2).toBeLessThanOrEqual(lo + stretch + 1e-9);
    });
    // Left of the shopper, tags sit at their stretch's right end; right of it, at the left end.
    expect(xs[1]! + w / 2).toBeCloseTo(0, 12);
    expect(xs[2]! - w / 2).toBeCloseTo(0, 12);
  });

  it("a tag is three quarters of a narrow run's width, rounded to 5 cm", () => {
    const { w, xs } = tagSpots(0, 0.2, 5);
    expect(w).toBeCloseTo(0.15, 12);
    expect(xs[0]).toBeCloseTo(0.2 - 0.075, 12);
  });
});
