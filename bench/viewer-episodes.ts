// Episodes-table benchmark: a run of 1,000 episodes (made from the embedded default's first
// supermarket episode, see src/web/testing/large-run.ts) served by `siturec serve`, measured at
// - the episode index endpoint (GET /api/runs/RUN/episode-index): the first answer, which builds it,
//   then cached answers (gzipped, as a browser asks), and its size raw and gzipped;
// - the run page in headless Chromium: from navigation to the table on screen (its count and first
//   250 rows), then "Show all" (every row drawn), then from pressing Enter in the search box to the
//   filtered table on screen (the next frame after the count changed).
// The app is built with vite into a temporary folder (not dist/). Prints one JSON line of medians.
// npx tsx bench/viewer-episodes.ts  (EPISODES=1000 LOADS=7 to change them)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { runCli } from "../src/cli/testing/run-cli.js";
import { launchBrowser } from "../src/render/testing/launch-browser.js";
import { openRunStore } from "../src/storage/open-run-store.js";
import type { Trajectory } from "../src/trajectory/trajectory.js";
import { startWebServer } from "../src/web/server.js";
import { writeLargeRun } from "../src/web/testing/large-run.js";

const EPISODES = Number(process.env.EPISODES ?? 1000);
const LOADS = Number(process.env.LOADS ?? 7);
const SEARCH = "cashews";

/** What the page functions use of the browser (this file has no DOM types). */
interface PageElement {
  textContent: string | null;
  value: string;
  dispatchEvent(e: unknown): void;
}
interface PageGlobals {
  document: {
    body: unknown;
    querySelector(s: string): PageElement | null;
    querySelectorAll(s: string): { length: number };
  };
  MutationObserver: new (
    f: (records: unknown, observer: { disconnect(): void }) => void,
  ) => { observe(target: unknown, init: object): void };
  performance: { now(): number };
  requestAnimationFrame(f: () => void): void;
  Event: new (type: string, init: object) => unknown;
  KeyboardEvent: new (type: string, init: object) => unknown;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)]! * 10) / 10;
};

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `siturec-bench-episodes-${name}-`));
const dir = tmp("store");
const appDir = tmp("app");
const made = await runCli("run", "--env", "supermarket", "--tasks", "0:1", "--out", dir, "--quiet");
if (made.code !== 0) throw new Error(`the run for the benchmark failed: ${made.err}`);
const reader = openRunStore(dir, { readonly: true });
const [first] = await reader.listRuns();
let source: Trajectory | undefined;
for await (const t of reader.trajectories(first!.id)) source ??= t;
await reader.close();
const w0 = performance.now();
await writeLargeRun(dir, source!, "large", EPISODES);
const writeMs = performance.now() - w0;
await build({
  configFile: fileURLToPath(new URL("../vite.web.config.ts", import.meta.url)),
  build: { outDir: appDir },
  logLevel: "error",
});

const server = await startWebServer({ dir, appDir, port: 0 });
const browser = await launchBrowser();
try {
  const url = `${server.url}/api/runs/large/episode-index`;
  const t0 = performance.now();
  const raw = await (await fetch(url, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer();
  const buildMs = performance.now() - t0;
  const cached: number[] = [];
  let gzipBytes = 0;
  for (let i = 0; i < LOADS; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers: { "Accept-Encoding": "gzip" } });
    await res.arrayBuffer();
    cached.push(performance.now() - t);
    gzipBytes = Number(res.headers.get("content-length") ?? 0);
  }

  const shows: number[] = [];
  const searches: number[] = [];
  const showAll: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const t = performance.now();
    await page.goto(`${server.url}/#/runs/large`);
    await page.waitForFunction(
      (n) => {
        const doc = (globalThis as unknown as PageGlobals).document;
        const count = doc.querySelector("[data-testid=episode-count]")?.textContent;
        return (
          count?.startsWith(`${n} of ${n} `) && doc.querySelectorAll("table.episodes tbody tr").length > 0
        );
      },
      EPISODES,
      { polling: "raf", timeout: 60_000 },
    );
    shows.push(performance.now() - t);
    const all = await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      const button = g.document.querySelector("p.more button");
      if (!button) return null;
      const start = g.performance.now();
      (button as unknown as { click(): void }).click();
      // Preact draws on the next tick; the frame after it is on screen.
      return new Promise<number>((done) =>
        setTimeout(() => g.requestAnimationFrame(() => done(g.performance.now() - start))),
      );
    });
    if (all !== null) showAll.push(all);
    // In the page: type, press Enter (no debounce), wait for the count to change and the next frame.
    // (No named functions in here: tsx's helpers for them do not exist in the page.)
    const ms = await page.evaluate((word) => {
      const g = globalThis as unknown as PageGlobals;
      const box = g.document.querySelector("input[name=q]")!;
      const counter = "[data-testid=episode-count]";
      const before = g.document.querySelector(counter)?.textContent;
      const start = g.performance.now();
      return new Promise<number>((done) => {
        new g.MutationObserver((_: unknown, observer: { disconnect(): void }) => {
          if (g.document.querySelector(counter)?.textContent === before) return;
          observer.disconnect();
          g.requestAnimationFrame(() => done(g.performance.now() - start));
        }).observe(g.document.body, { childList: true, subtree: true, characterData: true });
        box.value = word;
        box.dispatchEvent(new g.Event("input", { bubbles: true }));
        box.dispatchEvent(new g.KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
      });
    }, SEARCH);
    searches.push(ms);
    await page.close();
  }
  console.log(
    JSON.stringify({
      episodes: EPISODES,
      write_store_ms: Math.round(writeMs),
      index_bytes: raw.byteLength,
      index_gzip_bytes: gzipBytes,
      index_build_ms: Math.round(buildMs),
      index_cached_p50_ms: median(cached),
      loads: LOADS,
      table_shown_p50_ms: median(shows),
      table_shown_first_ms: Math.round(shows[0]!),
      show_all_rows_p50_ms: showAll.length ? median(showAll) : null,
      search_applied_p50_ms: median(searches),
      browser: browser.version(),
    }),
  );
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(appDir, { recursive: true, force: true });
}
