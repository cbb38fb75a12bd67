import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { RenderService } from "../render/render-service.js";
import { launchBrowser } from "../render/testing/launch-browser.js";
import { openRunStore } from "../storage/open-run-store.js";
import { createStudy } from "../study/create-study.js";
import type { ParticipantState } from "../study/participant-api.js";
import type { Study } from "../study/study-spec.js";
import { StudyStore } from "../study/study-store.js";
import { type RunningServer, startWebServer } from "./server.js";
import type { InviteChange, StudyAgreement, StudyOverview } from "./study-api-types.js";
import { FIXTURE_COMMENT, seedStudyPage } from "./testing/study-page-fixture.js";

const tmp = tempDirs("study-admin");
const ADMIN = "a".repeat(40);
const VIEWER = "v".repeat(40);
let dir: string;
let appDir: string;
let server: RunningServer;
let study: Study;

const PROFILE = {
  ageGroup: "25-34",
  gender: "prefer-not-to-say",
  household: "couple",
  occupation: "nurse",
  shoppingFrequency: "weekly",
  aiFamiliarity: 3,
};

const start = () => startWebServer({ dir, appDir, port: 0, adminToken: ADMIN, viewerToken: VIEWER });
const call = (path: string, opts: { token?: string; method?: string; cookie?: string } = {}) =>
  fetch(`${server.url}${path}`, {
    method: opts.method ?? "GET",
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.method === "POST" ? { "content-type": "application/json" } : {}),
    },
    ...(opts.method === "POST" ? { body: "{}" } : {}),
  });
const json = async <T>(path: string, token = ADMIN) => (await (await call(path, { token })).json()) as T;

beforeAll(async () => {
  dir = tmp();
  const store = openRunStore(dir);
  study = await seedStudyPage(store);
  await store.close();
  appDir = tmp();
  await build({
    configFile: fileURLToPath(new URL("../../vite.web.config.ts", import.meta.url)),
    build: { outDir: appDir },
    logLevel: "warn",
  });
  server = await start();
});
afterAll(async () => {
  await server?.close();
});

/** Every organiser endpoint, as method and path. */
const ORGANISER: [string, string][] = [
  ["GET", "/api/admin/studies"],
  ["POST", "/api/admin/studies"],
  ["POST", "/api/admin/session"],
  ["GET", "/api/admin/viewer-link"],
  ["GET", "/api/admin/studies/pilot"],
  ["GET", "/api/admin/studies/pilot/export.json"],
  ["GET", "/api/admin/studies/pilot/export.jsonl"],
  ["GET", "/api/admin/studies/pilot/agreement"],
  ["GET", "/api/admin/studies/pilot/figure5.svg"],
  ["POST", "/api/admin/studies/pilot/participants/P01/revoke"],
  ["POST", "/api/admin/studies/pilot/participants/P01/reissue"],
];
/** What the viewer reads (the store holds a study: each needs a token, even on loopback). */
const VIEWER_PATHS = [
  "/api/runs",
  "/api/runs/sim-1",
  "/api/leaderboard",
  "/api/maps/supermarket.svg",
  `/api/images/${"0".repeat(64)}`,
];

