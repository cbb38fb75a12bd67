import { describe, expect, it } from "vitest";
import type { EnvData } from "../env-data.js";
import { filesIn, loadEnvData } from "../env-data.js";
import { serializeEnv } from "../generate-data.js";
import { envDefinition } from "../registry.js";
import { VARIANT_INSTANCES } from "../supermarket/generate/variant.js";
import { validateEnv } from "../validate.js";
import { rotateEnvData } from "./rotate-env.js";

const generate = (base: string, seed: number): EnvData => envDefinition(base).generateVariant!(seed);
const SEEDS = [1000, 1001, 1002, 1003, 1004];

/** Where each target's standing points are: what a floor plan is, in one string. */
const plan = (d: EnvData) =>
  JSON.stringify([d.layout.floor, d.layout.entrance, d.layout.navTargets.map((t) => [t.id, t.location])]);

describe.each([
  ["supermarket", [233, 29, 42]],
  ["home-furnishings", [222, 31, 38]],
] as const)("variants of the %s", (base, [products, targets, waypoints]) => {
  const variants = SEEDS.map((seed) => generate(base, seed));

  it("pass every check of `siturec data validate`, the arrival rule included", () => {
    for (const d of variants) expect(validateEnv(d, filesIn(`/${d.manifest.id}`)), d.manifest.id).toEqual([]);
  });

  it("keep the catalog and Table 2's counts; only the supermarket's instances vary, within ±6%", () => {
    const catalog = loadEnvData(base).catalog.products.map((p) => [p.id, p.name, p.price]);
    for (const d of variants) {
      expect(d.catalog.products.map((p) => [p.id, p.name, p.price])).toEqual(catalog);
      expect([d.catalog.products.length, d.layout.navTargets.length, d.layout.waypoints.length]).toEqual([
        products,
        targets,
        waypoints,
      ]);
      const n = d.instances.instances.length;
      if (base === "supermarket") {
        expect(n).toBeGreaterThanOrEqual(VARIANT_INSTANCES.min);
        expect(n).toBeLessThanOrEqual(VARIANT_INSTANCES.max);
      } else expect(n).toBe(244);
      expect(new Set(d.instances.instances.map((i) => i.product)).size).toBe(products);
    }
  });

  it("name themselves in every file", () => {
    SEEDS.forEach((seed, i) => {
      const d = variants[i]!;
      const id = `${base}@${seed}`;
      expect([d.manifest.id, d.catalog.env, d.layout.env, d.instances.env, d.locationIndex.env]).toEqual(
        Array(5).fill(id),
      );
      expect(d.manifest.description).toMatch(new RegExp(`^Variant ${seed} of the `));
    });
  });

  it("have floor plans of their own: none is the store's, no two alike", () => {
    const plans = new Set([plan(loadEnvData(base)), ...variants.map(plan)]);
    expect(plans.size).toBe(SEEDS.length + 1);
  });

  it("are byte-identical for the same seed, and differ for another", () => {
    const again = serializeEnv(generate(base, 1000));
    expect(again).toEqual(serializeEnv(variants[0]!));
    expect(again["layout.json"]).not.toEqual(serializeEnv(variants[1]!)["layout.json"]);
  });
});

describe("turning a store", () => {
  const data = loadEnvData("supermarket");

  it("a quarter turn swaps the hall's sides and keeps it valid; four turns give the store back (to 1 µm)", () => {
    const turned = rotateEnvData(data, 1);
    expect(turned.layout.floor).toEqual({ width: 22, depth: 28, ceiling: 4.2 });
    // The south-east entrance (x 22–25 on the south wall) is now on the west wall.
    expect(turned.layout.entrance).toEqual({ from: [0, 22], to: [0, 25] });
    expect(turned.layout.start.yaw).toBe(-90);
    expect(validateEnv(turned, filesIn("/turned"))).toEqual([]);
    expect(rotateEnvData(data, 4)).toBe(data);
    const round = rotateEnvData(turned, 3);
    expect(round.layout.floor).toEqual(data.layout.floor);
    expect(round.layout.waypoints).toEqual(data.layout.waypoints);
    expect(round.layout.walls).toEqual(data.layout.walls);
    expect(round.instances).toEqual(data.instances);
  });
});
