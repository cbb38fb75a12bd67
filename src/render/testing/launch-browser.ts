import { type Browser, chromium } from "playwright-core";
import { findChromium } from "../chromium.js";

/** The browser the renderer uses, launched headless for a test or benchmark to open pages in. */
export async function launchBrowser(): Promise<Browser> {
  const found = await findChromium();
  return chromium.launch({
    executablePath: found.path,
    env: { ...(process.env as Record<string, string>), ...found.env },
    headless: true,
  });
}