describe("the read-only token", () => {
  it("reads the runs, leaderboards, maps and images; no token is refused there", async () => {
    for (const path of VIEWER_PATHS) {
      expect((await call(path)).status, path).toBe(401);
      for (const token of [VIEWER, ADMIN]) {
        const res = await call(path, { token });
        // An image the store does not hold is a 404: reached, not refused.
        expect(res.status, `${path} with ${token[0]}`).toBe(path.startsWith("/api/images") ? 404 : 200);
      }
    }
    expect((await json<{ id: string }[]>("/api/runs", VIEWER)).map((r) => r.id).sort()).toEqual(
      expect.arrayContaining(["sim-1", "study-pilot-P01-a1"]),
    );
  });

  it("the read-only link's page trades it for a cookie that reads the runs too, and nothing else", async () => {
    expect((await call("/api/view/session", { method: "POST", token: "w".repeat(40) })).status).toBe(401);
    const signed = await call("/api/view/session", { method: "POST", token: VIEWER });
    expect(signed.status).toBe(200);
    const cookie = signed.headers.get("set-cookie")!.split(";")[0]!;
    expect(signed.headers.get("set-cookie")).toMatch(/HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/i);
    expect((await call("/api/runs", { cookie })).status).toBe(200);
    for (const [method, path] of ORGANISER)
      expect((await call(path, { method, cookie })).status, path).toBe(403);
  });

  it("is refused (403) by every study and organiser endpoint and by any write; no token gets a 401; nothing changes", async () => {
    const before = await (await call("/api/admin/studies", { token: ADMIN })).text();
    for (const [method, path] of ORGANISER) {
      const refused = await call(path, { method, token: VIEWER });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toMatch(/organiser link/);
      expect((await call(path, { method })).status, `${method} ${path} without a token`).toBe(401);
    }
    const briefing = `/api/p/${study.participants[0]!.token}/briefing`;
    expect((await call(briefing, { token: VIEWER })).status).toBe(403);
    expect((await call("/api/runs", { method: "POST", token: VIEWER })).status).toBe(403);
    expect(await (await call("/api/admin/studies", { token: ADMIN })).text()).toBe(before);
    expect(await json<{ path: string }>("/api/admin/viewer-link")).toEqual({ path: `/#/view/${VIEWER}` });
  });
});

describe("revoking and reissuing an invite", () => {
  const old = () => study.participants[0]!.token;

  it("revoked: the old link is refused with a clear message, also after a restart; reissued: the new one works", async () => {
    const revoked = await call("/api/admin/studies/pilot/participants/P01/revoke", {
      method: "POST",
      token: ADMIN,
    });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as InviteChange).participant).toMatchObject({ code: "P01", invite: null });
    const refused = await call(`/api/p/${old()}`);
    expect(refused.status).toBe(410);
    expect(((await refused.json()) as { error: string }).error).toMatch(/withdrawn by the study's organiser/);
    expect(
      (await call("/api/admin/studies/pilot/participants/P01/revoke", { method: "POST", token: ADMIN }))
        .status,
    ).toBe(409);
    expect(
      (await call("/api/admin/studies/pilot/participants/P99/revoke", { method: "POST", token: ADMIN }))
        .status,
    ).toBe(404);
    expect(
      (await call("/api/admin/studies/pilot/participants/%3Cx%3E/revoke", { method: "POST", token: ADMIN }))
        .status,
    ).toBe(400);
    expect(await server.invites()).toHaveLength(1);

    await server.close();
    server = await start();
    expect((await call(`/api/p/${old()}`)).status).toBe(410);
    const reissued = await call("/api/admin/studies/pilot/participants/P01/reissue", {
      method: "POST",
      token: ADMIN,
    });
    const invite = ((await reissued.json()) as InviteChange).participant.invite!;
    expect(invite).toMatch(/^\/#\/p\/[\w-]{43}$/);
    const fresh = await call(`/api/p/${invite.slice("/#/p/".length)}`);
    expect(fresh.status).toBe(200);
    expect((await fresh.json()) as { participant: string; stage: string }).toMatchObject({
      participant: "P01",
      stage: "finished",
    });
    expect((await call(`/api/p/${old()}`)).status).toBe(410);
  });
});

