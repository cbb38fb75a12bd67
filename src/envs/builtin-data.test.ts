import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FurnitureProduct, GroceryProduct } from "../core/product.js";
import { envDataDir, loadEnvData } from "./env-data.js";
import { generateEnv, serializeEnv } from "./generate-data.js";
import { envIds } from "./registry.js";
import { validateBuiltin } from "./validate-paths.js";

describe("built-in environment data", () => {
  it.each(envIds())(
    "%s: checked-in files are exactly what the generator makes from the spec",
    async (env) => {
      for (const [file, content] of Object.entries(serializeEnv(await generateEnv(env)))) {
        const onDisk = readFileSync(join(envDataDir(env), file), "utf8");
        expect(onDisk === content, `${env}/${file} is stale: run npm run data:generate`).toBe(true);
      }
    },
  );

  it("passes every schema and cross-reference check", () => {
    for (const report of validateBuiltin()) expect(report.problems).toEqual([]);
  });

  it("matches Table 2 of the paper", () => {
    const sm = loadEnvData("supermarket");
    const hf = loadEnvData("home-furnishings");
    expect([
      sm.catalog.products.length,
      sm.instances.instances.length,
      sm.layout.navTargets.length,
      sm.layout.waypoints.length,
    ]).toEqual([233, 1324, 29, 42]);
    expect([
      hf.catalog.products.length,
      hf.instances.instances.length,
      hf.layout.navTargets.length,
      hf.layout.waypoints.length,
    ]).toEqual([222, 244, 31, 38]);
  });

  it("has the supermarket's fixtures of Appendix A.3", () => {
    const kinds = loadEnvData("supermarket").layout.navTargets.map((t) =>
      t.type === "fixture" ? t.kind : t.type,
    );
    const count = (k: string) => kinds.filter((x) => x === k).length;
    expect(count("shelf") + count("wall_shelf")).toBe(12);
    expect([
      count("chest_freezer"),
      count("upright_freezer"),
      count("open_cooler"),
      count("produce_stand"),
    ]).toEqual([3, 8, 4, 2]);
  });

  it("has the seven stores of the furniture hall and their areas", () => {
    const targets = loadEnvData("home-furnishings").layout.navTargets;
    expect(targets.filter((t) => t.type === "store").map((t) => t.name)).toEqual([
      "Atelier Prime",
      "Leather and Ink",
      "Light Logic",
      "Nordic Nest",
      "Play-cation",
      "The Plant",
      "Vicotian Curio Collection",
    ]);
    expect(targets.filter((t) => t.type === "area")).toHaveLength(24);
  });

  it.each(envIds())("%s: every shopping theme is served by many products", (env) => {
    const data = loadEnvData(env);
    for (const theme of data.manifest.themes) {
      const n = data.catalog.products.filter((p) => p.themes.includes(theme.id)).length;
      expect(n, theme.id).toBeGreaterThanOrEqual(7);
    }
  });

  it("prices are believable and names unique", () => {
    const groceries = loadEnvData("supermarket").catalog.products as GroceryProduct[];
    const furniture = loadEnvData("home-furnishings").catalog.products as FurnitureProduct[];
    for (const p of groceries) {
      expect(p.price, p.name).toBeGreaterThan(0.2);
      expect(p.price, p.name).toBeLessThan(80);
    }
    for (const p of furniture) {
      expect(p.price, p.name).toBeGreaterThan(2);
      expect(p.price, p.name).toBeLessThan(3000);
    }
    const names = groceries.map((p) => `${p.brand} ${p.name} ${p.size}`);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(furniture.map((p) => p.name)).size).toBe(furniture.length);
  });

  it("grounds foods in USDA rows and furniture in IKEA rows", () => {
    const groceries = loadEnvData("supermarket").catalog.products as GroceryProduct[];
    const furniture = loadEnvData("home-furnishings").catalog.products as FurnitureProduct[];
    expect(groceries.filter((p) => p.source.dataset === "usda-branded").length).toBeGreaterThanOrEqual(100);
    expect(furniture.filter((p) => p.source.dataset === "ikea-sa").length).toBeGreaterThanOrEqual(100);
    for (const p of groceries) expect(p.ingredients === null, p.name).toBe(p.nutrition === null);
  });
});
