import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { launchBrowser } from "../render/testing/launch-browser.js";
import type { EpisodeIndex, IndexedEpisode } from "../web/episode-index-types.js";
import { type RunningServer, startWebServer } from "../web/server.js";
import { runCli } from "./testing/run-cli.js";

const tmp = tempDirs("serve-episodes");

/** Two runs on the same tasks: the reference assistant on three, one without guidance on two of them. */
async function twoRuns(dir: string): Promise<void> {
  const run = (id: string, assistant: string, tasks: string) =>
    runCli(
      "run",
      "--env",
      "supermarket",
      "--tasks",
      tasks,
      "--assistant",
      assistant,
      "--out",
      dir,
      "--quiet",
      "--run-id",
      id,
    );
  const a = await run("a", "reference", "0:3");
  expect(a.code, a.err).toBe(0);
  const b = await run("b", "reference-no-guidance", "0:2");
  expect(b.code, b.err).toBe(0);
}

/** The first turn (from 1) where two episodes' turns differ, read straight from the index. */
function firstDifferentTurn(x: IndexedEpisode, y: IndexedEpisode): number | null {
  const sig = (e: IndexedEpisode, i: number) => {
    const s = e.steps[i];
    return s ? JSON.stringify([s.acts, s.expected, s.action, s.target, s.top, s.ended]) : "none";
  };
  for (let i = 0; i < Math.max(x.steps.length, y.steps.length); i++)
    if (sig(x, i) !== sig(y, i)) return i + 1;
  return null;
}

/** A stream's whole text. */
async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = "";
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

/** The episodes table's task ids, in the order shown. */
const shownTasks = (page: Page) => page.locator("table.episodes tbody td.task > a").allTextContents();
const count = (page: Page) => page.locator("[data-testid=episode-count]").textContent();

