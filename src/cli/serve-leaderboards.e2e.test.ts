import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { loadEnvData } from "../envs/env-data.js";
import type { RunEvaluation } from "../eval/customersim/evaluate-customersim-run.js";
import { launchBrowser } from "../render/testing/launch-browser.js";
import type { EpisodeReplay } from "../web/api-types.js";
import type { CustomerSimLeaderboard } from "../web/customersim-leaderboard-types.js";
import { type RunningServer, startWebServer } from "../web/server.js";
import { navigationFor } from "../world/navmesh.js";
import { runCli } from "./testing/run-cli.js";

/**
 * The viewer's leaderboards and the replay's map in Chromium: CustomerSim's Tables 1–3 with the
 * figures `customersim evaluate` prints and their downloads, the SituRecBench leaderboard's download,
 * and the shopper's walk drawn along the navigation mesh in both stores. Screenshots at 1440 and
 * 390 px go to SITUREC_WEB_SCREENSHOTS (else a temporary folder).
 */
const tmp = tempDirs("serve-boards");

/** What the page functions below read of the browser (this file has no DOM types). */
interface PageGlobals {
  URL: { createObjectURL: (b: { text: () => Promise<string> }) => string };
  downloaded: Promise<string>[];
}

/** Keeps the text of every file the page hands the browser to download (a Blob's object URL). */
const catchDownloads = (page: Page) =>
  page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    g.downloaded = [];
    const make = g.URL.createObjectURL.bind(g.URL);
    g.URL.createObjectURL = (blob) => {
      g.downloaded.push(blob.text());
      return make(blob);
    };
  });
const lastDownload = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).downloaded.at(-1) ?? Promise.resolve(""));

