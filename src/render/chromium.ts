import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";
import { SiturecError } from "../core/errors.js";
import { bundledChromium } from "./bundled-chromium.js";

export class ChromiumNotFoundError extends SiturecError {
  override readonly name = "ChromiumNotFoundError";
}

/**
 * Where the browser came from, in the order they are tried; `server` is a running browser server the
 * renderer was given (`SITUREC_BROWSER_URL`), which it connects to instead of launching one.
 */
export type ChromiumSource = "env" | "bundled" | "playwright" | "system" | "server";

/** The browser to render with, and what to add to the environment it is launched with. */
export interface FoundChromium {
  /** The binary; for a `server`, its URL. */
  path: string;
  source: ChromiumSource;
  env: Record<string, string>;
}

// The layouts of Playwright's downloads: older and newer Chromium builds, and its headless shell.
const PLAYWRIGHT_LAYOUTS = [
  ["chrome-linux", "chrome"],
  ["chrome-linux64", "chrome"],
  ["chrome-linux", "headless_shell"],
  ["chrome-headless-shell-linux64", "chrome-headless-shell"],
  ["chrome-mac", "Chromium.app", "Contents", "MacOS", "Chromium"],
  ["chrome-mac-arm64", "Chromium.app", "Contents", "MacOS", "Chromium"],
];

function playwrightCandidates(): string[] {
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), ".cache", "ms-playwright");
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((d) => d.startsWith("chromium"))
    .sort()
    .reverse()
    .flatMap((d) => PLAYWRIGHT_LAYOUTS.map((parts) => join(root, d, ...parts)));
}

const SYSTEM_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];
const SYSTEM_APPS = [
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

/** A system browser on PATH (so a PATH without it hides it), or a macOS application. */
function systemCandidates(): string[] {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter(Boolean);
  return [...dirs.flatMap((dir) => SYSTEM_NAMES.map((name) => join(dir, name))), ...SYSTEM_APPS];
}

/**
 * The Chromium to render with: `SITUREC_CHROMIUM`, then the build that comes with the package
 * (Linux x64, extracted into the user's cache on first use), then one Playwright downloaded, then a
 * system Chrome or Chromium.
 */
export async function findChromium(): Promise<FoundChromium> {
  const fromEnv = process.env.SITUREC_CHROMIUM;
  if (fromEnv) {
    if (!existsSync(fromEnv))
      throw new ChromiumNotFoundError(`SITUREC_CHROMIUM is set to ${fromEnv}, which does not exist`, {
        hint: "point it at a Chrome or Chromium binary, or unset it to use the bundled one",
      });
    return { path: fromEnv, source: "env", env: {} };
  }
  const bundled = await bundledChromium();
  if (bundled) return { path: bundled.executablePath, source: "bundled", env: bundled.env };
  const playwright = playwrightCandidates().find((c) => existsSync(c));
  if (playwright) return { path: playwright, source: "playwright", env: {} };
  const system = systemCandidates().find((c) => existsSync(c));
  if (system) return { path: system, source: "system", env: {} };
  throw new ChromiumNotFoundError("no Chromium found for rendering", {
    hint:
      "on Linux x64 reinstall with optional dependencies (`npm ci --include=optional`) to get the bundled one; " +
      "elsewhere set SITUREC_CHROMIUM=/path/to/chrome, run `npx playwright install chromium`, " +
      "or install one (`apt-get install chromium`)",
  });
}
