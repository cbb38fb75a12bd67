import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BundledChromium } from "./bundled-chromium.js";
import { ChromiumNotFoundError, findChromium } from "./chromium.js";

const bundled = vi.hoisted(() => ({ value: undefined as BundledChromium | undefined }));
vi.mock("./bundled-chromium.js", () => ({ bundledChromium: async () => bundled.value }));

const VARS = ["SITUREC_CHROMIUM", "PLAYWRIGHT_BROWSERS_PATH", "PATH"] as const;
let saved: Record<string, string | undefined>;
let tmp: string;

function fakeBinary(...parts: string[]): string {
  const path = join(tmp, ...parts);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, "#!/bin/sh\n");
  chmodSync(path, 0o755);
  return path;
}

beforeEach(() => {
  saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));
  tmp = mkdtempSync(join(tmpdir(), "siturec-chromium-"));
  delete process.env.SITUREC_CHROMIUM;
  process.env.PLAYWRIGHT_BROWSERS_PATH = join(tmp, "ms-playwright");
  process.env.PATH = join(tmp, "bin");
  bundled.value = undefined;
});
afterEach(() => {
  for (const v of VARS) {
    if (saved[v] === undefined) delete process.env[v];
    else process.env[v] = saved[v];
  }
  rmSync(tmp, { recursive: true, force: true });
});

describe("findChromium", () => {
  it("tries SITUREC_CHROMIUM, then the bundled build, then Playwright's, then the system's on PATH", async () => {
    const system = fakeBinary("bin", "chromium");
    expect(await findChromium()).toEqual({ path: system, source: "system", env: {} });
    const playwright = fakeBinary("ms-playwright", "chromium-1200", "chrome-linux64", "chrome");
    expect(await findChromium()).toEqual({ path: playwright, source: "playwright", env: {} });
    bundled.value = {
      executablePath: "/cache/chromium",
      dir: "/cache",
      packageVersion: "143.0.4",
      env: { LD_LIBRARY_PATH: "/cache/lib", FONTCONFIG_PATH: "/cache/fonts" },
      fonts: [],
    };
    expect(await findChromium()).toEqual({
      path: "/cache/chromium",
      source: "bundled",
      env: bundled.value.env,
    });
    process.env.SITUREC_CHROMIUM = system;
    expect(await findChromium()).toEqual({ path: system, source: "env", env: {} });
  });

  it("refuses a SITUREC_CHROMIUM that does not exist", async () => {
    process.env.SITUREC_CHROMIUM = join(tmp, "nope");
    await expect(findChromium()).rejects.toThrow(/SITUREC_CHROMIUM is set to .*nope, which does not exist/);
  });

  it("with no browser anywhere, says how to get one", async () => {
    const err = await findChromium().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChromiumNotFoundError);
    const hint = (err as ChromiumNotFoundError).hint!;
    for (const what of ["--include=optional", "SITUREC_CHROMIUM", "playwright install", "apt-get install"])
      expect(hint).toContain(what);
  });
});
