import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { LlmClient } from "../llm/client.js";
import { MockOpenAIServer } from "../llm/testing/mock-openai-server.js";
import { openRunStore } from "../storage/open-run-store.js";
import { createStudy } from "../study/create-study.js";
import { StudyStore } from "../study/study-store.js";
import { type RunningServer, startWebServer } from "../web/server.js";

const tmp = tempDirs("study-failure");
let mock: MockOpenAIServer;
let server: RunningServer;
let token: string;
const logged: string[] = [];

beforeAll(async () => {
  mock = await MockOpenAIServer.start();
  // The assistant's model is down for the whole test.
  mock.fallback = () => ({ kind: "status", status: 500 });
  const dir = tmp();
  const store = openRunStore(dir);
  const study = createStudy({
    id: "down",
    assistants: [mock.modelId("secret-assistant-model")],
    tasks: ["sm-02.1"],
    participants: ["P01"],
  });
  token = study.participants[0]!.token;
  await new StudyStore(store).create(study);
  await store.close();
  server = await startWebServer({
    dir,
    port: 0,
    host: "127.0.0.1",
    study: { client: new LlmClient({ noCache: true, maxRetries: 0 }), log: (line) => logged.push(line) },
  });
});
afterAll(async () => {
  await server?.close();
  await mock?.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${server.url}/api/p/${token}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("what a participant's browser gets", () => {
  it("the goal as the page shows it, never the task's answer or the simulated persona; those need the organiser token", async () => {
    const state = await (await fetch(`${server.url}/api/p/${token}`)).text();
    expect(JSON.parse(state).interaction.goal).toMatchObject({
      request: expect.any(String),
      budget: expect.any(Number),
    });
    for (const secret of [
      "referenceItems",
      "target",
      "acceptance",
      "disclosure",
      "simulatedProfile",
      "persona",
    ])
      expect(state).not.toContain(secret);
    const briefing = `${server.url}/api/p/${token}/briefing`;
    expect((await fetch(briefing)).status).toBe(401);
    const granted = await fetch(briefing, { headers: { authorization: `Bearer ${server.adminToken}` } });
    expect(granted.status).toBe(200);
    const body = (await granted.json()) as {
      index: number;
      task: { referenceItems: string[] };
      profile: { id: string };
    };
    expect(body.index).toBe(0);
    expect(body.task.referenceItems.length).toBeGreaterThan(0);
    expect(body.profile.id).toMatch(/^sm-/);
  });
});

describe("the viewer of a store that holds studies", () => {
  it("needs the organiser token on loopback too: runs and leaderboard are 401 without it", async () => {
    for (const path of ["/api/runs", "/api/leaderboard"]) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(401);
      const granted = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${server.adminToken}` },
      });
      expect(granted.status).toBe(200);
    }
  });
});

describe("a study whose assistant fails mid-interaction", () => {
  it("tells the participant only to try again, and the organiser (the log) what failed", async () => {
    const profile = await post("profile", {
      ageGroup: "25-34",
      gender: "prefer-not-to-say",
      household: "couple",
      occupation: "nurse",
      shoppingFrequency: "weekly",
      aiFamiliarity: 3,
    });
    expect(profile.status, await profile.clone().text()).toBe(200);
    const started = await post("start", { index: 0 });
    const body = await started.text();
    expect(started.status).toBeGreaterThanOrEqual(400);
    expect(started.status).toBeLessThan(500);
    expect(body).toMatch(/something went wrong on our side/);
    for (const secret of ["secret-assistant-model", "openai-compatible", "127.0.0.1", "500"])
      expect(body).not.toContain(secret);
    expect(logged.join("\n")).toMatch(/study down, P01, interaction 1 .* failed: .*/);
    // The organiser's studies page says it too.
    const studies = (await (
      await fetch(`${server.url}/api/admin/studies`, {
        headers: { authorization: `Bearer ${server.adminToken}` },
      })
    ).json()) as { participants: { failed?: string }[] }[];
    expect(studies[0]!.participants[0]!.failed).toMatch(/secret-assistant-model|500/);
  });
});
