import { execFileSync } from "node:child_process";
import { accessSync, constants, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  bundledChromium,
  bundledChromiumDir,
  bundledChromiumPackage,
  bundledChromiumUnsupported,
  extractBundledChromium,
} from "./bundled-chromium.js";
import { useTempCacheHome } from "./testing/temp-cache-home.js";

const unsupported = bundledChromiumUnsupported();
const pkg = bundledChromiumPackage();
const skip = unsupported ?? (pkg ? undefined : "@sparticuz/chromium is not installed");
if (skip) console.log(`skipping the bundled Chromium's extraction tests: ${skip}`);

const cacheHome = useTempCacheHome();

describe("the bundled Chromium", () => {
  it.skipIf(skip)(
    "two extractions racing into one folder leave one whole copy and no temporary folders",
    async () => {
      const dir = bundledChromiumDir(pkg!.version);
      await Promise.all([extractBundledChromium(pkg!, dir), extractBundledChromium(pkg!, dir)]);
      expect(readdirSync(join(cacheHome(), "siturec"))).toEqual([`chromium-${pkg!.version}`]);
      const found = await bundledChromium();
      expect(found?.executablePath).toBe(join(dir, "chromium"));
      accessSync(found!.executablePath, constants.X_OK);
      for (const f of ["libEGL.so", "libGLESv2.so", "libvk_swiftshader.so", "vk_swiftshader_icd.json"])
        accessSync(join(dir, f));
      for (const f of ["libnss3.so", "libnspr4.so", "libnssutil3.so", "libexpat.so.1"])
        accessSync(join(dir, "lib", f));
      expect(found!.env.LD_LIBRARY_PATH!.split(":")[0]).toBe(join(dir, "lib"));
      expect(found!.env.FONTCONFIG_PATH).toBe(join(dir, "fonts"));
      const conf = readFileSync(join(dir, "fonts", "fonts.conf"), "utf8");
      expect(conf).toContain(`<dir>${join(dir, "fonts", "fonts")}</dir>`);
      expect(conf).not.toContain("/tmp/fonts");
      expect(found!.fonts.some((f) => f.endsWith("OpenSans-Regular.ttf"))).toBe(true);
      // The binary starts with the libraries it was given.
      const version = execFileSync(found!.executablePath, ["--version"], {
        env: { ...process.env, ...found!.env },
        encoding: "utf8",
      });
      expect(version).toMatch(/^Chromium \d+\.\d+\.\d+\.\d+/);
    },
  );
});
