import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { bundledChromiumPackage, bundledChromiumUnsupported } from "../render/bundled-chromium.js";
import { openRunStore } from "../storage/open-run-store.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);

const pkg = bundledChromiumPackage();
const skip = bundledChromiumUnsupported() ?? (pkg ? undefined : "@sparticuz/chromium is not installed");
if (skip) console.log(`skipping the run with every other browser hidden: ${skip}`);

const tmp = mkdtempSync(join(tmpdir(), "siturec-hidden-browsers-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * The environment of a machine with no browser but the bundled one: no SITUREC_CHROMIUM or
 * SITUREC_BROWSER_URL, an empty Playwright cache, a fresh user cache (so the browser is extracted),
 * and a PATH holding only node. That PATH is a folder with a link to node, not node's own folder, which may be /usr/bin, where a
 * system Chromium lives.
 */
function hiddenEnv(): NodeJS.ProcessEnv {
  const bin = join(tmp, "bin");
  mkdirSync(bin, { recursive: true });
  if (!existsSync(join(bin, "node"))) symlinkSync(process.execPath, join(bin, "node"));
  mkdirSync(join(tmp, "ms-playwright"), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: bin,
    PLAYWRIGHT_BROWSERS_PATH: join(tmp, "ms-playwright"),
    XDG_CACHE_HOME: join(tmp, "cache"),
  };
  delete env.SITUREC_CHROMIUM;
  // Nor the test suite's shared browser: this run must find and launch a browser of its own.
  delete env.SITUREC_BROWSER_URL;
  return env;
}

describe("a run on a machine with no browser but the bundled one", () => {
  it.skipIf(skip)("extracts the bundled Chromium, completes, and records it", async () => {
    expect(existsSync(`${root}dist/cli/index.js`), "dist/ is missing: run npm run build").toBe(true);
    const env = hiddenEnv();
    const siturec = (...args: string[]) =>
      run(process.execPath, [`${root}bin/siturec.js`, ...args], { env, encoding: "utf8" });
    const out = join(tmp, "runs");
    const r = await siturec(
      "run",
      "--tasks",
      "0:2",
      "--env",
      "supermarket",
      "--out",
      out,
      "--run-id",
      "hidden",
    );
    expect(r.stdout).toMatch(/^run hidden \(complete\) in [\d.]+ s/m);
    const extracted = join(tmp, "cache", "siturec", `chromium-${pkg!.version}`);
    expect(existsSync(join(extracted, "chromium"))).toBe(true);

    const doctor = JSON.parse((await siturec("doctor", "--json")).stdout) as {
      ok: boolean;
      browser: { path: string; source: string; version: string; renderer: string };
    };
    expect(doctor.ok).toBe(true);
    expect(doctor.browser).toMatchObject({ source: "bundled", path: join(extracted, "chromium") });
    expect(doctor.browser.renderer).toMatch(/SwiftShader|ANGLE/);
    const store = openRunStore(out);
    try {
      expect((await store.getRun("hidden"))?.identityParts.browser).toEqual({
        version: doctor.browser.version,
        renderer: doctor.browser.renderer,
      });
    } finally {
      await store.close();
    }
  });
});
