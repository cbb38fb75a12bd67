import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../core/testing/manual-clock.js";
import { LlmClient } from "../../llm/client.js";
import { MockOpenAIServer } from "../../llm/testing/mock-openai-server.js";
import { RenderService } from "../../render/render-service.js";
import { loadTaskBank } from "../../tasks/task-bank-file.js";
import { World } from "../../world/world.js";
import { StoreKnowledge } from "../knowledge/store-knowledge.js";
import { builtinPrompts } from "../prompts/prompt-set.js";
import type { AssistantContext, ShopperContext } from "../types.js";
import { ASSISTANT_FALLBACK, LlmAssistant } from "./llm-assistant.js";
import { LlmJudge } from "./llm-judge.js";
import { LlmModerator } from "./llm-moderator.js";
import { LlmShopper } from "./llm-shopper.js";

let mock: MockOpenAIServer;
let render: RenderService;
let world: World;
let k: StoreKnowledge;
beforeAll(async () => {
  mock = await MockOpenAIServer.start();
  render = await RenderService.start({ width: 480, height: 360, poolSize: 1 });
  k = await StoreKnowledge.load("supermarket");
  world = await World.create("supermarket", render);
  await world.reset();
});
afterAll(async () => {
  await mock?.close();
  await render?.close();
});
// Time as the client sees it: it stands still while a request is out (no answer races the timeout,
// however slow the machine), a backoff passes at once, and a hang ends when the test moves it.
let clock: ManualClock;
beforeEach(() => {
  mock.requests.length = 0;
  clock = new ManualClock({ autoSleep: true });
  mock.onHang = () => void clock.advance(400);
});

const client = (cacheDir?: string) =>
  new LlmClient({
    ...(cacheDir ? { cacheDir } : {}),
    baseDelayMs: 10,
    maxDelayMs: 1500,
    requestTimeoutMs: 400,
    maxRetries: 3,
    clock,
  });
const prompts = builtinPrompts();
const bank = loadTaskBank("supermarket");
const task = bank.tasks[0]!;
const profile = bank.profiles.find((p) => p.id === task.profileId)!;

function assistantCtx(condition: AssistantContext["condition"] = "full"): AssistantContext {
  const s = world.state;
  return {
    env: "supermarket",
    condition,
    turn: 0,
    maxTurns: 20,
    history: [],
    observation: world.observation.roles.assistant,
    minimap: Buffer.alloc(0),
    shared: { pose: s.pose, held: null, cart: [] },
    views: [],
  };
}

function shopperCtx(utterance: string): ShopperContext {
  const s = world.state;
  return {
    env: "supermarket",
    turn: 0,
    profile,
    task,
    history: [],
    assistantUtterance: utterance,
    observation: world.observation.roles.shopper,
    minimap: Buffer.alloc(0),
    shared: { pose: s.pose, held: null, cart: [] },
    checked: [],
    revealed: {},
  };
}

const greet = JSON.stringify({
  utterance: "Hi! What are you looking for today?",
  assistant_actions: [{ type: "Greet" }],
  expected_user_action: { name: "idle", arguments: {} },
  ranking: ["sm-p001", "not-a-product"],
  tool_calls: [],
});
const text = (content: string) => ({ kind: "text" as const, content });

