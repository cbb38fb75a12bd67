import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MockOpenAIServer } from "../llm/testing/mock-openai-server.js";
import { launchBrowser } from "../render/testing/launch-browser.js";
import { openRunStore } from "../storage/open-run-store.js";
import { STUDY_RECORDS } from "../study/study-store.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { type BundleManifest, MANIFEST_FILE } from "../web/bundle/bundle-format.js";
import { writeProbeRun } from "../web/testing/probe-run.js";
import { runCli } from "./testing/run-cli.js";

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `siturec-bundle-${name}-`));

/** Every file under `dir` (relative, `/`-separated, sorted) with its bytes. */
function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.set(relative(dir, path).split(sep).join("/"), readFileSync(path));
    }
  };
  walk(dir);
  return out;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/** A plain static host: the folder's files under `/shared/bundle/`, by extension; nothing else. */
function staticHost(root: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const inside = path.startsWith("/shared/bundle/") ? path.slice("/shared/bundle/".length) : undefined;
    const file = inside === undefined ? undefined : resolve(root, inside || "index.html");
    if (!file?.startsWith(root + sep)) return void res.writeHead(404).end();
    try {
      const body = readFileSync(file);
      res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server)));
}

/** What the page functions below read of the browser's document (this file has no DOM types). */
interface PageDocument {
  querySelectorAll(selector: string): ArrayLike<{ complete: boolean; naturalWidth: number }>;
}

/** Waits until every image `selector` matches (at least `count`) has loaded. */
const imagesIn = (page: Page, selector: string, count: number) =>
  page.waitForFunction(
    ([sel, n]) => {
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      const imgs = Array.from(doc.querySelectorAll(sel as string));
      return imgs.length >= (n as number) && imgs.every((i) => i.complete && i.naturalWidth > 0);
    },
    [selector, count] as const,
  );

/** What the mock model answers as the assistant, every turn. */
const GREET = JSON.stringify({
  utterance: "Hello! What can I help you find today?",
  assistant_actions: [{ type: "AskPreference" }],
  expected_user_action: { name: "idle", arguments: {} },
  ranking: ["not-a-product"],
  tool_calls: [],
});

/** The runs bundled: built-in agents, CustomerSim's rule shopper, a model (mock) assistant. */
const BUNDLED = ["web", "cs", "llm"];

/** The store's three kinds of run, a run to leave out, and a study. */
async function makeStore(store: string): Promise<void> {
  const cli = async (...argv: string[]) => {
    const r = await runCli(...argv, "--out", store, "--quiet");
    expect(r.code, r.err).toBe(0);
  };
  await cli("run", "--env", "supermarket", "--tasks", "0:2", "--run-id", "web");
  await cli(
    "customersim",
    "run",
    "--shopper",
    "rule",
    "--sales",
    "pushy",
    "--personas",
    "0:3",
    "--run-id",
    "cs",
  );
  // A run with a model, whose turns keep their model calls (and the images sent with them).
  const mock = await MockOpenAIServer.start();
  try {
    mock.fallback = () => ({ kind: "text", content: GREET, inputTokens: 2000, outputTokens: 50 });
    const model = ["--assistant", mock.modelId(), "--no-preflight", "--no-cache"];
    await cli(
      "run",
      "--env",
      "supermarket",
      "--tasks",
      "0:1",
      "--max-turns",
      "2",
      ...model,
      "--run-id",
      "llm",
    );
  } finally {
    await mock.close();
  }
  // A run the bundle must leave out, and a study (which makes the server ask for the organiser token).
  const s = openRunStore(store);
  let source: Trajectory | undefined;
  for await (const t of s.trajectories("web")) source ??= t;
  await s.putRecord(STUDY_RECORDS, "pilot", { id: "pilot" });
  await s.close();
  await writeProbeRun(store, source!, "left-out", 3);
}