describe("siturec serve: the leaderboards and the replay's map", () => {
  const dir = tmp();
  let server: RunningServer;
  let browser: Browser;
  let shots: string;

  beforeAll(async () => {
    for (const env of ["supermarket", "home-furnishings"]) {
      const r = await runCli("run", "--env", env, "--tasks", "0:1", "--out", dir, "--quiet", "--run-id", env);
      expect(r.code, r.err).toBe(0);
    }
    for (const [id, shopper] of [
      ["cs-rule", "rule"],
      ["cs-walk", "walk-out"],
    ] as const) {
      const r = await runCli(
        "customersim",
        "run",
        "--shopper",
        shopper,
        "--sales",
        "reference",
        "--personas",
        "0:12",
        "--out",
        dir,
        "--quiet",
        "--run-id",
        id,
      );
      expect(r.code, r.err).toBe(0);
    }
    const appDir = tmp();
    await build({
      configFile: fileURLToPath(new URL("../../vite.web.config.ts", import.meta.url)),
      build: { outDir: appDir },
      logLevel: "warn",
    });
    server = await startWebServer({ dir, appDir, port: 0 });
    shots = process.env.SITUREC_WEB_SCREENSHOTS ?? tmp();
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const shoot = async (page: Page, name: string) => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
    }
    console.log(`viewer screenshots: ${join(shots, name)}-{1440,390}.png`);
  };

  it("shows CustomerSim's Tables 1–3 with the figures `customersim evaluate` prints, each table downloadable", async () => {
    const cli = await runCli("customersim", "evaluate", "cs-rule", "cs-walk", "--dir", dir, "--json");
    expect(cli.code, cli.err).toBe(0);
    const evaluated = (JSON.parse(cli.out) as { runs: RunEvaluation[] }).runs;
    const api = (await (
      await fetch(`${server.url}/api/leaderboard/customersim`)
    ).json()) as CustomerSimLeaderboard;
    expect(api.rows.map((r) => r.run)).toEqual(["cs-rule", "cs-walk"]);

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(`${server.url}/#/leaderboard/customersim`);
      const da = page.locator("[data-testid=customersim-da]");
      await da.waitFor();
      expect(await da.locator("tr.store-row").allTextContents()).toEqual(["Salesperson: reference"]);
      // Each row: backbone, N, the covered categories, Overall, the two floors, shown acceptable.
      for (const e of evaluated) {
        const row = da.locator("tbody tr", { hasText: e.run });
        const cells = await row.locator("td").allTextContents();
        const cats = api.categories.map((c) => e.byCategory[c.id as keyof typeof e.byCategory]?.da);
        expect(cells, e.run).toEqual([
          String(e.overall.conversations),
          ...cats.map((v) => (v === undefined ? "–" : v.toFixed(3))),
          e.overall.da.toFixed(3),
          e.overall.floors!.walkOut!.toFixed(3),
          e.overall.floors!.buyFirst!.toFixed(3),
          `${e.overall.shownAcceptable!.shown}/${e.overall.shownAcceptable!.feasible}`,
        ]);
      }
      // The rule shopper decides right every time: its overall DA is the best (bold), the floor's second.
      const overall = (run: string) =>
        da
          .locator("tbody tr", { hasText: run })
          .locator("td")
          .nth(api.categories.length + 1);
      expect(await overall("cs-rule").getAttribute("class")).toContain("best");
      expect(await overall("cs-walk").getAttribute("class")).toContain("second");
      const fidelity = page.locator("[data-testid=customersim-fidelity] tbody tr", { hasText: "cs-rule" });
      const rule = evaluated.find((e) => e.run === "cs-rule")!.overall;
      expect((await fidelity.locator("td").allTextContents()).slice(1)).toEqual([
        rule.crit!.toFixed(2),
        rule.cpl!.toFixed(2),
        rule.red!.toFixed(3),
      ]);
      expect(await page.locator("[data-testid=customersim-tools] tbody tr:not(.store-row)").count()).toBe(2);

      await catchDownloads(page);
      await page.locator(".board-table", { hasText: "Table 1" }).getByRole("button", { name: "CSV" }).click();
      const csv = (await lastDownload(page)).split("\r\n");
      expect(csv[0]).toMatch(
        /^Shopper vs salesperson,Run,N,.*,Overall,Walk-out floor,Buy-first floor,Shown acceptable$/,
      );
      // The categories' DA and the overall one: the rule shopper's are all 1.
      expect(csv[1]).toMatch(
        new RegExp(`^rule vs reference,cs-rule,12,${"1\\.000,".repeat(api.categories.length + 1)}`),
      );
      expect(csv[2]).toMatch(/^walk-out vs reference,cs-walk,12,/);
      await page
        .locator(".board-table", { hasText: "Table 3" })
        .getByRole("button", { name: "Markdown" })
        .click();
      expect(await lastDownload(page)).toMatch(
        /^\| Shopper vs salesperson \| Run \| N \| Crit\. \| %Cpl\. \| Red\. \|\n/,
      );
      await shoot(page, "leaderboard-customersim");
    } finally {
      await page.close();
    }
  });

  it("downloads the SituRecBench leaderboard as shown, its charts loaded", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(`${server.url}/#/leaderboard`);
      await page.locator("[data-testid=leaderboard]").waitFor();
      await page.waitForFunction(() => {
        const doc = (
          globalThis as unknown as {
            document: {
              querySelectorAll: (s: string) => ArrayLike<{ complete: boolean; naturalWidth: number }>;
            };
          }
        ).document;
        const imgs = Array.from(doc.querySelectorAll(".charts img"));
        return imgs.length >= 5 && imgs.every((i) => i.complete && i.naturalWidth > 0);
      });
      await catchDownloads(page);
      await page.getByRole("button", { name: "Markdown" }).click();
      const md = (await lastDownload(page)).split("\n");
      expect(md[0]).toBe(
        "| Store | Model | Condition | Shopper | Moderator | N | SR (%) | Turn | AFR (%) | LNSR (%) | R@5 (%) | NDCG@10 (%) | Runs |",
      );
      expect(
        md.filter((l) => l.startsWith("| Supermarket | reference | full | rule | rule | 1 |")),
      ).toHaveLength(1);
      expect(md.filter((l) => l.startsWith("| Home Furnishings Store | reference |"))).toHaveLength(1);
      await shoot(page, "leaderboard-siturec");
    } finally {
      await page.close();
    }
  });

  for (const env of ["supermarket", "home-furnishings"] as const)
    it(`draws the shopper's walk in the ${env} along the navigation mesh, never through a shelf`, async () => {
      const detail = (await (await fetch(`${server.url}/api/runs/${env}`)).json()) as {
        episodes: { taskId: string }[];
      };
      const task = detail.episodes[0]!.taskId;
      const replay = (await (
        await fetch(`${server.url}/api/runs/${env}/episodes/${env}/${task}`)
      ).json()) as EpisodeReplay;
      const turns = replay.trajectory.turns;
      expect(replay.route).toHaveLength(turns.length);
      const nav = await navigationFor(env, loadEnvData(env));
      for (const [i, leg] of replay.route!.entries()) {
        expect(leg[0]).toEqual([turns[i]!.pose.x, turns[i]!.pose.z]);
        expect(leg.at(-1)).toEqual([turns[i]!.state.pose.x, turns[i]!.state.pose.z]);
        for (const p of leg) expect(nav.walkable(p, 0.06), `${env} turn ${i + 1} ${p}`).toBe(true);
      }
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      try {
        const last = turns.length;
        await page.goto(`${server.url}/#/runs/${env}/${env}/${task}/turn/${last}`);
        const walked = page.locator("figure.minimap polyline.walked");
        await walked.waitFor();
        // The walk so far is every earlier turn's route, joined: as many points as the routes have.
        const points = (await walked.getAttribute("points"))!.trim().split(/\s+/);
        const routed = replay
          .route!.slice(0, last - 1)
          .reduce((n, leg, i) => n + leg.length - (i ? 1 : 0), 0);
        expect(points).toHaveLength(routed);
        expect(routed).toBeGreaterThan(last);
        await page.locator("figure.minimap image").waitFor();
        await shoot(page, `replay-map-${env}`);
      } finally {
        await page.close();
      }
    });
});
