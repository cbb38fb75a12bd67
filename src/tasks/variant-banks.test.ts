import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTempEnvDir } from "../core/testing/temp-dirs.js";
import { envDataDir, loadEnvData } from "../envs/env-data.js";
import { envDefinition } from "../envs/registry.js";
import { checkTaskBank } from "./conflict-check.js";
import { loadTaskBank, taskBankFile } from "./task-bank-file.js";

/**
 * A store generated at run time (a seeded variant) gets its data folder and its task bank on first use,
 * in `$SITUREC_VARIANTS_DIR` here (a temporary folder), by the same generator and checks as the
 * built-in banks.
 */
const root = useTempEnvDir("SITUREC_VARIANTS_DIR", "variants");

describe("a variant's task bank", () => {
  it("is generated on first use beside its data, 25 profiles × 4 tasks, and passes the conflict check", () => {
    const id = "home-furnishings@1001";
    const file = taskBankFile(id);
    expect(file).toBe(join(root(), id, "tasks.json"));
    expect(existsSync(file)).toBe(true);
    const bank = loadTaskBank(id);
    expect([bank.env, bank.seed, bank.profiles.length, bank.tasks.length]).toEqual([id, 1_001_001, 25, 100]);
    expect(bank.tasks.every((t) => t.env === id && /^hf-\d{2}\.[1-4]$/.test(t.id))).toBe(true);
    expect(bank.profiles.every((p) => p.env === id)).toBe(true);
    expect(checkTaskBank(bank, loadEnvData(id))).toEqual([]);
    // Four subsets of 25, each covering every profile (the paper's split).
    for (let s = 0; s < 4; s++) expect(bank.tasks.filter((t) => t.subset === s)).toHaveLength(25);
  });

  it("is its own: other targets and requests than the store's bank, under the same ids", () => {
    const base = loadTaskBank("supermarket");
    const variant = loadTaskBank("supermarket@1001");
    expect(variant.tasks.map((t) => t.id)).toEqual(base.tasks.map((t) => t.id));
    const same = variant.tasks.filter((t, i) => t.goal.target.product === base.tasks[i]!.goal.target.product);
    expect(same.length).toBeLessThan(20);
  });

  it("stays when the folder is current, and the folder is made again by other code only in the cache", () => {
    const id = "supermarket@1001";
    const dir = envDataDir(id);
    const bank = readFileSync(taskBankFile(id), "utf8");
    expect(envDataDir(id)).toBe(dir);
    expect(readFileSync(join(dir, "tasks.json"), "utf8")).toBe(bank);
    // A folder in $SITUREC_VARIANTS_DIR made by another siturec is the user's: refused, not overwritten.
    const stampFile = join(dir, "variant.json");
    const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as { generator: string };
    writeFileSync(stampFile, JSON.stringify({ ...stamp, generator: "0.0.0+elsewhere" }));
    expect(() => envDefinition(id).dataDir!()).toThrow(/made by siturec 0.0.0\+elsewhere/);
    expect(readFileSync(join(dir, "tasks.json"), "utf8")).toBe(bank);
    // In the cache, the same folder is simply made again, its bank with it.
    delete process.env.SITUREC_VARIANTS_DIR;
    const xdg = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = join(root(), "cache");
    try {
      const cached = envDataDir(id);
      expect(cached).toBe(join(root(), "cache", "siturec", "variants", id));
      expect(readFileSync(taskBankFile(id), "utf8")).toBe(bank);
      writeFileSync(join(cached, "variant.json"), JSON.stringify({ ...stamp, generator: "0.0.0+elsewhere" }));
      expect(envDataDir(id)).toBe(cached);
      expect(JSON.parse(readFileSync(join(cached, "variant.json"), "utf8"))).toEqual(stamp);
      expect(existsSync(join(cached, "tasks.json"))).toBe(false);
      expect(readFileSync(taskBankFile(id), "utf8")).toBe(bank);
    } finally {
      if (xdg === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = xdg;
      process.env.SITUREC_VARIANTS_DIR = root();
    }
  });
});
