import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CUSTOMERSIM_DATA_DIR } from "../customersim/index.js";
import { runCli } from "./testing/run-cli.js";

describe("siturec customersim data validate", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("passes the built-in data with its counts", async () => {
    const r = await runCli("customersim", "data", "validate");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^ok {4}customersim: 468 products in 5 categories, 360 personas \(\d+ infeasible\)/,
    );
  });

  it("names the persona whose acceptable set is wrong, and exits 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "siturec-customersim-"));
    dirs.push(dir);
    cpSync(CUSTOMERSIM_DATA_DIR, dir, { recursive: true });
    const file = join(dir, "personas.json");
    const personas = JSON.parse(readFileSync(file, "utf8")) as {
      personas: { id: string; acceptable: string[]; feasible: boolean }[];
    };
    const victim = personas.personas.find((p) => p.feasible)!;
    victim.acceptable = victim.acceptable.slice(1);
    writeFileSync(file, JSON.stringify(personas));
    const r = await runCli("customersim", "data", "validate", dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain("FAIL  customersim");
    expect(r.err).toContain(victim.id);
  });
});
