import { type Browser, chromium } from "playwright-core";
import { BROWSER_URL_VARIABLE, connectRenderBrowser } from "../browser-launch.js";
import { findChromium } from "../chromium.js";

/**
 * A headless browser for a test or benchmark to open pages in: the test suite's shared one where
 * `SITUREC_BROWSER_URL` names it (closing it then only disconnects), else one launched here.
 */
export async function launchBrowser(): Promise<Browser> {
  const url = process.env[BROWSER_URL_VARIABLE];
  if (url) return connectRenderBrowser(url);
  const found = await findChromium();
  return chromium.launch({
    executablePath: found.path,
    env: { ...(process.env as Record<string, string>), ...found.env },
    headless: true,
  });
}