describe("LLM assistant and shopper through the real HTTP path", () => {
  it("an assistant turn sends the annotated view and the catalog, and its output is validated", async () => {
    mock.enqueue(text(`Sure:\n\`\`\`json\n${greet}\n\`\`\``));
    const a = new LlmAssistant(k, "full", { model: mock.modelId(), client: client(), prompts });
    const reply = await a.act(assistantCtx());
    expect(reply.formatError).toBeUndefined();
    expect(reply.output.assistant_actions[0]!.type).toBe("Greet");
    expect(reply.output.ranking).toEqual(["sm-p001", "not-a-product"]);
    expect(reply.calls).toHaveLength(1);
    const req = mock.requests[0]!;
    expect(req.images).toBe(1);
    const system = JSON.stringify(req.messages[0]);
    expect(system).toContain("Location index");
    expect(system).toContain(k.data.catalog.products[0]!.id);
    expect(JSON.stringify(req.messages[1])).toContain("Visible products in the shopper's view");
  });

  it("no-evv drops the image but keeps the visible lists; no-evv-caption drops both and adds the target index", async () => {
    mock.enqueue(text(greet), text(greet));
    await new LlmAssistant(k, "no-evv", { model: mock.modelId(), client: client(), prompts }).act(
      assistantCtx("no-evv"),
    );
    await new LlmAssistant(k, "no-evv-caption", { model: mock.modelId(), client: client(), prompts }).act(
      assistantCtx("no-evv-caption"),
    );
    const [noEvv, noCaption] = mock.requests;
    expect(noEvv!.images).toBe(0);
    expect(JSON.stringify(noEvv!.messages[1])).toContain("Visible products");
    expect(noCaption!.images).toBe(0);
    expect(JSON.stringify(noCaption!.messages[1])).not.toContain("Visible products");
    expect(JSON.stringify(noCaption!.messages[0])).toContain("# Target index");
  });

  it("a shopper turn sees its own view and its call executes in the world", async () => {
    const view = world.observation.roles.shopper;
    const target = view.targets[0]!;
    mock.enqueue(
      text(
        JSON.stringify({
          utterance: "I'm after some breakfast cereal.",
          tool_call: { name: "move_to_fixture", arguments: { target: target.handle, approach: "nearest" } },
        }),
      ),
    );
    const s = new LlmShopper(k, { model: mock.modelId(), client: client(), prompts });
    const reply = await s.act(shopperCtx("Hi! What are you looking for today?"));
    expect(reply.formatError).toBeUndefined();
    const req = mock.requests[0]!;
    expect(req.images).toBe(1);
    expect(JSON.stringify(req.messages[0])).toContain(task.goal.request);
    const step = await world.step(reply.output.tool_call);
    expect(step.success).toBe(true);
    expect(step.displacement).toBeGreaterThan(0);
  });
});

describe("faults", () => {
  const a = () => new LlmAssistant(k, "no-evv", { model: mock.modelId(), client: client(), prompts });

  it("429 with retry-after, 500 and a hang past the timeout are retried", async () => {
    mock.enqueue(
      { kind: "status", status: 429, retryAfterSeconds: 0 },
      { kind: "status", status: 500 },
      { kind: "hang" },
      text(greet),
    );
    const reply = await a().act(assistantCtx("no-evv"));
    expect(reply.formatError).toBeUndefined();
    expect(reply.calls[0]!.attempts).toBe(4);
  });

  it("malformed JSON and schema-breaking JSON get one repair request", async () => {
    mock.enqueue({ kind: "malformed" }, text(greet));
    expect((await a().act(assistantCtx("no-evv"))).formatError).toBeUndefined();
    mock.requests.length = 0;
    mock.enqueue(text('{"utterance": "Hi"}'), text(greet));
    const repaired = await a().act(assistantCtx("no-evv"));
    expect(repaired.repaired).toBe(true);
    expect(repaired.formatError).toBeUndefined();
    expect(JSON.stringify(mock.requests[1]!.messages)).toContain("assistant_actions");
  });

  it("a shopper tool the store lacks is refused; the repair request lists the store's tools", async () => {
    const say = (name: string) =>
      JSON.stringify({ utterance: "Let me see.", tool_call: { name, arguments: {} } });
    mock.enqueue(text(`\`\`\`json\n${say("move_to_store")}\n\`\`\``), text(say("idle")));
    const s = await new LlmShopper(k, { model: mock.modelId(), client: client(), prompts }).act(
      shopperCtx("Hello"),
    );
    expect(s).toMatchObject({ repaired: true, fencedJson: true, invalidTools: ["move_to_store"] });
    expect(s.output.tool_call.name).toBe("idle");
    const repair = JSON.stringify(mock.requests[1]!.messages.at(-1));
    expect(repair).toContain("tool_call.name: Invalid option");
    expect(repair).toContain("move_to_fixture");
  });

  it("output that stays invalid is a recorded format error with a harmless fallback, never a crash", async () => {
    mock.enqueue(
      text('{"utterance": "Hi", "assistant_actions": [{"type": "Recommend"}]}'),
      text("no json at all"),
    );
    const reply = await a().act(assistantCtx("no-evv"));
    expect(reply.formatError).toMatch(/JSON/);
    expect(reply.output).toEqual(ASSISTANT_FALLBACK);
    expect(reply.calls).toHaveLength(2);
    mock.enqueue(text("{}"), text("{}"));
    const s = await new LlmShopper(k, { model: mock.modelId(), client: client(), prompts }).act(
      shopperCtx("Hello"),
    );
    expect(s.formatError).toMatch(/tool_call/);
    expect(s.output.tool_call.name).toBe("idle");
  });
});

