import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MockOpenAIServer, type RecordedRequest } from "../llm/testing/mock-openai-server.js";
import { launchBrowser } from "../render/testing/launch-browser.js";
import type { TurnCallsView } from "../web/model-call-types.js";
import { type RunningServer, startWebServer } from "../web/server.js";
import { runCli } from "./testing/run-cli.js";

/** What the page functions below read of the browser's document (this file has no DOM types). */
interface PageDocument {
  querySelector(selector: string): { complete: boolean; naturalWidth: number } | null;
}

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `siturec-calls-${name}-`));
const schemaName = (r: RecordedRequest) =>
  (r.body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;

/** The mock's answers by the output each role asks for; the assistant ranks nothing on its second turn. */
function answer(r: RecordedRequest, assistantTurn: number): string {
  // CustomerSim's salesperson: native tools, no output schema; a plain answer ends its turn.
  if (r.tools.includes("recommend")) return "Our jeans are on the left wall. Which fit do you like?";
  switch (schemaName(r)) {
    case "assistant_turn":
      return JSON.stringify({
        utterance: `Turn ${assistantTurn}: the jam is on the shelf to your left.`,
        assistant_actions: [{ type: "Explain" }],
        expected_user_action: { name: "turn", arguments: { direction: "left", angle: 30 } },
        ranking: assistantTurn === 2 ? [] : ["sm-p001", "sm-p002"],
        tool_calls: [],
      });
    case "shopper_turn":
      return JSON.stringify({
        utterance: "Let me look left.",
        tool_call: { name: "turn", arguments: { direction: "left", angle: 30 } },
      });
    case "judge_scores":
      return JSON.stringify({
        scores: {
          informativeness: 4,
          naturalness: 3,
          groundedness: 5,
          preference_alignment: 4,
          proactiveness: 2,
          non_repetition: 1,
          overall: 3,
        },
        rationale: "Grounded in the shelf it could see, but it repeats itself.",
      });
    default:
      return JSON.stringify({ decision: "no", reason: "still browsing" });
  }
}

describe("the replay's model calls, raw turn and judge", () => {
  let dir: string;
  let mock: MockOpenAIServer;
  let server: RunningServer;
  let browser: Browser;
  let shots: string;

  beforeAll(async () => {
    dir = tmp("runs");
    mock = await MockOpenAIServer.start();
    let assistantTurns = 0;
    mock.fallback = (r) => {
      if (schemaName(r) === "assistant_turn") assistantTurns++;
      return { kind: "text", content: answer(r, assistantTurns), inputTokens: 9000, cachedInputTokens: 6000 };
    };
    // The first reply is prose around a broken object: the assistant's repair request follows it.
    mock.enqueue({ kind: "text", content: 'Sure! Here it is: {"utterance": "Hi"}', inputTokens: 9000 });
    const model = mock.modelId();
    const roles = ["--assistant", model, "--shopper", model, "--moderator", model];
    const llm = await runCli(
      "run",
      ...["--env", "supermarket", "--tasks", "0:1", "--max-turns", "3", ...roles],
      ...["--no-preflight", "--no-cache", "--out", dir, "--quiet", "--run-id", "llm"],
    );
    expect(llm.code, llm.err).toBe(0);
    const judged = await runCli("judge", "llm", "--model", model, "--dir", dir, "--no-cache");
    expect(judged.code, judged.err).toBe(0);
    const ref = await runCli(
      "run",
      ...["--env", "supermarket", "--tasks", "0:1", "--out", dir, "--quiet", "--run-id", "ref"],
    );
    expect(ref.code, ref.err).toBe(0);
    const cs = await runCli(
      "customersim",
      ...["run", "--shopper", "rule", "--sales", "reference", "--personas", "0:4"],
      ...["--out", dir, "--quiet", "--run-id", "cs"],
    );
    expect(cs.code, cs.err).toBe(0);
    const csLlm = await runCli(
      "customersim",
      ...["run", "--shopper", "rule", "--sales", model, "--personas", "0:1"],
      ...["--out", dir, "--quiet", "--run-id", "cs-llm"],
    );
    expect(csLlm.code, csLlm.err).toBe(0);
    const appDir = tmp("app");
    await build({
      configFile: fileURLToPath(new URL("../../vite.web.config.ts", import.meta.url)),
      build: { outDir: appDir },
      logLevel: "warn",
    });
    server = await startWebServer({ dir, appDir, port: 0 });
    shots = process.env.SITUREC_WEB_SCREENSHOTS ?? tmp("screenshots");
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await mock?.close();
  });

  const get = (path: string) => fetch(`${server.url}${path}`);
  const episode = "/api/runs/llm/episodes/supermarket/sm-01.1";

  it("answers each turn's calls per role: requests as sent, images by hash, raw replies, tokens", async () => {
    const res = await get(`${episode}/calls/1`);
    expect(res.status).toBe(200);
    const turn = (await res.json()) as TurnCallsView;
    expect(turn.roles.map((r) => [r.role, r.calls.map((c) => c.repair)])).toEqual([
      ["assistant", [false, true]],
      ["shopper", [false]],
      ["moderator", [false]],
    ]);
    const [first, repair] = turn.roles[0]!.calls;
    expect(turn.roles[0]).toMatchObject({ repaired: true, fencedJson: true });
    expect(first!.reply.text).toBe('Sure! Here it is: {"utterance": "Hi"}');
    expect(first!.system).toContain("You are a shopping assistant in a supermarket");
    expect(first!.output?.name).toBe("assistant_turn");
    expect(repair!.messages.at(-1)).toMatchObject({
      role: "user",
      parts: [{ type: "text", text: expect.stringMatching(/^Your reply could not be used: /) }],
    });
    expect(repair!.usage).toMatchObject({
      inputTokens: 9000,
      uncachedInputTokens: 3000,
      cachedInputTokens: 6000,
    });
    const images = first!.messages.flatMap((m) =>
      m.role === "tool" ? [] : m.parts.filter((p) => p.type === "image"),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      const png = await get(`/api/images/${(image as { image: string }).image}`);
      expect(png.status, "every image a call sent is in the store").toBe(200);
    }
    // The shopper's system prompt is the episode's own; the turn's JSON in the trajectory has no requests.
    expect(turn.roles[1]!.calls[0]!.system).toContain("Busy parent packing school lunches");
    const replay = await (await get(episode)).text();
    expect(replay).not.toContain("Your reply could not be used");
    // Built-in agents make no calls; turns that do not exist and bad numbers are refused.
    expect((await get("/api/runs/ref/episodes/supermarket/sm-01.1/calls/1")).status).toBe(404);
    expect((await get(`${episode}/calls/4`)).status).toBe(404);
    expect((await get("/api/runs/nope/episodes/supermarket/sm-01.1/calls/1")).status).toBe(404);
    const zero = await get(`${episode}/calls/0`);
    expect([zero.status, ((await zero.json()) as { error: string }).error]).toEqual([
      400,
      "invalid turn: a turn number from 1",
    ]);
  });

  /** Opens a page and waits for the replay. */
  async function replay(path: string, width: number): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${server.url}/#/runs/${path}`);
    await page.waitForSelector("[data-testid=turn-label]");
    return page;
  }

  it("the replay's model calls panel loads only when opened, then shows requests, thumbnails and raw replies", async () => {
    for (const width of [1440, 390]) {
      const page = await replay("llm/supermarket/sm-01.1/turn/1", width);
      const asked: string[] = [];
      page.on("request", (r) => asked.push(r.url()));
      await page.waitForSelector("[data-testid=judge]");
      expect(asked.filter((u) => u.includes("/calls/"))).toEqual([]);
      await page.click("details.model-calls > summary");
      await page.waitForSelector("[data-testid=model-call]");
      expect(asked.filter((u) => u.includes("/calls/"))).toHaveLength(1);
      const panel = page.locator("details.model-calls");
      await expect.poll(() => panel.locator("[data-testid=model-call]").count()).toBe(4);
      await expect
        .poll(() => panel.locator(".raw-reply").first().textContent())
        .toBe('Sure! Here it is: {"utterance": "Hi"}');
      await expect.poll(() => panel.textContent()).toContain("repair request");
      await panel.locator("details.message > summary").first().click();
      await expect
        .poll(() => panel.locator("details.message[open] pre").first().textContent())
        .toContain("Turn 0 of 3.");
      await page.waitForFunction(() => {
        const doc = (globalThis as unknown as { document: PageDocument }).document;
        const img = doc.querySelector("details.message[open] img.thumb");
        return img?.complete === true && img.naturalWidth > 0;
      });
      await page.screenshot({ path: join(shots, `replay-model-calls-${width}.png`), fullPage: true });
      // The panel stays open as the turns go by, now with the next turn's calls.
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => page.textContent("[data-testid=turn-label]")).toBe("Turn 2 of 3");
      await expect.poll(() => panel.textContent()).toContain("Turn 2: the jam is on the shelf");
      expect(await page.textContent(".panels")).toContain("no ranking this turn");
      await page.click("details.raw-json > summary");
      const raw = JSON.parse((await page.textContent("[data-testid=raw-json]")) ?? "{}") as {
        turn: { turn: number; assistant: { output: { ranking: string[] } } };
        calls: TurnCallsView;
      };
      expect([raw.turn.turn, raw.turn.assistant.output.ranking, raw.calls.turn]).toEqual([1, [], 2]);
      // At a phone's width the episode's header fits the page.
      const head = await page.$eval(".episode-head", (el) => [el.scrollWidth, el.clientWidth]);
      expect(head[0]).toBeLessThanOrEqual(head[1]!);
      await page.close();
    }
  });

  it("the judge's scores and rationale are on the episode page; a purchase ends in green", async () => {
    const page = await replay("llm/supermarket/sm-01.1", 1440);
    const judge = page.locator("[data-testid=judge]");
    await expect.poll(() => judge.textContent()).toContain("groundedness5 / 5");
    expect(await judge.textContent()).toContain("Grounded in the shelf it could see, but it repeats itself.");
    await page.screenshot({ path: join(shots, "replay-judge-1440.png") });
    await page.close();
    const ref = await replay("ref/supermarket/sm-01.1", 1440);
    expect(await ref.textContent("[data-testid=judge-none]")).toContain("siturec judge ref --model MODEL");
    await ref.keyboard.press("End");
    const ended = ref.locator("b.ended");
    await expect.poll(() => ended.textContent()).toBe("ended: success cart added");
    const colour = (sel: string) =>
      ref.$eval(
        sel,
        (el) =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el)
            .color,
      );
    expect(await colour("b.ended")).toBe("rgb(24, 121, 78)");
    expect(await ref.locator("a.chip.end-good").count()).toBe(1);
    await ref.close();
  });

  it("a CustomerSim conversation with a model keeps each round's calls, folded under the round", async () => {
    const calls = (await (
      await get("/api/runs/cs-llm/episodes/female-clothing/fc-p001/calls/1")
    ).json()) as TurnCallsView;
    expect(calls.roles.map((r) => r.role)).toEqual(["sales"]);
    expect(calls.roles[0]!.calls[0]).toMatchObject({
      reply: { text: "Our jeans are on the left wall. Which fit do you like?" },
      tools: { choice: "auto" },
    });
    expect(calls.roles[0]!.calls[0]!.system).toContain("Female Clothing category");
    expect((await get("/api/runs/cs/episodes/female-clothing/fc-p001/calls/1")).status).toBe(404);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/#/runs/cs-llm/female-clothing/fc-p001`);
    const first = page.locator(".transcript details.model-calls").first();
    await first.locator("summary").click();
    await expect
      .poll(() => first.locator(".raw-reply").first().textContent())
      .toBe("Our jeans are on the left wall. Which fit do you like?");
    await page.screenshot({ path: join(shots, "conversation-model-calls-1440.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: join(shots, "conversation-model-calls-390.png"), fullPage: true });
    // The built-in agents' conversations have no such line.
    await page.goto(`${server.url}/#/runs/cs/female-clothing/fc-p001`);
    await page.waitForSelector(".conversation .transcript");
    expect(await page.locator(".transcript details.model-calls").count()).toBe(0);
    await page.close();
  });

  it("a CustomerSim transcript keeps product names apart when read as text", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    for (const persona of ["fc-p001", "fc-p002", "fc-p003", "fc-p004"]) {
      await page.goto(`${server.url}/#/runs/cs/female-clothing/${persona}`);
      await page.waitForSelector(".conversation .transcript");
      const text = (await page.textContent(".conversation")) ?? "";
      expect(text, persona).toMatch(/fc-\d{3}/);
      expect(text.match(/fc-\d{3}[A-Za-z]/g), persona).toBeNull();
    }
    await page.close();
  });
});
