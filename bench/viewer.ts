// Viewer benchmark: how long `siturec serve` takes to show a 20-turn episode's replay, from navigation
// to both views of turn 1 drawn, and then each step (→ to the next turn until both of its views are
// drawn), in headless Chromium (the app as `npm run build` built it, in dist/; APP_DIR=… for another
// build). The episode is the embedded default's first supermarket episode, stretched to 20 turns, each
// turn with model calls of an LLM run's size stored beside it (assistant, shopper, moderator: the
// system prompts, the turn's text, its images by hash, the raw replies). Each load is a fresh page:
// the first (nothing cached by the browser or the server yet) is reported apart, the next LOADS as
// p50/p90. Steps are timed in the page (key press to the frame both new views are drawn in) over
// every turn of each load, with the "Model calls" panel closed (as it opens) and, on the last load,
// open (each step then loads that turn's calls too). Prints one JSON line.
// npm run bench:viewer  (LOADS=20 to change the count)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { runCli } from "../src/cli/testing/run-cli.js";
import { sha256 } from "../src/core/hash.js";
import { type TurnModelCalls, withModelCalls } from "../src/core/model-call-record.js";
import { launchBrowser } from "../src/render/testing/launch-browser.js";
import { openRunStore } from "../src/storage/open-run-store.js";
import type { Trajectory, TurnRecord } from "../src/trajectory/trajectory.js";
import { startWebServer } from "../src/web/server.js";

const LOADS = Number(process.env.LOADS ?? 10);
const TURNS = 20;
/** What the page functions read of the browser's document (no DOM types here). */
interface PageDocument {
  querySelectorAll(selector: string): ArrayLike<{ complete: boolean; naturalWidth: number }>;
  querySelector(
    selector: string,
  ): { textContent: string | null; getAttribute(n: string): string | null } | null;
}
interface PageWindow {
  document: PageDocument;
  dispatchEvent(e: unknown): void;
  KeyboardEvent: new (type: string, init: { key: string }) => unknown;
}

const quantile = (values: number[], q: number) => {
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]!);
};

/** A turn's model calls of an LLM run's size: long system prompts (stored once), the turn's text and images. */
function probeCalls(record: TurnRecord, n: number): TurnModelCalls {
  const system = `You are a shopping assistant.\n${"- a catalog line with a product, its price and its place\n".repeat(1000)}`;
  const shopperSystem = `You are a shopper.\n${"- a line of your persona and goal\n".repeat(120)}`;
  const usage = {
    inputTokens: 9000,
    cachedInputTokens: 6000,
    cacheWriteTokens: 0,
    outputTokens: 120,
    costUsd: 0.01,
    cached: false,
    attempts: 1,
    latencyMs: 900,
  };
  const call = (sys: string, text: string, images: string[], reply: unknown) => ({
    model: "openai:gpt-4o",
    repair: false,
    system: { sha256: sha256(sys), chars: sys.length },
    messages: [
      {
        role: "user" as const,
        content: [
          { type: "text" as const, text },
          ...images.map((image) => ({ type: "image" as const, image, mediaType: "image/png" })),
        ],
      },
    ],
    sampling: { temperature: 0, seed: 0 },
    reply: { text: JSON.stringify(reply), toolCalls: [] },
    usage,
  });
  const turnText = `Turn ${n}.\n${"[turn k] Assistant: … Shopper: … action: turn(left) → done\n".repeat(n + 20)}`;
  const views = [record.observations.assistant.image, record.observations.shopper.image];
  return {
    roles: [
      { role: "assistant", calls: [call(system, turnText, views, record.assistant.output)], repaired: false },
      {
        role: "shopper",
        calls: [call(shopperSystem, turnText, views.slice(1), record.shopper.output)],
        repaired: false,
      },
    ],
    texts: { [sha256(system)]: system, [sha256(shopperSystem)]: shopperSystem },
  };
}

/** The source episode stretched to `turns` turns, each with its model calls, as run `runId`. */
async function writeProbe(dir: string, source: Trajectory, runId: string, turns: number) {
  const store = openRunStore(dir);
  try {
    const { env, condition } = source.header;
    await store.createRun({
      id: runId,
      identity: runId,
      config: { env, condition },
      identityParts: {},
      planned: 1,
    });
    const header = { ...source.header, runId };
    await store.startEpisode(header, 0, "probe");
    for (let i = 0; i < turns; i++) {
      const record = structuredClone({ ...source.turns[i % source.turns.length]!, turn: i });
      const last = i === turns - 1;
      record.termination = { ...record.termination, ended: last, reason: last ? "turn_limit" : null };
      const outcome = last ? { ...source.outcome, turns, reason: "turn_limit" as const } : undefined;
      await store.writeTurn(header, withModelCalls(record, probeCalls(record, i)), outcome, "probe");
    }
  } finally {
    await store.close();
  }
}

