import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startServerProcess } from "../core/testing/server-process.js";
import { runCli } from "./testing/run-cli.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
let suiteBrowser: string | undefined;
beforeEach(() => {
  suiteBrowser = process.env.SITUREC_BROWSER_URL;
});
afterEach(() => {
  process.env.SITUREC_BROWSER_URL = suiteBrowser;
});

describe("siturec browser", () => {
  it("prints its URL, serves doctor's renders from one warm store page, and stops on SIGTERM", async () => {
    expect(existsSync(`${root}dist/cli/index.js`), "dist/ is missing: run npm run build").toBe(true);
    const env = { ...process.env };
    delete env.SITUREC_BROWSER_URL;
    const browser = await startServerProcess(
      ["browser"],
      /^SITUREC_BROWSER_URL=(http:\/\/127\.0\.0\.1:\d+)$/m,
      {
        env,
        urlOn: "stdout",
      },
    );
    const url = browser.url;
    let stopped: number | null = null;
    try {
      process.env.SITUREC_BROWSER_URL = url;
      for (let i = 0; i < 2; i++) {
        const doctor = await runCli("doctor", "--json");
        expect(doctor.code, doctor.out).toBe(0);
        expect(JSON.parse(doctor.out).browser).toMatchObject({ source: "server", path: url });
      }
      // The second doctor took over the store page the first one built.
      const observer = await chromium.connectOverCDP(url);
      const pages = observer
        .contexts()[0]!
        .pages()
        .filter((p) => p.url().includes("env=supermarket"));
      await observer.close();
      expect(pages).toHaveLength(1);
    } finally {
      stopped = await browser.stop();
    }
    expect(stopped).toBe(0);
    const stderr = browser.stderr();
    expect(stderr).toMatch(/browser ready: set SITUREC_BROWSER_URL=http:\/\/127\.0\.0\.1:\d+/);
    expect(stderr).toContain("browser stopped");
    await expect(fetch(`${url}/json/version`)).rejects.toThrow();
  });
});
