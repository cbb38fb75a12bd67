import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../render/testing/launch-browser.js";
import { openRunStore } from "../storage/open-run-store.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import type {
  ConversationReplay,
  EpisodeReplay,
  Leaderboard,
  RunDetail,
  RunSummary,
} from "../web/api-types.js";
import { type RunningServer, startWebServer } from "../web/server.js";
import { PROBE_XSS, writeProbeRun } from "../web/testing/probe-run.js";
import { runCli } from "./testing/run-cli.js";

const XSS = PROBE_XSS;

/** What the page functions below read of the browser's document (this file has no DOM types). */
interface PageDocument {
  querySelectorAll(selector: string): ArrayLike<{ complete: boolean; naturalWidth: number }>;
}

/** Waits until every image `selector` matches (at least `count`) has loaded. */
const imagesIn = (page: import("playwright-core").Page, selector: string, count: number) =>
  page.waitForFunction(
    ([sel, n]) => {
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      const imgs = Array.from(doc.querySelectorAll(sel as string));
      return imgs.length >= (n as number) && imgs.every((i) => i.complete && i.naturalWidth > 0);
    },
    [selector, count] as const,
  );
const tmp = (name: string) => mkdtempSync(join(tmpdir(), `siturec-serve-${name}-`));

/** A raw GET (no URL normalisation by the client): status and body. */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: "GET" }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => {
        body += c.toString();
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("siturec serve: the web viewer", () => {
  let dir: string;
  let server: RunningServer;
  let browser: Browser;
  let source: Trajectory;
  let shots: string;

  beforeAll(async () => {
    dir = tmp("runs");
    const r = await runCli(
      "run",
      "--env",
      "supermarket",
      "--tasks",
      "0:2",
      "--out",
      dir,
      "--quiet",
      "--run-id",
      "web",
    );
    expect(r.code, r.err).toBe(0);
    const store = openRunStore(dir, { readonly: true });
    for await (const t of store.trajectories("web")) {
      source = t;
      break;
    }
    await store.close();
    await writeProbeRun(dir, source, "probe", 20);
    const cs = await runCli(
      "customersim",
      "run",
      "--shopper",
      "rule",
      "--sales",
      "pushy",
      "--personas",
      "0:7",
      "--out",
      dir,
      "--quiet",
      "--run-id",
      "cs",
    );
    expect(cs.code, cs.err).toBe(0);
    // The app as `npm run build` builds it, into a folder of this test's own.
    const appDir = tmp("app");
    await build({
      configFile: fileURLToPath(new URL("../../vite.web.config.ts", import.meta.url)),
      build: { outDir: appDir },
    });
    server = await startWebServer({ dir, appDir, port: 0 });
    shots = process.env.SITUREC_WEB_SCREENSHOTS ?? tmp("screenshots");
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("answers the JSON API: runs, a run's episodes, an episode to replay, its images", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const get = (path: string) => fetch(`${server.url}${path}`);
    const runs = (await (await get("/api/runs")).json()) as RunSummary[];
    expect(runs.map((r) => r.id).sort()).toEqual(["cs", "probe", "web"]);
    expect(runs.find((r) => r.id === "web")).toMatchObject({
      benchmark: "situ-rec",
      status: "complete",
      env: "supermarket",
      assistant: "reference",
      shopper: "rule",
      planned: 2,
      finished: 2,
      successRate: expect.any(Number),
    });
    const run = (await (await get("/api/runs/web")).json()) as RunDetail;
    expect(run.episodes.map((e) => e.taskId)).toEqual(["sm-01.1", "sm-01.2"]);
    const ep = (await (await get("/api/runs/web/episodes/supermarket/sm-01.1")).json()) as EpisodeReplay;
    expect(ep.kind).toBe("situ-rec");
    expect(ep.trajectory.turns.length).toBe(ep.trajectory.outcome.turns);
    const ranked = ep.trajectory.turns.at(-1)!.assistant.output.ranking[0]!;
    expect(ep.products[ranked]?.name).toEqual(expect.any(String));
    const png = await get(`/api/images/${ep.trajectory.turns[0]!.observations.shopper.image}`);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect((await png.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // The store's map for the replay's minimap, and where the trajectory's poses land on it.
    expect(ep.map).toMatchObject({ url: "/api/maps/supermarket.svg", scale: expect.any(Number) });
    const map = await get(ep.map!.url);
    expect(map.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await map.text()).toMatch(/^<svg /);
    expect((await get("/api/maps/nowhere.svg")).status).toBe(404);
    // The leaderboard: the report's cohorts in Table 3's columns, and its charts as SVG.
    const board = (await (await get("/api/leaderboard")).json()) as Leaderboard;
    expect(board.stores.map((s) => s.env)).toEqual(["supermarket"]);
    expect(board.columns.map((c) => c.group)).toEqual([
      "Outcome",
      "Outcome",
      "Navigation",
      "Navigation",
      "Recommendation",
      "Recommendation",
    ]);
    expect(board.stores[0]!.rows[0]).toMatchObject({
      assistant: "reference",
      condition: "full",
      episodes: 3,
    });
    expect(board.charts.map((c) => c.name)).toContain("success-by-turn");
    const chart = await get(board.charts[0]!.url);
    expect(chart.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await chart.text()).toContain("<svg");
    const none = (await (await get("/api/leaderboard?store=home-furnishings")).json()) as Leaderboard;
    expect(none.stores).toEqual([]);
    expect((await get("/api/leaderboard?subset=7")).status).toBe(400);
    expect((await get("/api/leaderboard?store=%3Cx%3E")).status).toBe(400);
    expect((await get("/api/leaderboard/charts/no-such-chart.svg")).status).toBe(404);
    // A CustomerSim conversation comes with its persona, acceptable set and verdict.
    const conv = (await (
      await get("/api/runs/cs/episodes/female-clothing/fc-p007")
    ).json()) as ConversationReplay;
    expect(conv).toMatchObject({
      kind: "customersim",
      persona: "fc-p007",
      decision: { da: expect.any(Number) },
    });
    expect(conv.profile?.dealbreakers.length).toBeGreaterThan(0);
    expect(conv.acceptable.length).toBeGreaterThan(0);
    expect(conv.products[conv.acceptable[0]!]?.name).toEqual(expect.any(String));
    // Bad parameters are refused, unknown ones are not found.
    expect((await get("/api/images/not-a-hash")).status).toBe(400);
    expect((await get(`/api/images/${"0".repeat(64)}`)).status).toBe(404);
    expect((await get("/api/runs/nope")).status).toBe(404);
    expect((await get("/api/runs/web/episodes/supermarket/sm-99.9")).status).toBe(404);
    expect((await get("/api/runs/web/episodes/super%20market/sm-01.1")).status).toBe(400);
    // Every answer carries the security headers.
    expect((await get("/")).headers.get("content-security-policy")).toContain("script-src 'self'");
  });

  it("serves no file outside the built app, however the path is written", async () => {
    for (const path of [
      "/../package.json",
      "/../../package.json",
      "/assets/../../../package.json",
      "/..%2f..%2f..%2fpackage.json",
      "/%2e%2e/%2e%2e/%2e%2e/package.json",
      "/..%5c..%5cpackage.json",
      "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    ]) {
      const r = await rawGet(server.url, path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).not.toContain('"name": "siturec"');
      expect(r.body, path).not.toContain("root:");
    }
    expect((await rawGet(server.url, "/")).body).toContain("<!doctype html>");
  });

  // How fast a 20-turn replay loads is measured by `npm run bench:viewer`, not asserted here.
  it("replays an episode in Chromium: → shows turn 2; dialogue is text, never HTML; a 20-turn replay loads", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const imagesLoaded = () =>
      page.waitForFunction(() => {
        const doc = (globalThis as unknown as { document: PageDocument }).document;
        const imgs = Array.from(doc.querySelectorAll(".view img"));
        return imgs.length === 2 && imgs.every((i) => i.complete && i.naturalWidth > 0);
      });
    const turnLabel = () => page.textContent("[data-testid=turn-label]");
    try {
      // The 20-turn episode: from navigation to both views of turn 1 on screen.
      await page.goto(`${server.url}/#/runs/probe/supermarket/${source.header.task.id}`);
      await imagesLoaded();
      expect(await turnLabel()).toBe("Turn 1 of 20");

      // The utterance shows as the text it is: no <img> element, no alert.
      expect(await page.locator(".this-turn .assistant .utterance").textContent()).toContain(XSS);
      expect(await page.locator("img[src='x']").count()).toBe(0);
      expect(dialogs).toEqual([]);

      // → moves to turn 2, and the URL names it.
      await page.goto(`${server.url}/#/runs/web/supermarket/sm-01.1`);
      // A hash change re-renders after it returns: wait for this episode (9 turns), not the last one's images.
      await expect.poll(turnLabel).toBe("Turn 1 of 9");
      await imagesLoaded();
      await page.keyboard.press("ArrowRight");
      await expect.poll(turnLabel).toMatch(/^Turn 2 of/);
      await imagesLoaded();
      expect(page.url()).toMatch(/#\/runs\/web\/supermarket\/sm-01\.1\/turn\/2$/);
      await page.screenshot({ path: join(shots, "viewer-replay-turn-2.png"), fullPage: true });
      console.log(`viewer screenshot: ${join(shots, "viewer-replay-turn-2.png")}`);
      // ← goes back; a turn's link opens that turn.
      await page.keyboard.press("ArrowLeft");
      await expect.poll(turnLabel).toMatch(/^Turn 1 of/);
      await page.goto(`${server.url}/#/runs/web/supermarket/sm-01.1/turn/3`);
      await expect.poll(turnLabel).toMatch(/^Turn 3 of/);
      await page.keyboard.press("ArrowLeft");
      await expect.poll(turnLabel).toMatch(/^Turn 2 of/);
      // A turn with the minimap and what an inspect action revealed: the path walked so far follows the
      // navigation mesh, so it has at least one point per turn (more where it goes round a shelf).
      const inspected = source.turns.findIndex((t) => t.execution.revealed !== undefined);
      const shown = inspected >= 0 ? inspected + 1 : source.turns.length;
      await page.goto(`${server.url}/#/runs/web/supermarket/sm-01.1/turn/${shown}`);
      await expect.poll(turnLabel).toBe(`Turn ${shown} of 9`);
      await imagesLoaded();
      const path = await page.locator("figure.minimap polyline.walked").getAttribute("points");
      expect(path?.trim().split(/\s+/).length).toBeGreaterThanOrEqual(shown);
      if (inspected >= 0) expect(await page.locator(".revealed-info .revealed.current").count()).toBe(1);
      await page.screenshot({ path: join(shots, "viewer-replay-minimap.png"), fullPage: true });
      console.log(`viewer screenshot: ${join(shots, "viewer-replay-minimap.png")}`);
      // The runs list shows every run.
      await page.goto(`${server.url}/#/`);
      await page.waitForSelector("table.grid");
      expect(await page.locator("table.grid tbody tr").count()).toBe(3);
      // A run that starts while the page is open appears without a reload.
      const store = openRunStore(dir);
      try {
        await store.createRun({ id: "live", identity: "live", config: {}, identityParts: {}, planned: 3 });
      } finally {
        await store.close();
      }
      await expect.poll(() => page.locator("table.grid tbody tr").count()).toBe(4);
      await page.screenshot({ path: join(shots, "viewer-runs.png"), fullPage: true });
    } finally {
      await page.close();
    }
  });

  it("shows the leaderboard in Table 3's layout with the report's charts, filtered from the address", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    try {
      await page.goto(`${server.url}/#/leaderboard`);
      const board = page.locator("[data-testid=leaderboard]");
      await board.waitFor();
      expect(await board.locator("th.group").allTextContents()).toEqual([
        "Outcome",
        "Navigation",
        "Recommendation",
      ]);
      expect(await board.locator("tr.store-row").allTextContents()).toEqual(["Supermarket"]);
      const charts = await page.locator(".charts img").count();
      expect(charts).toBeGreaterThanOrEqual(5);
      await imagesIn(page, ".charts img", charts);
      await page.screenshot({ path: join(shots, "viewer-leaderboard.png"), fullPage: true });
      console.log(`viewer screenshot: ${join(shots, "viewer-leaderboard.png")}`);
      // A filter goes into the address; the address sets the filter.
      await page.selectOption("select[name=condition]", "full");
      await expect.poll(() => page.url()).toMatch(/#\/leaderboard\?condition=full$/);
      await board.waitFor();
      await page.goto(`${server.url}/#/leaderboard?store=home-furnishings&subset=1`);
      await page.getByText("No finished SituRecBench episodes match these filters").waitFor();
      expect(await page.locator("select[name=subset]").inputValue()).toBe("1");
      // The runs list takes the same filters.
      await page.goto(`${server.url}/#/?condition=full`);
      await page.waitForSelector("table.grid");
      expect(await page.locator("table.grid tbody tr").count()).toBe(2);
      await page.goto(`${server.url}/#/?store=female-clothing`);
      await expect
        .poll(() => page.locator("table.grid tbody tr td:first-child a").allTextContents())
        .toEqual(["cs"]);
    } finally {
      await page.close();
    }
  });

  it("shows a CustomerSim conversation with its persona, acceptable set and verdict", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    try {
      await page.goto(`${server.url}/#/runs/cs/female-clothing/fc-p007`);
      await page.locator(".conversation .verdict").waitFor();
      expect(await page.locator(".conversation .verdict .big").textContent()).toMatch(/DA = [01]/);
      expect(await page.locator(".conversation .persona h3").first().textContent()).toBe("Dealbreakers");
      expect(await page.locator("ul.acceptable li").count()).toBeGreaterThan(0);
      await page.screenshot({ path: join(shots, "viewer-conversation.png"), fullPage: true });
    } finally {
      await page.close();
    }
  });
});