/** Both views of turn `turn` (1-based) drawn; with `calls`, that turn's model calls shown too. */
function drawn(page: Page, turn: number, calls: boolean) {
  return page.waitForFunction(
    ([t, withCalls]) => {
      const doc = (globalThis as unknown as PageWindow).document;
      const imgs = Array.from(doc.querySelectorAll(".view img"));
      const label = doc.querySelector("[data-testid=turn-label]")?.textContent;
      const loaded = doc.querySelector("details.model-calls")?.getAttribute("data-loaded-turn");
      return (
        label === `Turn ${t} of ${20}` &&
        imgs.length === 2 &&
        imgs.every((i) => i.complete && i.naturalWidth > 0) &&
        (!withCalls || loaded === String(t))
      );
    },
    [turn, calls] as const,
    { timeout: 60_000 },
  );
}

/**
 * Each step → from turn 1 to the last, timed in the page: from the key press to the animation frame
 * that finds the next turn drawn (a page function may not define functions of its own: tsx names them).
 */
async function steps(page: Page, calls: boolean): Promise<number[]> {
  const times: number[] = [];
  for (let t = 2; t <= TURNS; t++) {
    await page.evaluate(() => {
      const w = globalThis as unknown as PageWindow & { stepStarted: number };
      w.stepStarted = performance.now();
      w.dispatchEvent(new w.KeyboardEvent("keydown", { key: "ArrowRight" }));
    });
    const done = await page.waitForFunction(
      ([next, withCalls]) => {
        const w = globalThis as unknown as PageWindow & { stepStarted: number };
        const imgs = Array.from(w.document.querySelectorAll(".view img"));
        const label = w.document.querySelector("[data-testid=turn-label]")?.textContent;
        const loaded = w.document.querySelector("details.model-calls")?.getAttribute("data-loaded-turn");
        const ok =
          label === `Turn ${next} of 20` &&
          imgs.length === 2 &&
          imgs.every((i) => i.complete && i.naturalWidth > 0) &&
          (!withCalls || loaded === String(next));
        return ok ? performance.now() - w.stepStarted : false;
      },
      [t, calls] as const,
      { polling: "raf", timeout: 60_000 },
    );
    times.push((await done.jsonValue()) as number);
  }
  return times;
}

const dir = mkdtempSync(join(tmpdir(), "siturec-bench-viewer-"));
const run = await runCli("run", "--env", "supermarket", "--tasks", "0:1", "--out", dir, "--quiet");
if (run.code !== 0) throw new Error(`the run for the viewer failed: ${run.err}`);
const store = openRunStore(dir, { readonly: true });
const [summary] = await store.listRuns();
let source: Trajectory | undefined;
for await (const t of store.trajectories(summary!.id)) source ??= t;
await store.close();
await writeProbe(dir, source!, "probe", TURNS);

const server = await startWebServer({
  dir,
  port: 0,
  ...(process.env.APP_DIR ? { appDir: process.env.APP_DIR } : {}),
});
const browser = await launchBrowser();
const url = `${server.url}/#/runs/probe/supermarket/${source!.header.task.id}`;
try {
  const loads: number[] = [];
  const closed: number[] = [];
  let open: number[] = [];
  let first = 0;
  for (let i = 0; i <= LOADS; i++) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const t0 = performance.now();
    await page.goto(url);
    await drawn(page, 1, false);
    if (i > 0) loads.push(performance.now() - t0);
    else first = Math.round(performance.now() - t0);
    if (i > 0 && i < LOADS) closed.push(...(await steps(page, false)));
    if (i === LOADS) {
      await page.click("details.model-calls > summary");
      await drawn(page, 1, true);
      open = await steps(page, true);
    }
    await page.close();
  }
  console.log(
    JSON.stringify({
      episode_turns: TURNS,
      first_load_ms: first,
      loads: loads.length,
      replay_load_p50_ms: quantile(loads, 0.5),
      replay_load_p90_ms: quantile(loads, 0.9),
      steps: closed.length,
      step_p50_ms: quantile(closed, 0.5),
      step_p90_ms: quantile(closed, 0.9),
      step_calls_open_p50_ms: quantile(open, 0.5),
      step_calls_open_p90_ms: quantile(open, 0.9),
      browser: browser.version(),
    }),
  );
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
