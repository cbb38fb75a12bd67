import { describe, expect, it } from "vitest";
import { type Finish, finishesOf, SWATCH_CELLS, swatchPixels } from "./swatches.js";

const FINISHES: Finish[] = ["wood", "fabric", "woven", "leather", "metal", "stone"];

describe("finishesOf", () => {
  it("gives an upholstered piece its cloth and its legs their metal or wood", () => {
    expect(finishesOf("sofa", ["steel", "polyester", "foam"])).toEqual({ body: "fabric", frame: "metal" });
    expect(finishesOf("armchair", ["birch", "wood-veneer", "fabric", "polyester"])).toEqual({
      body: "fabric",
      frame: "wood",
    });
    expect(finishesOf("gaming-chair", ["faux-leather", "steel", "foam"])).toEqual({
      body: "leather",
      frame: "metal",
    });
  });

  it("gives a table or a cabinet the finish of its main material, and laminate none", () => {
    expect(finishesOf("coffee-table", ["walnut", "wood-veneer", "ash"])).toEqual({
      body: "wood",
      frame: "wood",
    });
    expect(finishesOf("desk", ["particleboard", "steel"])).toEqual({ body: "metal", frame: "metal" });
    expect(finishesOf("cabinet", ["particleboard", "fiberboard"])).toEqual({});
    expect(finishesOf("planter", ["terracotta"])).toEqual({ body: "stone", frame: "stone" });
  });

  it("leaves a plant's leaves and a mirror's glass bare", () => {
    expect(finishesOf("plant", ["live-plant", "ceramic"])).toEqual({ frame: "stone" });
    expect(finishesOf("mirror", ["resin", "glass", "solid-wood"])).toEqual({ frame: "wood" });
  });

  it("shades a lamp by its shade's cloth and its base's metal", () => {
    expect(finishesOf("table-lamp", ["ceramic", "linen"])).toEqual({ body: "fabric", frame: "stone" });
  });
});

describe("swatchPixels", () => {
  it("paints every finish as the same near-white greys each time, each its own", () => {
    expect(SWATCH_CELLS).toBe(FINISHES.length);
    const seen = new Set<string>();
    for (const f of FINISHES) {
      const a = swatchPixels(f, 64, 64);
      expect(swatchPixels(f, 64, 64)).toEqual(a);
      const greys = [...a].filter((_, i) => i % 4 === 0);
      const mean = greys.reduce((s, v) => s + v, 0) / greys.length;
      // Light enough that a piece keeps its catalog colour, varied enough to be seen.
      expect(mean, f).toBeGreaterThan(190);
      expect(Math.max(...greys) - Math.min(...greys), f).toBeGreaterThan(20);
      for (let i = 0; i < a.length; i += 4) expect(a[i] === a[i + 1] && a[i] === a[i + 2]).toBe(true);
      seen.add(a.join(","));
    }
    expect(seen.size).toBe(FINISHES.length);
  });
});
