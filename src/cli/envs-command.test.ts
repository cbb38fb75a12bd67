import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRunConfig } from "../runner/run-config.js";
import type { LayoutStats } from "../world/layout-stats.js";
import { runCli as run } from "./testing/run-cli.js";

let root: string;
const saved = process.env.SITUREC_VARIANTS_DIR;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "siturec-envs-"));
  process.env.SITUREC_VARIANTS_DIR = join(root, "variants");
});
afterAll(() => {
  if (saved === undefined) delete process.env.SITUREC_VARIANTS_DIR;
  else process.env.SITUREC_VARIANTS_DIR = saved;
  rmSync(root, { recursive: true, force: true });
});

const filesOf = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]));

describe("siturec envs generate", () => {
  it("writes a variant's data, task bank and stamp; the same seed gives byte-identical files", async () => {
    for (const out of ["a", "b"]) {
      const r = await run(
        "envs",
        "generate",
        "--from",
        "supermarket",
        "--seed",
        "7",
        "--out",
        join(root, out),
      );
      expect(r.code, r.err).toBe(0);
      expect(r.out).toBe(`wrote ${join(root, out, "supermarket@7")}\n`);
    }
    const a = filesOf(join(root, "a", "supermarket@7"));
    expect(Object.keys(a).sort()).toEqual([
      "catalog.json",
      "instances.json",
      "layout.json",
      "location-index.json",
      "manifest.json",
      "tasks.json",
      "variant.json",
    ]);
    expect(filesOf(join(root, "b", "supermarket@7"))).toEqual(a);
    const v = await run("data", "validate", join(root, "a", "supermarket@7"));
    expect(v.code, v.err).toBe(0);
    expect(v.out).toMatch(
      /^ok {4}supermarket@7: 233 products, 1\d{3} instances, 29 navigation targets, 42 waypoints\n$/,
    );
  });

  it("fills the variant folder ($SITUREC_VARIANTS_DIR here) for a range of seeds, which data validate takes by id", async () => {
    const r = await run("envs", "generate", "--from", "home-furnishings", "--seed", "1000-1001");
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe(
      ["1000", "1001"]
        .map(
          (s) =>
            `wrote ${join(root, "variants", `home-furnishings@${s}`)}: 244 instances, 31 navigation targets, 38 waypoints, 100 tasks\n`,
        )
        .join(""),
    );
    const v = await run("data", "validate", "home-furnishings@1000", "supermarket@3");
    expect(v.code, v.err).toBe(0);
    expect(
      v.out
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split(":")[0]),
    ).toEqual(["ok    home-furnishings@1000", "ok    supermarket@3"]);
  });

  it("refuses a store without variants, a bad seed and a range of more than 100", async () => {
    for (const [flags, said] of [
      [["--from", "nowhere", "--seed", "1"], /a store with variants: supermarket, home-furnishings/],
      [["--from", "supermarket", "--seed", "07x"], /expected a seed/],
      [["--from", "supermarket", "--seed", "9-3"], /expected a seed/],
      [["--from", "supermarket", "--seed", "1-101"], /a range of at most 100/],
      [["--from", "supermarket", "--seed", "1000000"], /expected a seed \(0–999999\)/],
    ] as const) {
      const r = await run("envs", "generate", ...flags);
      expect(r.code, flags.join(" ")).toBe(1);
      expect(r.err).toMatch(said);
    }
  });
});

describe("siturec envs stats", () => {
  it("measures each plan: the variants differ from their store and from each other", async () => {
    const r = await run("envs", "stats", "supermarket", "supermarket@1000", "supermarket@1001", "--json");
    expect(r.code, r.err).toBe(0);
    const { stats } = JSON.parse(r.out) as { stats: LayoutStats[] };
    expect(stats.map((s) => s.env)).toEqual(["supermarket", "supermarket@1000", "supermarket@1001"]);
    expect(stats[0]).toMatchObject({
      floor: { width: 28, depth: 22 },
      entrance: "south",
      navTargets: 29,
      waypoints: 42,
      instances: 1324,
      facts: { aisles: 5, "aisles run": "north-south" },
    });
    for (const s of stats) {
      expect(s.path.mean).toBeGreaterThan(5);
      expect(s.path.max).toBeGreaterThanOrEqual(s.path.mean);
    }
    const shapes = stats.map((s) => JSON.stringify([s.floor, s.entrance, s.path, s.facts]));
    expect(new Set(shapes).size).toBe(3);
  });

  it("prints a table, and refuses an unknown store", async () => {
    const r = await run("envs", "stats", "home-furnishings");
    expect(r.out).toMatch(
      /^STORE\s+FLOOR \(M\)\s+ENTRANCE\s+TARGETS\s+INSTANCES\s+PATH MEAN \(M\)\s+PATH MAX \(M\)\s+LAYOUT\n/,
    );
    expect(r.out).toMatch(
      /home-furnishings\s+64 × 38\s+west\s+31\s+244\s+[\d.]+\s+[\d.]+\s+promenade runs east-west/,
    );
    const bad = await run("envs", "stats", "nowhere@1");
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/no store 'nowhere@1'/);
  });
});

describe("a run's store", () => {
  it("may be a variant, which the run's config records as given", () => {
    expect(parseRunConfig({ env: "supermarket@7" }).env).toBe("supermarket@7");
    expect(() => parseRunConfig({ env: "supermarket@07" })).toThrow();
    expect(() => parseRunConfig({ env: "nowhere@7" })).toThrow();
  });
});