describe("revoking an invite mid-episode", () => {
  it("stops the episode: the old link's next turn is refused with the message; the new link starts that interaction again", async () => {
    const liveDir = tmp();
    const store = openRunStore(liveDir);
    const live = createStudy({
      id: "live",
      assistants: ["reference"],
      tasks: ["sm-01.1"],
      participants: ["P1"],
      perParticipant: 1,
      token: () => "l".repeat(43),
    });
    await new StudyStore(store).create(live);
    await store.close();
    const render = await RenderService.start({ width: 640, height: 480, poolSize: 1 });
    const own = await startWebServer({ dir: liveDir, appDir, port: 0, adminToken: ADMIN, study: { render } });
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${own.url}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const overview = async () =>
      (await (
        await fetch(`${own.url}/api/admin/studies/live`, { headers: { authorization: `Bearer ${ADMIN}` } })
      ).json()) as StudyOverview;
    try {
      const p = `/api/p/${"l".repeat(43)}`;
      expect((await post(`${p}/profile`, PROFILE)).status).toBe(200);
      const started = (await (await post(`${p}/start`, { index: 0 })).json()) as ParticipantState;
      expect(started.stage).toBe("playing");
      expect((await overview()).participants[0]!.interactions[0]).toMatchObject({
        state: "in-progress",
        turns: 1,
      });

      expect((await post("/api/admin/studies/live/participants/P1/revoke", {}, ADMIN)).status).toBe(200);
      const act = await post(`${p}/act`, {
        turn: started.turn!.turn,
        output: { utterance: "hi", tool_call: { name: "idle", arguments: {} } },
      });
      expect(act.status).toBe(410);
      expect(((await act.json()) as { error: string }).error).toMatch(/withdrawn by the study's organiser/);
      await expect
        .poll(async () => (await overview()).participants[0]!.interactions[0]!.state)
        .toBe("interrupted");

      const reissued = (await (
        await post("/api/admin/studies/live/participants/P1/reissue", {}, ADMIN)
      ).json()) as InviteChange;
      const next = `/api/p/${reissued.participant.invite!.slice("/#/p/".length)}`;
      expect(((await (await fetch(`${own.url}${next}`)).json()) as ParticipantState).stage).toBe("goal");
      const again = (await (await post(`${next}/start`, { index: 0 })).json()) as ParticipantState;
      expect(again.stage).toBe("playing");
      expect((await overview()).participants[0]!.interactions[0]).toMatchObject({
        state: "in-progress",
        attempts: 2,
      });
      expect((await fetch(`${own.url}${p}`)).status).toBe(410);

      // Reissued by another process (`siturec study reissue`): that link is refused at once, and the
      // newest one starts the interaction again (the episode the server still plays is stopped).
      const cli = openRunStore(liveDir);
      const third = await new StudyStore(cli)
        .reissue("live", "P1", "m".repeat(43))
        .finally(() => cli.close());
      expect(third.participants[0]!.token).toBe("m".repeat(43));
      expect((await fetch(`${own.url}${next}`)).status).toBe(410);
      const newest = `/api/p/${"m".repeat(43)}`;
      expect(((await (await fetch(`${own.url}${newest}`)).json()) as ParticipantState).stage).toBe("goal");
      const restarted = (await (await post(`${newest}/start`, { index: 0 })).json()) as ParticipantState;
      expect(restarted.stage).toBe("playing");
      expect((await overview()).participants[0]!.interactions[0]).toMatchObject({
        state: "in-progress",
        attempts: 3,
      });
    } finally {
      await own.close();
      await render.close();
    }
  });
});

describe("a study's exports and agreement", () => {
  it("exports the results as JSON (no tokens) and the rated interactions as `siturec study export` lines", async () => {
    const res = await call("/api/admin/studies/pilot/export.json", { token: ADMIN });
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="study-pilot.json"');
    const text = await res.text();
    const results = JSON.parse(text) as StudyOverview & { kind: string };
    expect(results.kind).toBe("siturec.study-results");
    expect(results.counts).toMatchObject({ done: 10, questionnaire: 1, failed: 1 });
    for (const p of study.participants) expect(text).not.toContain(p.token.slice(0, 20));
    const lines = (await (await call("/api/admin/studies/pilot/export.jsonl", { token: ADMIN })).text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { participant: { code: string }; questionnaire: { comment: string } });
    expect(lines).toHaveLength(10);
    expect(lines.map((l) => l.participant.code).filter((c) => c === "P01")).toHaveLength(6);
  });

  it("computes Table 4 with each assistant's simulated run by default, Figure 5 as SVG, and names a run it cannot use", async () => {
    const a = await json<StudyAgreement>("/api/admin/studies/pilot/agreement");
    expect(a.chosen).toEqual(["sim-1", "sim-2", "sim-3"]);
    expect(a.human).toEqual({ trajectories: 11, rated: 10 });
    expect(a.table4!.map((t) => t.name)).toEqual(["table4", "table4-means"]);
    expect(a.table4![0]!.rows[0]![0]).toBe("Pearson (r)");
    expect(a.figure5!.map((t) => t.name)).toEqual(["figure5", "figure5-correlations"]);
    const none = await json<StudyAgreement>("/api/admin/studies/pilot/agreement?sim=");
    expect(none.table4).toBeNull();
    expect(none.figure5).not.toBeNull();
    expect(none.notes.join(" ")).toMatch(/Table 4 needs simulated runs/);
    const svg = await call(a.chart!, { token: ADMIN });
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toMatch(/^<svg/);
    const bad = await call("/api/admin/studies/pilot/agreement?sim=study-pilot-P01-a1", { token: ADMIN });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^sim: study-pilot-P01-a1 is not a run/);
  });
});

