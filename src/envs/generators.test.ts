import { describe, expect, it } from "vitest";
import { serializeEnv } from "./generate-data.js";
import { generateHomeFurnishings } from "./home-furnishings/generate/index.js";
import { generateSupermarket } from "./supermarket/generate/index.js";
import { syntheticFurnitureSpec, syntheticGrocerySpec } from "./testing/synthetic-specs.js";

describe("generators", () => {
  it("stock the supermarket with exactly 1,324 instances, every product placed", () => {
    const d = generateSupermarket(syntheticGrocerySpec());
    expect(d.catalog.products).toHaveLength(233);
    expect(d.instances.instances).toHaveLength(1324);
    expect(d.layout.navTargets).toHaveLength(29);
    expect(d.layout.waypoints).toHaveLength(42);
    const placed = new Set(d.instances.instances.map((i) => i.product));
    expect(placed.size).toBe(233);
  });

  it("give a second, separate block to products stocked in two places", () => {
    const d = generateSupermarket(syntheticGrocerySpec());
    const fixtures = new Set(
      d.instances.instances
        .filter((i) => i.product === "sm-001")
        .map((i) => i.on.type === "level" && i.on.fixture),
    );
    expect(fixtures).toEqual(new Set(["shelf-01", "shelf-02"]));
  });

  it("lay out the furniture hall: 222 products, 244 instances, 31 targets, 38 waypoints", () => {
    const d = generateHomeFurnishings(syntheticFurnitureSpec());
    expect(d.catalog.products).toHaveLength(222);
    expect(d.instances.instances).toHaveLength(244);
    expect(d.layout.navTargets).toHaveLength(31);
    expect(d.layout.waypoints).toHaveLength(38);
  });

  it("are deterministic: the same seed gives byte-identical files, another seed different ones", () => {
    const a = serializeEnv(generateSupermarket(syntheticGrocerySpec(), 5));
    const b = serializeEnv(generateSupermarket(syntheticGrocerySpec(), 5));
    const c = serializeEnv(generateSupermarket(syntheticGrocerySpec(), 6));
    expect(a).toEqual(b);
    expect(a["instances.json"]).not.toEqual(c["instances.json"]);
    const f1 = serializeEnv(generateHomeFurnishings(syntheticFurnitureSpec(), 5));
    const f2 = serializeEnv(generateHomeFurnishings(syntheticFurnitureSpec(), 5));
    expect(f1).toEqual(f2);
  });
});
