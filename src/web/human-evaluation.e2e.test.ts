import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RenderService } from "../render/render-service.js";
import { launchBrowser } from "../render/testing/launch-browser.js";
import { openRunStore } from "../storage/open-run-store.js";
import { createStudy } from "../study/create-study.js";
import type { ParticipantBriefing, ParticipantState } from "../study/participant-api.js";
import type { ParticipantRecord } from "../study/study-spec.js";
import { StudyStore } from "../study/study-store.js";
import { RuleOracle } from "../study/testing/rule-oracle.js";
import { type RunningServer, startWebServer } from "./server.js";
import { clickThrough } from "./testing/click-through.js";

const XSS = `<img src=x onerror="document.title='pwned'">`;
const tmp = (name: string) => mkdtempSync(join(tmpdir(), `siturec-study-${name}-`));
const TOKEN = "t".repeat(43);

describe("human evaluation in the browser", () => {
  let dir: string;
  let server: RunningServer;
  let browser: Browser;
  let render: RenderService;
  let shots: string;
  let invite: string;

  beforeAll(async () => {
    dir = tmp("runs");
    const store = openRunStore(dir);
    const study = createStudy({
      id: "e2e",
      assistants: ["reference"],
      tasks: ["sm-01.1"],
      participants: ["P01"],
      perParticipant: 1,
      token: () => TOKEN,
    });
    await new StudyStore(store).create(study);
    await store.close();
    const appDir = tmp("app");
    await build({
      configFile: fileURLToPath(new URL("../../vite.web.config.ts", import.meta.url)),
      build: { outDir: appDir },
    });
    render = await RenderService.start({ width: 640, height: 480, poolSize: 1 });
    server = await startWebServer({ dir, appDir, port: 0, adminToken: "a".repeat(40), study: { render } });
    invite = (await server.invites())[0]!.url;
    shots = process.env.SITUREC_WEB_SCREENSHOTS ?? tmp("screenshots");
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await render?.close();
  });

  it("refuses requests without the right token, and bodies that are not valid", async () => {
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { headers });
    expect((await get(`/api/p/${"x".repeat(43)}`)).status).toBe(404);
    expect((await get("/api/p/short")).status).toBe(404);
    expect((await get("/api/admin/studies")).status).toBe(401);
    expect((await get("/api/admin/studies", { Authorization: `Bearer ${"b".repeat(40)}` })).status).toBe(401);
    const admin = await get("/api/admin/studies", { Authorization: `Bearer ${"a".repeat(40)}` });
    expect(admin.status).toBe(200);
    expect(
      ((await admin.json()) as { participants: { invite: string }[] }[])[0]!.participants[0]!.invite,
    ).toBe(`/#/p/${TOKEN}`);
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}/api/p/${TOKEN}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    const bad = await post("/profile", { ageGroup: "12-17" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/ageGroup/);
    expect((await post("/profile", "{not json")).status).toBe(400);
    expect(
      (
        await post("/act", {
          turn: 0,
          output: { utterance: "hi", tool_call: { name: "idle", arguments: {} } },
        })
      ).status,
    ).toBe(409);
  });

  it("the organiser's link signs the browser in and lists the studies with their invite links", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 700 } });
    await page.goto(`${server.url}/#/studies`);
    await page.waitForSelector("text=open the organiser link");
    await page.goto(`${server.url}/#/admin/${"a".repeat(40)}`);
    await page.waitForSelector(".studies h2");
    expect(await page.textContent(".studies")).toContain(`${server.url}/#/p/${TOKEN}`);
    await page.screenshot({ path: join(shots, "human-eval-studies.png") });
    await page.close();
  });

  it("a participant plays a task against the reference assistant to a purchase by clicking, and rates it", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(invite);
    await page.fill(".profile input[maxlength='80']", "nurse");
    await page.click(".profile button.send");
    await page.waitForSelector(".goal-card");
    await page.click(".goal-card button.send");
    await page.waitForSelector(".live-canvas", { timeout: 60_000 });
    const oracle = new RuleOracle();
    const state = async () =>
      (await (await fetch(`${server.url}/api/p/${TOKEN}`)).json()) as ParticipantState;
    const briefing = async () =>
      (await (
        await fetch(`${server.url}/api/p/${TOKEN}/briefing`, {
          headers: { authorization: `Bearer ${"a".repeat(40)}` },
        })
      ).json()) as ParticipantBriefing;
    let s = await state();
    const perTurn: number[] = [];
    for (let n = 0; s.stage === "playing" && n < 25; n++) {
      const out = await oracle.next(s, await briefing());
      if (n === 0) out.utterance = `Hello ${XSS} I need something.`;
      if (n === 1) {
        // A reload in the middle of the interaction continues where it was.
        await page.reload();
        await page.waitForSelector(".live-canvas", { timeout: 60_000 });
        expect(await page.textContent(".turn-line")).toContain(`Turn ${s.turn!.turn + 1} of`);
        await page.screenshot({ path: join(shots, "human-eval-turn.png") });
      }
      const t0 = performance.now();
      expect(await clickThrough(page, out, s)).toBe(200);
      perTurn.push(performance.now() - t0);
      s = await state();
    }
    expect(s.stage).toBe("questionnaire");
    expect(s.interaction!.outcome).toMatchObject({ success: true });
    // The utterance with markup is shown as text in the dialogue, never as an element.
    expect(await page.locator(".dialogue img").count()).toBe(0);
    expect(await page.title()).not.toBe("pwned");
    await page.waitForSelector(".questionnaire");
    await page.screenshot({ path: join(shots, "human-eval-questionnaire.png"), fullPage: true });
    for (const [k, dimension] of s.questionnaire.items.map((q) => q.dimension).entries())
      await page.click(`.question input[name="${dimension}"][value="${(k % 5) + 1}"]`);
    await page.fill(".comment textarea", "Helpful.");
    await page.click(".questionnaire button.send");
    await page.waitForSelector("text=Thank you!");
    expect(errors).toEqual([]);
    console.log(`human-evaluation turn by clicking, ms: ${perTurn.map((v) => Math.round(v)).join(" ")}`);
    await page.close();

    // Stored: the trajectory in its run, the answers and profile with the coded participant.
    const store = openRunStore(dir, { readonly: true });
    try {
      const trajectories = [];
      for await (const t of store.trajectories("study-e2e-P01-a1")) trajectories.push(t);
      expect(trajectories).toHaveLength(1);
      expect(trajectories[0]!.header.agents).toMatchObject({ assistant: "reference", user: "human-P01" });
      expect(trajectories[0]!.turns[0]!.shopper.output.utterance).toContain(XSS);
      expect(trajectories[0]!.outcome.success).toBe(true);
      const [record] = (await store.listRecords("study-participant")).map(
        (r) => r.value as ParticipantRecord,
      );
      expect(record!.profile).toMatchObject({ occupation: "nurse" });
      expect(record!.interactions[0]).toMatchObject({
        status: "done",
        answers: { ratings: { informativeness: 1, naturalness: 2, overall: 2 }, comment: "Helpful." },
      });
    } finally {
      await store.close();
    }
  });
});