describe("the studies pages in Chromium", () => {
  let browser: Browser;
  const shots = process.env.SITUREC_WEB_SCREENSHOTS ?? tmp();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the organiser reads a study's progress, timings and answers, downloads its tables, and revokes and reissues with a confirmation", async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.url}/#/studies`);
    await page.waitForSelector("text=open the organiser link");
    await page.goto(`${server.url}/#/admin/${ADMIN}`);
    await page.click(".study-card h2 a");
    await page.waitForSelector("table.interactions");
    expect(await page.locator("table.interactions tbody tr:not(.comment-row)").count()).toBe(12);
    expect(await page.textContent(".study-progress")).toContain("10 of 12 interactions done");
    expect(await page.textContent("table.interactions")).toContain("openai:gpt-4o: 429 rate limited");
    // The participant's comment (markup) is text, never an element.
    expect(await page.textContent("table.interactions")).toContain(FIXTURE_COMMENT);
    expect(await page.locator("table.interactions img").count()).toBe(0);
    await page.waitForSelector(".agreement-table");
    // (This file has no DOM types: the page's side is a string.)
    await page.waitForFunction(
      "(() => { const i = document.querySelector('img.figure5'); return !!i && i.complete && i.naturalWidth > 0; })()",
    );
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .locator(".card", { hasText: "Interactions and answers" })
        .locator("button", { hasText: "CSV" })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe("study-pilot-interactions.csv");
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv.split("\r\n")[0]).toMatch(/^Participant,#,Task,Letter,Assistant,Status,/);
    expect(csv.trim().split("\r\n")).toHaveLength(13);
    await page.screenshot({ path: join(shots, "study-page-1440.png"), fullPage: true });

    const row = page.locator("tr[data-code=P02]");
    const oldLink = await row.locator("code.link").textContent();
    await row.locator("button.revoke").click();
    await row.locator(".confirm", { hasText: "Revoke P02's invite?" }).waitFor();
    await row.locator("button", { hasText: "Cancel" }).click();
    expect(await row.locator("code.link").textContent()).toBe(oldLink);
    await row.locator("button.revoke").click();
    await row.locator("button.revoke-confirm").click();
    await row.locator(".revoked").waitFor();
    expect((await call(`/api/p/${study.participants[1]!.token}`)).status).toBe(410);
    await row.locator("button.reissue").click();
    await row.locator("button.reissue-confirm").click();
    await row.locator("code.link").waitFor();
    const newLink = (await row.locator("code.link").textContent())!;
    expect(newLink).not.toBe(oldLink);
    expect((await call(`/api/p/${newLink.split("/#/p/")[1]}`)).status).toBe(200);
    expect(await page.title()).not.toBe("pwned");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits a phone's width, and the read-only link opens the runs but not the studies", async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(`${server.url}/#/admin/${ADMIN}`);
    await phone.waitForSelector(".study-card");
    await phone.goto(`${server.url}/#/studies/pilot`);
    await phone.waitForSelector(".agreement-table");
    const overflow = await phone.evaluate(
      "[...document.querySelectorAll('.studies .card')].some((c) => c.getBoundingClientRect().right > 390)",
    );
    expect(overflow).toBe(false);
    await phone.screenshot({ path: join(shots, "study-page-390.png"), fullPage: true });
    await phone.close();

    const colleague = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await colleague.newPage();
    await page.goto(`${server.url}/#/view/${VIEWER}`);
    // Polled from here: a polling predicate inside the page would need eval, which the server's CSP refuses.
    await expect.poll(() => page.evaluate("location.hash")).toBe("#/");
    await page.waitForSelector("text=sim-1");
    await page.goto(`${server.url}/#/studies`);
    await page.waitForSelector("text=not the studies");
    await page.screenshot({ path: join(shots, "studies-read-only.png") });
    await colleague.close();
  });
});