describe("the viewer's episodes table and compare view", () => {
  let server: RunningServer;
  let browser: Browser;
  let shots: string;
  let index: { a: EpisodeIndex; b: EpisodeIndex };

  beforeAll(async () => {
    const dir = tmp();
    await twoRuns(dir);
    const appDir = tmp();
    await build({
      configFile: fileURLToPath(new URL("../../vite.web.config.ts", import.meta.url)),
      build: { outDir: appDir },
      logLevel: "error",
    });
    server = await startWebServer({ dir, appDir, port: 0 });
    shots = process.env.SITUREC_WEB_SCREENSHOTS ?? tmp();
    browser = await launchBrowser();
    const get = async (run: string) =>
      (await (await fetch(`${server.url}/api/runs/${run}/episode-index`)).json()) as EpisodeIndex;
    index = { a: await get("a"), b: await get("b") };
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("serves each run's episode index", async () => {
    expect(index.a.run).toMatchObject({ id: "a", benchmark: "situ-rec", assistant: "reference" });
    expect(index.a.episodes.map((e) => e.taskId)).toEqual(["sm-01.1", "sm-01.2", "sm-01.3"]);
    expect(index.b.episodes.map((e) => e.taskId)).toEqual(["sm-01.1", "sm-01.2"]);
    for (const e of index.a.episodes) {
      expect(e.steps).toHaveLength(e.turns);
      expect(e.steps.at(-1)!.ended).toBe(true);
      expect(e.acts).toContain("Greet");
    }
    expect((await fetch(`${server.url}/api/runs/nope/episode-index`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/runs/a%20b/episode-index`)).status).toBe(400);
  });

  it("filters, searches and sorts the table from the page, keeps it in the address, and shows the same rows on reload", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    try {
      await page.goto(`${server.url}/#/runs/a`);
      await expect.poll(() => count(page)).toBe("3 of 3 episodes");
      // A word some utterances hold: the rows are the episodes that say it, each with the turn that does.
      const word = "shelf";
      const saying = index.a.episodes.filter((e) =>
        e.steps.some((s) => `${s.assistant}\n${s.shopper}`.toLowerCase().includes(word)),
      );
      expect(saying.length).toBeGreaterThan(0);
      await page.fill("input[name=q]", word);
      await expect.poll(() => page.url()).toMatch(/#\/runs\/a\?q=shelf$/);
      await expect.poll(() => count(page)).toBe(`${saying.length} of 3 episodes`);
      expect(await page.locator(".hit mark").first().textContent()).toBe(word);
      // Sorting by turns, largest first: two clicks on the heading.
      await page.click("th >> button:has-text('Turns')");
      await expect.poll(() => page.url()).toMatch(/\?q=shelf&sort=turns$/);
      await page.click("th >> button:has-text('Turns')");
      await expect.poll(() => page.url()).toMatch(/\?q=shelf&sort=-turns$/);
      // A filter: at least as many turns as the longest episode said.
      const most = Math.max(...saying.map((e) => e.turns));
      await page.fill("input[name=turns-min]", String(most));
      await page.press("input[name=turns-min]", "Enter");
      await expect.poll(() => page.url()).toMatch(new RegExp(`\\?turns=${most}-&q=shelf&sort=-turns$`));
      const expected = saying
        .filter((e) => e.turns >= most)
        .sort((x, y) => y.turns - x.turns)
        .map((e) => e.taskId);
      await expect.poll(() => shownTasks(page)).toEqual(expected);
      const address = page.url();

      // The address alone gives the same view.
      await page.reload();
      await expect.poll(() => shownTasks(page)).toEqual(expected);
      expect(await page.inputValue("input[name=q]")).toBe(word);
      expect(await page.inputValue("input[name=turns-min]")).toBe(String(most));
      expect(await page.locator("th[aria-sort=descending]").textContent()).toContain("Turns");
      expect(page.url()).toBe(address);

      // The CSV download is the rows as filtered.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.click("button:has-text('CSV')"),
      ]);
      const csv = (await text(await download.createReadStream())).trim().split("\r\n");
      expect(csv[0]).toMatch(/^store,task,status,termination,success,/);
      expect(csv.slice(1).map((l) => l.split(",")[1])).toEqual(expected);

      await page.screenshot({ path: join(shots, "viewer-episodes-filtered.png"), fullPage: true });
      await page.setViewportSize({ width: 390, height: 900 });
      await page.screenshot({ path: join(shots, "viewer-episodes-filtered-390.png"), fullPage: true });
      // Clearing the filters keeps the sort.
      await page.setViewportSize({ width: 1440, height: 1000 });
      await page.click("button:has-text('clear filters')");
      await expect.poll(() => page.url()).toMatch(/#\/runs\/a\?sort=-turns$/);
      await expect.poll(() => count(page)).toBe("3 of 3 episodes");
    } finally {
      await page.close();
    }
  });

  it("sets a filter on top of what the address already says, though the page has not drawn it yet", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/#/runs/a?sort=turns`);
      await expect.poll(() => count(page)).toBe("3 of 3 episodes");
      // The address moves on (a sort clicked a moment ago), and the box commits before the page
      // has drawn that: both in one task, so no render comes between.
      await page.evaluate(() => {
        const g = globalThis as unknown as {
          location: { hash: string };
          document: { querySelector(s: string): { value: string; dispatchEvent(e: unknown): boolean } };
          Event: new (type: string, init: { bubbles: boolean }) => unknown;
        };
        g.location.hash = "#/runs/a?sort=-turns";
        const box = g.document.querySelector("input[name=turns-min]");
        box.value = "1";
        box.dispatchEvent(new g.Event("input", { bubbles: true }));
        box.dispatchEvent(new g.Event("change", { bubbles: true }));
      });
      await expect.poll(() => page.url()).toMatch(/#\/runs\/a\?turns=1-&sort=-turns$/);
      expect(await page.locator("th[aria-sort=descending]").textContent()).toContain("Turns");
    } finally {
      await page.close();
    }
  });

  it("compares the runs picked on the runs list: outcomes per task, the first turn where they part, linked", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    try {
      await page.goto(`${server.url}/#/`);
      await page.check("input[aria-label='compare a']");
      await page.check("input[aria-label='compare b']");
      await page.click("[data-testid=compare-link]");
      await expect.poll(() => page.url()).toMatch(/#\/compare\?runs=a,b$/);
      await expect
        .poll(() => page.locator("[data-testid=compare-count]").textContent())
        .toBe("2 of 2 shared tasks");

      const won = (e: IndexedEpisode) => e.status === "finished" && e.success;
      const [a1, a2] = index.a.episodes;
      const [b1, b2] = index.b.episodes;
      const both = [won(a1!) && won(b1!), won(a2!) && won(b2!)].filter(Boolean).length;
      const summary = await page.locator("[data-testid=compare-summary] li").allTextContents();
      expect(summary[0]).toBe(`${both}both succeeded`);

      const rows = page.locator("table.compare").first().locator("tbody tr");
      expect(await rows.locator("td.task").allTextContents()).toEqual(["sm-01.1", "sm-01.2"]);
      const turn = firstDifferentTurn(a1!, b1!);
      expect(turn).not.toBeNull();
      const cell = rows.first().locator("[data-testid=divergence]");
      expect(await cell.locator("b").textContent()).toBe(`Turn ${turn}`);
      // The task only run a has is listed apart.
      expect(await page.locator("h2.partial-title").textContent()).toBe("Tasks only some runs have (1)");
      await page.screenshot({ path: join(shots, "viewer-compare.png"), fullPage: true });
      await page.setViewportSize({ width: 390, height: 900 });
      await page.screenshot({ path: join(shots, "viewer-compare-390.png"), fullPage: true });
      await page.setViewportSize({ width: 1440, height: 1000 });

      // Run A's link opens its episode at that turn.
      await cell.locator("li a").first().click();
      await expect.poll(() => page.url()).toMatch(new RegExp(`#/runs/a/supermarket/sm-01\\.1/turn/${turn}$`));
      await expect
        .poll(() => page.textContent("[data-testid=turn-label]"))
        .toBe(`Turn ${turn} of ${a1!.turns}`);
    } finally {
      await page.close();
    }
  });
});
