import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LlmClient } from "../../llm/client.js";
import { MockOpenAIServer, type RecordedRequest } from "../../llm/testing/mock-openai-server.js";
import { createRuleShopper } from "../builtin-agents/index.js";
import { runConversation } from "../chat/index.js";
import { defaultChatStore } from "../chat-store/index.js";
import { loadCustomerSimData } from "../data-files.js";
import { LlmSales } from "./llm-sales.js";
import { LlmShopper } from "./llm-shopper.js";
import { salesSystemPrompt } from "./sales-prompt.js";

const persona = loadCustomerSimData().personas.personas.find((p) => p.feasible && p.category === "laptops")!;
const store = defaultChatStore();

let server: MockOpenAIServer;
beforeAll(async () => {
  server = await MockOpenAIServer.start();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  server.fallback = () => ({ kind: "text", content: "OK" });
});

const sales = (maxToolSteps?: number) =>
  new LlmSales({
    model: server.modelId(),
    client: new LlmClient(),
    temperature: 0,
    seed: 7,
    ...(maxToolSteps !== undefined ? { maxToolSteps } : {}),
  });

const toolMessages = (req: RecordedRequest) => req.messages.filter((m) => m.role === "tool");

describe("LlmSales", () => {
  it("looks products up through its native tool loop, then recommends by name and id", async () => {
    const agent = sales();
    const hits = await store.lookupProductItems("laptops", "laptop for programming");
    const top = hits[0]!.product;
    server.enqueue(
      {
        kind: "text",
        content: "",
        toolCalls: [{ name: "lookup_product_items", arguments: '{"query":"laptop for programming"}' }],
      },
      { kind: "text", content: `I'd suggest the ${top.name} (${top.id}) at $${top.price}.` },
    );
    const r = await runConversation({
      persona,
      shopper: createRuleShopper(),
      sales: agent,
      store,
      turnLimit: 2,
    });

    const turn = r.transcript[1]!;
    expect(turn.role).toBe("sales");
    expect(turn.toolCalls).toEqual([
      { name: "lookup_product_items", arguments: { query: "laptop for programming" }, valid: true },
    ]);
    expect(turn.toolResults[0]!.ids).toEqual(hits.map((h) => h.product.id));
    expect(turn.text).toBe(`I'd suggest the ${top.name} (${top.id}) at $${top.price}.`);
    expect(turn.recommended).toEqual([top.id]);
    expect(turn.formatErrors).toEqual([]);

    const [first, second] = server.requests;
    expect(first!.tools).toEqual(["lookup_buying_guide", "lookup_product_items"]);
    expect(first!.messages[0]).toEqual({ role: "system", content: salesSystemPrompt("laptops") });
    expect(first!.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(first!.body).toMatchObject({ temperature: 0, seed: 7 });
    // The tool's result goes back with the call: the retrieved products' details.
    expect(second!.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(toolMessages(second!)[0]!.content).toContain(`${top.name} (id ${top.id})`);
    expect(agent.usage.calls.map((c) => [c.role, c.round, c.step])).toEqual([
      ["sales", 1, 0],
      ["sales", 1, 1],
    ]);
  });

  it("records malformed tool calls as format errors of its turn and lets the model see the errors", async () => {
    server.enqueue(
      {
        kind: "text",
        content: "",
        toolCalls: [
          { name: "lookup_buying_guide", arguments: '{"query": "batt' },
          { name: "search_web", arguments: '{"query":"laptops"}' },
          { name: "lookup_buying_guide", arguments: '{"query":"battery life"}' },
        ],
      },
      { kind: "text", content: "Battery life matters for travel. What is your budget?" },
    );
    const r = await runConversation({
      persona,
      shopper: createRuleShopper(),
      sales: sales(),
      store,
      turnLimit: 2,
    });
    const turn = r.transcript[1]!;
    expect(turn.toolCalls.map((c) => [c.name, c.valid])).toEqual([
      ["lookup_buying_guide", false],
      ["search_web", false],
      ["lookup_buying_guide", true],
    ]);
    expect(turn.formatErrors).toHaveLength(2);
    expect(r.formatErrors.every((e) => e.role === "sales")).toBe(true);
    expect(r.shopperFormatError).toBe(false);
    const results = toolMessages(server.requests[1]!).map((m) => String(m.content));
    expect(results[0]).toMatch(/^error: lookup_buying_guide/);
    expect(results[1]).toMatch(/^error: search_web/);
    expect(results[2]).not.toMatch(/^error/);
  });

  it("stops calling tools after maxToolSteps and asks for the reply with tools off", async () => {
    server.fallback = (req) =>
      req.toolChoice === "none"
        ? { kind: "text", content: "Here is what I have." }
        : {
            kind: "text",
            content: "",
            toolCalls: [{ name: "lookup_product_items", arguments: '{"query":"laptop"}' }],
          };
    const r = await runConversation({
      persona,
      shopper: createRuleShopper(),
      sales: sales(2),
      store,
      turnLimit: 2,
    });
    expect(server.requests.map((q) => q.toolChoice)).toEqual(["auto", "auto", "none"]);
    expect(r.transcript[1]!.toolCalls).toHaveLength(2);
    expect(r.transcript[1]!.text).toBe("Here is what I have.");
  });

  it("with no tool steps allowed, answers in one call", async () => {
    server.enqueue({ kind: "text", content: "What are you looking for?" });
    const agent = sales(0);
    await runConversation({ persona, shopper: createRuleShopper(), sales: agent, store, turnLimit: 2 });
    expect(server.requests.map((q) => q.toolChoice)).toEqual(["none"]);
    expect(() => sales(-1)).toThrow(RangeError);
  });
});

describe("an LLM shopper with an LLM salesperson", () => {
  it("is deterministic through the cache: a rerun is served entirely from it, at no cost", async () => {
    const dir = mkdtempSync(join(tmpdir(), "llm-agents-"));
    const product = (await store.lookupProductItems("laptops", "laptop"))[0]!.product;
    server.fallback = (req) => {
      const last = req.messages.at(-1)!;
      if (req.tools.includes("add_to_cart"))
        return req.messages.some((m) => m.role === "assistant")
          ? {
              kind: "text",
              content: "",
              toolCalls: [{ name: "add_to_cart", arguments: JSON.stringify({ product_id: product.id }) }],
            }
          : { kind: "text", content: "need a laptop" };
      return last.role === "tool"
        ? { kind: "text", content: `Try the ${product.name} (${product.id}).` }
        : {
            kind: "text",
            content: "",
            toolCalls: [{ name: "lookup_product_items", arguments: '{"query":"laptop"}' }],
          };
    };
    const run = async () => {
      const client = new LlmClient({
        cacheDir: dir,
        prices: { [server.modelId()]: { input: 1, output: 1 } },
      });
      const shopper = new LlmShopper({ model: server.modelId(), client, temperature: 0, seed: 1 });
      const agent = new LlmSales({ model: server.modelId(), client, temperature: 0, seed: 1 });
      const result = await runConversation({ persona, shopper, sales: agent, store });
      return { result, usage: [...shopper.usage.calls, ...agent.usage.calls] };
    };
    try {
      const a = await run();
      const paid = server.requests.length;
      const b = await run();
      expect(a.result).toMatchObject({ ending: "purchase", purchased: product.id });
      expect(b.result).toEqual(a.result);
      expect(server.requests).toHaveLength(paid);
      expect(a.usage.every((c) => !c.cached && c.costUsd > 0)).toBe(true);
      expect(b.usage.every((c) => c.cached && c.costUsd === 0)).toBe(true);
      expect(b.usage.map((c) => [c.role, c.round, c.step])).toEqual(
        a.usage.map((c) => [c.role, c.round, c.step]),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