describe("siturec view bundle: the viewer as a static site", () => {
  let store: string;
  let appDir: string;
  let out: string;
  let browser: Browser;
  let shots: string;
  let written: { code: number; out: string; err: string };
  /** `siturec view bundle RUNS… --store STORE --out OUT` with the test's app, and more flags. */
  const bundle = (runs: string[], to: string, ...flags: string[]) =>
    runCli("view", "bundle", ...runs, "--store", store, "--out", to, "--app-dir", appDir, ...flags);

  beforeAll(async () => {
    store = tmp("runs");
    await makeStore(store);
    // The bundle's app as `npm run build` builds it, into a folder of this test's own.
    appDir = tmp("app");
    await build({
      configFile: fileURLToPath(new URL("../../vite.bundle.config.ts", import.meta.url)),
      build: { outDir: appDir },
    });
    out = join(tmp("out"), "bundle");
    written = await bundle(BUNDLED, out);
    shots = process.env.SITUREC_WEB_SCREENSHOTS ?? tmp("screenshots");
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("writes the runs it was given and nothing else, and says where to open it", () => {
    expect(written.code, written.err).toBe(0);
    expect(written.err).toMatch(/bundle: episodes 6\/6/);
    expect(written.err).toMatch(/6 episodes, 2 turns with model calls/);
    expect(written.err).toContain(`open ${pathToFileURL(join(out, "index.html")).href}`);
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_FILE), "utf8")) as BundleManifest;
    expect(manifest.runs).toEqual(BUNDLED);
    for (const file of Object.values(manifest.files))
      expect(statSync(join(out, file)).size).toBeGreaterThan(0);
    const urls = Object.keys(manifest.files);
    expect(urls).toContain("/api/runs/web/episodes/supermarket/sm-01.2");
    expect(urls).toContain("/api/leaderboard/customersim");
    expect(urls.filter((u) => u.startsWith("/api/images/")).length).toBeGreaterThan(8);
    expect(urls.some((u) => u.includes("left-out") || u.includes("admin"))).toBe(false);
    // Each turn's model calls, and every image sent with them.
    const calls = manifest.files["/api/runs/llm/episodes/supermarket/sm-01.1/calls/1"]!;
    const sent = [...readFileSync(join(out, calls), "utf8").matchAll(/"image":"([0-9a-f]{64})"/g)];
    expect(sent.length).toBeGreaterThan(0);
    for (const [, hash] of sent) expect(manifest.files[`/api/images/${hash}`]).toBe(`images/${hash}.png`);
    const runs = readFileSync(join(out, "data/runs.js"), "utf8");
    expect(runs).toContain('"id":"web"');
    expect(runs).not.toContain("left-out");
    const html = readFileSync(join(out, "index.html"), "utf8");
    expect(html).not.toMatch(/type="module"|<script>|src="\//);
  });

  /** The runs list, a run, an episode stepped a turn, model calls, the leaderboard with a chart, a conversation. */
  async function browse(page: Page, base: string, shot: string) {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${base}#/`);
    await page.waitForSelector("table.grid tbody tr");
    expect(await page.locator("table.grid tbody tr").count()).toBe(BUNDLED.length);
    expect(await page.locator("nav.pages a").allTextContents()).not.toContain("Studies");
    await page.screenshot({ path: join(shots, `bundle-${shot}-runs.png`), fullPage: true });
    await page.locator("table.grid a", { hasText: /^web$/ }).click();
    await expect.poll(() => page.url()).toMatch(/#\/runs\/web$/);
    await page.getByText("sm-01.1").first().waitFor();
    await page.goto(`${base}#/runs/web/supermarket/sm-01.1`);
    const label = page.locator("[data-testid=turn-label]");
    await expect.poll(() => label.textContent()).toMatch(/^Turn 1 of \d+/);
    await imagesIn(page, ".view img", 2);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => label.textContent()).toMatch(/^Turn 2 of/);
    await imagesIn(page, ".view img", 2);
    expect(await page.locator("figure.minimap image").getAttribute("href")).toBe(
      "files/maps/supermarket.svg",
    );
    await page.screenshot({ path: join(shots, `bundle-${shot}-replay.png`), fullPage: true });
    // A model's turn: its calls, from the bundle.
    await page.goto(`${base}#/runs/llm/supermarket/sm-01.1/turn/2`);
    await expect.poll(() => label.textContent()).toMatch(/^Turn 2 of 2/);
    await page.getByRole("heading", { name: "Model calls" }).click();
    await page.locator("[data-testid=model-call]").first().waitFor();
    await page.screenshot({ path: join(shots, `bundle-${shot}-model-calls.png`), fullPage: true });
    await page.goto(`${base}#/leaderboard`);
    await page.locator("[data-testid=leaderboard]").waitFor();
    expect(await page.locator("[data-testid=leaderboard] tr.store-row").allTextContents()).toEqual([
      "Supermarket",
    ]);
    const charts = await page.locator(".charts img").count();
    expect(charts).toBeGreaterThanOrEqual(3);
    await imagesIn(page, ".charts img", charts);
    await page.screenshot({ path: join(shots, `bundle-${shot}-leaderboard.png`), fullPage: true });
    // A filter setting the runs do not meet is an empty board, as the server gives it.
    await page.selectOption("select[name=subset]", "1");
    await page.getByText("No finished SituRecBench episodes match these filters").waitFor();
    await page.goto(`${base}#/runs/cs/female-clothing/fc-p001`);
    await page.locator(".conversation .verdict").waitFor();
    // Studies are not in a bundle: the page says so.
    await page.goto(`${base}#/studies`);
    await page.getByText("studies are not in a static bundle").waitFor();
    expect(errors).toEqual([]);
  }

  it("works opened from disk (file://) in Chromium", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    try {
      await browse(page, pathToFileURL(join(out, "index.html")).href, "file");
      console.log(`bundle screenshots: ${shots}`);
    } finally {
      await page.close();
    }
  });

  it("works from a plain static host, under any path", async () => {
    const host = await staticHost(out);
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    try {
      const { port } = host.address() as AddressInfo;
      await browse(page, `http://127.0.0.1:${port}/shared/bundle/`, "http");
    } finally {
      await page.close();
      await new Promise((ok) => host.close(ok));
    }
  });

  it("writes the same files, byte for byte, for the same runs; replaces an earlier bundle", async () => {
    const again = join(tmp("again"), "bundle");
    const second = await bundle(BUNDLED, again);
    expect(second.code, second.err).toBe(0);
    const first = filesOf(out);
    const other = filesOf(again);
    expect([...other.keys()]).toEqual([...first.keys()]);
    for (const [name, bytes] of first) expect(other.get(name)?.equals(bytes), name).toBe(true);
    // Written again over an earlier bundle: a file of the earlier one that is no longer written is gone.
    writeFileSync(join(again, "data", "stale.js"), "x");
    const third = await bundle(BUNDLED, again);
    expect(third.code, third.err).toBe(0);
    expect([...filesOf(again).keys()]).toEqual([...first.keys()]);
  });

  it("names what to do: an unknown run lists the store's; a folder that is not a bundle needs --force", async () => {
    const unknown = await bundle(["web", "nope"], tmp("x"));
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("no run 'nope'");
    expect(unknown.err).toContain("its runs: web, cs, llm, left-out");
    const inStore = await bundle(["cs"], store, "--force");
    expect(inStore.code).toBe(2);
    expect(inStore.err).toContain("is in the run store");
    const bad = await bundle(["a/b"], tmp("y"));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("run #1: a run id");
    const busy = tmp("busy");
    mkdirSync(join(busy, "notes"));
    writeFileSync(join(busy, "notes", "keep.txt"), "mine");
    const refused = await bundle(["cs"], busy);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/not empty and is not an earlier bundle[\s\S]*--force/);
    const forced = await bundle(["cs"], busy, "--force");
    expect(forced.code, forced.err).toBe(0);
    expect(readFileSync(join(busy, "notes", "keep.txt"), "utf8")).toBe("mine");
    expect(statSync(join(busy, "index.html")).isFile()).toBe(true);
  });
});
