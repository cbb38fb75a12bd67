import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BundledChromiumError,
  bundledChromium,
  bundledChromiumDir,
  bundledChromiumPackage,
  bundledChromiumUnsupported,
} from "./bundled-chromium.js";
import { useTempCacheHome } from "./testing/temp-cache-home.js";

const unsupported = bundledChromiumUnsupported();
const pkg = bundledChromiumPackage();
const skip = unsupported ?? (pkg ? undefined : "@sparticuz/chromium is not installed");
if (skip) console.log(`skipping the bundled Chromium's extraction tests: ${skip}`);

const cacheHome = useTempCacheHome();

describe("the bundled Chromium", () => {
  it("is skipped off Linux x64 and without glibc 2.34", () => {
    expect(bundledChromiumUnsupported({ platform: "darwin", arch: "arm64" })).toMatch(
      /Linux x64 only \(this is darwin arm64\)/,
    );
    expect(bundledChromiumUnsupported({ platform: "linux", arch: "arm64", glibc: "2.36" })).toMatch(
      /Linux x64 only/,
    );
    expect(bundledChromiumUnsupported({ platform: "linux", arch: "x64" })).toMatch(/needs glibc/);
    expect(bundledChromiumUnsupported({ platform: "linux", arch: "x64", glibc: "2.31" })).toMatch(
      /glibc 2.34 or newer \(this one has 2.31\)/,
    );
    expect(bundledChromiumUnsupported({ platform: "linux", arch: "x64", glibc: "2.36" })).toBeUndefined();
  });

  it("is extracted into the user's cache, per package version, under XDG_CACHE_HOME", () => {
    expect(bundledChromiumDir("143.0.4")).toBe(join(cacheHome(), "siturec", "chromium-143.0.4"));
    process.env.XDG_CACHE_HOME = "relative/path";
    expect(bundledChromiumDir("1.0.0")).not.toContain("relative/path");
  });

  it.skipIf(skip)("refuses a folder at its path that it did not finish, saying to delete it", async () => {
    const dir = bundledChromiumDir(pkg!.version);
    mkdirSync(dir, { recursive: true });
    const err = await bundledChromium().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BundledChromiumError);
    expect((err as BundledChromiumError).hint).toContain(`delete ${dir}`);
  });
});