describe("moderator and judge", () => {
  it("the moderator answers yes/no and an unreadable verdict keeps the episode going", async () => {
    const m = new LlmModerator({ model: mock.modelId(), client: client(), prompts });
    const action = { call: { name: "idle", arguments: {} }, success: true, displacement: 0 };
    const ctx = {
      env: "supermarket" as const,
      history: [],
      assistantUtterance: "Anything else?",
      shopperUtterance: "No thanks, bye.",
      action,
    };
    mock.enqueue(text('{"decision": "yes", "reason": "the shopper left"}'));
    expect((await m.decide(ctx)).output.decision).toBe("yes");
    mock.enqueue(text("maybe"), text("maybe"));
    const unreadable = await m.decide(ctx);
    expect(unreadable.output.decision).toBe("no");
    expect(unreadable.formatError).toBeDefined();
  });

  it("the judge scores the seven dimensions in one call", async () => {
    const scores = {
      informativeness: 4,
      naturalness: 4,
      groundedness: 3,
      preference_alignment: 5,
      proactiveness: 4,
      non_repetition: 5,
      overall: 4,
    };
    mock.enqueue(text(JSON.stringify({ scores, rationale: "Helpful." })));
    const j = new LlmJudge({ model: mock.modelId(), client: client(), prompts });
    const reply = await j.score({
      env: "supermarket",
      taskRequest: task.goal.request,
      transcript: "[turn 0] Assistant: Hi",
      outcome: "success_cart_added",
    });
    expect(reply.output?.scores).toEqual(scores);
    expect(mock.requests).toHaveLength(1);
    expect(JSON.stringify(mock.requests[0]!.messages[0])).toContain("preference_alignment");
    expect(JSON.stringify(mock.requests[0]!.messages[1])).toContain("Outcome: success_cart_added");
    // The paper's input: the record alone.
    mock.enqueue(text(JSON.stringify({ scores })));
    await j.score({ env: "supermarket", transcript: "[turn 0] Assistant: Hi" });
    const paper = JSON.stringify(mock.requests[1]!.messages[1]);
    expect(paper).toContain("[turn 0] Assistant: Hi");
    expect(paper).not.toMatch(/Outcome:|request:/);
  });
});

describe("cache", () => {
  it("a second identical call sequence is served from the cache with zero HTTP requests and identical outputs", async () => {
    const dir = mkdtempSync(join(tmpdir(), "siturec-agent-cache-"));
    const sequence = async () => {
      const c = client(dir);
      const a = new LlmAssistant(k, "full", { model: mock.modelId(), client: c, prompts, seed: 7 });
      const s = new LlmShopper(k, { model: mock.modelId(), client: c, prompts, seed: 7 });
      const ar = await a.act(assistantCtx());
      const sr = await s.act(shopperCtx(ar.output.utterance));
      return {
        outputs: [ar.output, sr.output],
        cached: [...ar.calls, ...sr.calls].map((c) => c.cached),
        http: c.httpAttempts,
      };
    };
    mock.enqueue(
      text(greet),
      text(JSON.stringify({ utterance: "Cereal, please.", tool_call: { name: "idle", arguments: {} } })),
    );
    const first = await sequence();
    expect(first.http).toBe(2);
    const before = mock.requests.length;
    const second = await sequence();
    expect(mock.requests.length).toBe(before);
    expect(second.http).toBe(0);
    expect(second.cached).toEqual([true, true]);
    expect(JSON.stringify(second.outputs)).toBe(JSON.stringify(first.outputs));
  });
});
