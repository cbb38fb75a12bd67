import { beforeAll, describe, expect, it } from "vitest";
import type { EnvData } from "./env-data.js";
import { filesIn } from "./env-data.js";
import { generateHomeFurnishings } from "./home-furnishings/generate/index.js";
import { generateSupermarket } from "./supermarket/generate/index.js";
import { syntheticFurnitureSpec, syntheticGrocerySpec } from "./testing/synthetic-specs.js";
import { validateEnv } from "./validate.js";

const files = filesIn("/data");
const clone = (d: EnvData): EnvData => structuredClone(d);
const messages = (d: EnvData) => validateEnv(d, files).map((p) => `${p.file} ${p.path} ${p.message}`);

let supermarket: EnvData;
let furniture: EnvData;
beforeAll(() => {
  supermarket = generateSupermarket(syntheticGrocerySpec());
  furniture = generateHomeFurnishings(syntheticFurnitureSpec());
});

describe("validateEnv on generated data", () => {
  it("accepts what the generators produce", () => {
    expect(messages(supermarket)).toEqual([]);
    expect(messages(furniture)).toEqual([]);
  });

  it("catches a duplicated segmentation colour, naming both entries", () => {
    const d = clone(supermarket);
    d.catalog.products[5]!.segColor = d.catalog.products[2]!.segColor;
    const [m] = messages(d);
    expect(m).toContain("/data/catalog.json $.products[5].segColor");
    expect(m).toContain("entry sm-006");
    expect(m).toContain("already used by sm-003");
  });

  it("catches an arrival that shows no goods within reach: an area point moved away, a stand-off too far", () => {
    const d = clone(furniture);
    const area = d.layout.navTargets.find((t) => t.type === "area")!;
    const wp = d.layout.waypoints.find((w) => w.id === area.approaches.area_point)!;
    wp.yaw += 180; // facing out of the area
    expect(messages(d).join("\n")).toContain(
      `arriving at ${area.id} area_point (${wp.id}), no goods are in view`,
    );
    const s = clone(supermarket);
    const fixture = s.layout.navTargets.find((t) => t.type === "fixture" && t.kind === "shelf")!;
    const front = s.layout.waypoints.find((w) => w.id === fixture.approaches.front)!;
    const [fx, fz] = [Math.sin((front.yaw * Math.PI) / 180), Math.cos((front.yaw * Math.PI) / 180)];
    // Two metres farther back, still facing the shelf: the goods are in view but out of reach.
    front.x += fx * 2;
    front.z += fz * 2;
    expect(messages(s).join("\n")).toMatch(
      new RegExp(
        `arriving at ${fixture.id} front \\(${front.id}\\), the nearest goods in view are \\d\\.\\d\\d m away; within 1.6 m needed`,
      ),
    );
  });

  it("catches a colour shared between a product and a fixture", () => {
    const d = clone(supermarket);
    d.layout.navTargets[0]!.segColor = d.catalog.products[0]!.segColor;
    expect(messages(d).join("\n")).toContain("already used by sm-001");
  });

  it("catches an instance of a product that does not exist", () => {
    const d = clone(supermarket);
    d.instances.instances[10]!.product = "sm-999";
    expect(messages(d).join("\n")).toContain(
      "/data/instances.json $.instances[10] entry sm-i0011: product 'sm-999' is not in the catalog",
    );
  });

  it("catches a location-index entry for a missing product, and a product left out", () => {
    const d = clone(supermarket);
    d.locationIndex.entries[3]!.product = "sm-998";
    const all = messages(d).join("\n");
    expect(all).toContain("/data/location-index.json $.entries[3].product entry sm-998: no such product");
    expect(all).toContain("entry sm-004");
    expect(all).toContain("missing from the location index");
  });

  it("catches a product with no instance", () => {
    const d = clone(supermarket);
    d.instances.instances = d.instances.instances.filter((i) => i.product !== "sm-007");
    expect(messages(d).join("\n")).toContain(
      "entry sm-007 (Test Breakfast & Cereal 7): has no placed instance",
    );
  });

  it("catches overlapping instances", () => {
    const d = clone(supermarket);
    const [a, b] = d.instances.instances;
    Object.assign(b!, { x: a!.x + 0.01, y: a!.y, z: a!.z, on: a!.on });
    expect(messages(d).join("\n")).toMatch(/entry sm-i0001 \(sm-\d+\): overlaps sm-i0002/);
  });

  it("catches goods too tall for their level and goods off the shelf", () => {
    const d = clone(supermarket);
    d.catalog.products[0]!.shape.dims.height = 0.9;
    d.instances.instances.find((i) => i.product === "sm-002")!.x += 5;
    const all = messages(d).join("\n");
    expect(all).toMatch(/is 0.9 m tall/);
    expect(all).toMatch(/sticks out of the (front|back) side of shelf-01/);
  });

  it("catches frozen goods on an ambient shelf", () => {
    const d = clone(supermarket);
    const frozen = d.catalog.products.find((p) => p.kind === "grocery" && p.storage === "frozen")!;
    const inst = d.instances.instances.find((i) => i.product === frozen.id)!;
    const shelfInst = d.instances.instances.find(
      (i) => i.on.type === "level" && i.on.fixture === "shelf-01",
    )!;
    inst.on = shelfInst.on;
    expect(messages(d).join("\n")).toContain("frozen goods on shelf-01");
  });

  it("catches a waypoint that is not on free floor", () => {
    const d = clone(supermarket);
    const fixture = d.layout.navTargets[0]!;
    d.layout.waypoints[0]!.x = fixture.location[0];
    d.layout.waypoints[0]!.z = fixture.location[1];
    expect(messages(d).join("\n")).toContain(
      "entry W01: is not on free floor: within 0.25 m of fixture shelf-01",
    );
  });

  it("catches a waypoint outside its store, and a furniture piece out of its area", () => {
    const d = clone(furniture);
    const inside = d.layout.waypoints.find((w) => w.approach === "inside_doorway")!;
    const outside = d.layout.waypoints.find(
      (w) => w.target === inside.target && w.approach === "outside_doorway",
    )!;
    inside.x = outside.x;
    inside.z = outside.z;
    const floorItem = d.instances.instances.find((i) => i.on.type === "floor")!;
    floorItem.x += 20;
    const all = messages(d).join("\n");
    expect(all).toContain(`entry ${inside.id}: is not inside ${inside.target}`);
    expect(all).toContain(`entry ${floorItem.id}: sticks out of area`);
  });

  it("catches a location index that disagrees with where things stand", () => {
    const d = clone(furniture);
    const entry = d.locationIndex.entries[0]!;
    if (!("places" in entry)) throw new Error("expected an area entry");
    entry.places = [{ store: "the-plant", area: "tp-plants" }];
    expect(messages(d).join("\n")).toMatch(
      /entry hf-001: indexed at \[the-plant, tp-plants\] but its instances stand at/,
    );
  });

  it("catches a theme the environment does not have", () => {
    const d = clone(furniture);
    d.catalog.products[0]!.themes = ["space-travel"];
    expect(messages(d).join("\n")).toContain("unknown theme 'space-travel'");
  });
});

