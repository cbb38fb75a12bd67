// Viewer benchmark: how long `siturec serve` takes to show a 20-turn episode's replay, from navigation
// to both views of turn 1 drawn, in headless Chromium (the app as `npm run build` built it, in dist/).
// The episode is the embedded default's first supermarket episode, stretched to 20 turns. Each load
// is a fresh page: the first (nothing cached by the browser or the server yet) is reported apart,
// the next LOADS as p50/p90. Prints one JSON line.
// npm run bench:viewer  (LOADS=20 to change the count)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../src/cli/testing/run-cli.js";
import { launchBrowser } from "../src/render/testing/launch-browser.js";
import { openRunStore } from "../src/storage/open-run-store.js";
import type { Trajectory } from "../src/trajectory/trajectory.js";
import { startWebServer } from "../src/web/server.js";
import { writeProbeRun } from "../src/web/testing/probe-run.js";

const LOADS = Number(process.env.LOADS ?? 10);
const TURNS = 20;
/** What the page function reads of the browser's document (no DOM types here). */
interface PageDocument {
  querySelectorAll(selector: string): ArrayLike<{ complete: boolean; naturalWidth: number }>;
  querySelector(selector: string): { textContent: string | null } | null;
}

const quantile = (values: number[], q: number) => {
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]!);
};

const dir = mkdtempSync(join(tmpdir(), "siturec-bench-viewer-"));
const run = await runCli("run", "--env", "supermarket", "--tasks", "0:1", "--out", dir, "--quiet");
if (run.code !== 0) throw new Error(`the run for the viewer failed: ${run.err}`);
const store = openRunStore(dir, { readonly: true });
const [summary] = await store.listRuns();
let source: Trajectory | undefined;
for await (const t of store.trajectories(summary!.id)) source ??= t;
await store.close();
await writeProbeRun(dir, source!, "probe", TURNS);

const server = await startWebServer({ dir, port: 0 });
const browser = await launchBrowser();
const url = `${server.url}/#/runs/probe/supermarket/${source!.header.task.id}`;
try {
  const loads: number[] = [];
  let first = 0;
  for (let i = 0; i <= LOADS; i++) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const t0 = performance.now();
    await page.goto(url);
    await page.waitForFunction(
      (turns) => {
        const doc = (globalThis as unknown as { document: PageDocument }).document;
        const imgs = Array.from(doc.querySelectorAll(".view img"));
        const label = doc.querySelector("[data-testid=turn-label]")?.textContent;
        return (
          label === `Turn 1 of ${turns}` &&
          imgs.length === 2 &&
          imgs.every((i) => i.complete && i.naturalWidth > 0)
        );
      },
      TURNS,
      { timeout: 60_000 },
    );
    if (i > 0) loads.push(performance.now() - t0);
    else first = Math.round(performance.now() - t0);
    await page.close();
  }
  console.log(
    JSON.stringify({
      episode_turns: TURNS,
      first_load_ms: first,
      loads: loads.length,
      replay_load_p50_ms: quantile(loads, 0.5),
      replay_load_p90_ms: quantile(loads, 0.9),
      browser: browser.version(),
    }),
  );
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
