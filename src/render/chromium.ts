import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { SiturecError } from "../core/errors.js";

export class ChromiumNotFoundError extends SiturecError {
  override readonly name = "ChromiumNotFoundError";
}

function playwrightCache(): string[] {
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), ".cache", "ms-playwright");
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((d) => d.startsWith("chromium"))
    .sort()
    .reverse()
    .flatMap((d) => [join(root, d, "chrome-linux", "chrome"), join(root, d, "chrome-linux64", "chrome")]);
}

/**
 * The Chromium to render with: `SITUREC_CHROMIUM`, then Debian's /usr/bin/chromium (and the usual
 * other system paths), then a browser in Playwright's cache.
 */
export function findChromium(): string {
  const fromEnv = process.env.SITUREC_CHROMIUM;
  if (fromEnv) {
    if (!existsSync(fromEnv))
      throw new ChromiumNotFoundError(`SITUREC_CHROMIUM is set to ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  const candidates = [
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    ...playwrightCache(),
  ];
  const found = candidates.find((c) => existsSync(c));
  if (found) return found;
  throw new ChromiumNotFoundError("no Chromium found for rendering", {
    hint:
      "install it with `apt-get install chromium` (Debian/Ubuntu) or `npx playwright install chromium`, " +
      "or point SITUREC_CHROMIUM at a Chrome/Chromium binary",
  });
}