describe("walls", () => {
  it("open only where the layout says: the entrance, and each store's doorway", () => {
    const sm = generateSupermarket(syntheticGrocerySpec());
    const length = (w: { from: number[]; to: number[] }) =>
      Math.hypot(w.to[0]! - w.from[0]!, w.to[1]! - w.from[1]!);
    const perimeter = sm.layout.walls.reduce((s, w) => s + length(w), 0);
    const { width, depth } = sm.layout.floor;
    const entrance = length(sm.layout.entrance);
    expect(perimeter).toBeCloseTo(2 * (width + depth) - entrance, 6);
    const hf = generateHomeFurnishings(syntheticFurnitureSpec());
    const doorways = hf.layout.navTargets.filter((t) => t.type === "store").length;
    const openings = hf.layout.walls.length;
    expect(openings).toBeGreaterThan(doorways);
    const total = hf.layout.walls.reduce((s, w) => s + length(w), 0);
    const stores = hf.layout.navTargets.filter((t) => t.type === "store");
    // The hall's perimeter less the entrance, plus the store walls inside the hall less one doorway
    // each: two 64 m storefront rows, three shared side walls in the north row and two in the south,
    // all 14 m long.
    const storeWalls = 64 + 64 + 3 * 14 + 2 * 14;
    const hall = 2 * (hf.layout.floor.width + hf.layout.floor.depth) - length(hf.layout.entrance);
    expect(total).toBeCloseTo(hall + storeWalls - stores.length * 2.4, 6);
  });
});
