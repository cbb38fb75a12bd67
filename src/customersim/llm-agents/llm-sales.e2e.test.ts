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
  it("looks products up through its native tool loop, then recommends through its recommend tool", async () => {
    const agent = sales();
    const hits = await store.lookupProductItems("laptops", "laptop for programming");
    const [top, other] = [hits[0]!.product, hits[1]!.product];
    const said = `I'd suggest the ${top.name} (${top.id}) at $${top.price}, not the ${other.name} (${other.id}).`;
    server.enqueue(
      {
        kind: "text",
        content: "<think>Search first.</think>",
        toolCalls: [{ name: "lookup_product_items", arguments: '{"query":"laptop for programming"}' }],
      },
      {
        kind: "text",
        content: `<think>The first fits.</think>${said}`,
        toolCalls: [{ name: "recommend", arguments: JSON.stringify({ product_ids: [top.id] }) }],
      },
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
      { name: "recommend", arguments: { product_ids: [top.id] }, valid: true },
    ]);
    expect(turn.toolResults[0]!.ids).toEqual(hits.map((h) => h.product.id));
    expect(turn.text).toBe(said);
    expect(turn.reasoning).toBe("Search first.\n\nThe first fits.");
    // Only the recommend call counts; the product it advises against is a diagnostic.
    expect(turn.recommended).toEqual([top.id]);
    expect(turn.mentionedNotRecommended).toEqual([other.id]);
    expect(turn.formatErrors).toEqual([]);

    // A message with its recommendations ends the turn: two model calls, not three.
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(first!.tools).toEqual(["lookup_buying_guide", "lookup_product_items", "recommend"]);
    expect(first!.messages[0]).toEqual({ role: "system", content: salesSystemPrompt("laptops") });
    expect(salesSystemPrompt("laptops")).toMatch(/call the recommend function with their ids/);
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

  it("recommends nothing when it only names products, and rejects unknown ids as format errors", async () => {
    const product = store.products("laptops")[0]!;
    server.enqueue(
      {
        kind: "text",
        content: "",
        toolCalls: [{ name: "recommend", arguments: '{"product_ids":["lt-999"]}' }],
      },
      { kind: "text", content: `I would NOT recommend the ${product.name} (${product.id}).` },
    );
    const r = await runConversation({
      persona,
      shopper: createRuleShopper(),
      sales: sales(),
      store,
      turnLimit: 2,
    });
    const turn = r.transcript[1]!;
    expect(r.recommended).toEqual([]);
    expect(turn.toolCalls).toEqual([
      { name: "recommend", arguments: { product_ids: ["lt-999"] }, valid: false },
    ]);
    expect(turn.formatErrors).toEqual([expect.stringContaining('unknown product "lt-999"')]);
    expect(toolMessages(server.requests[1]!)[0]!.content).toMatch(/^error: recommend: unknown product/);
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

  it("after maxToolSteps offers only recommend, then asks for the reply with tools off", async () => {
    const product = store.products("laptops")[0]!;
    server.fallback = (req) =>
      req.toolChoice === "none"
        ? { kind: "text", content: "Here is what I have." }
        : req.tools.includes("lookup_product_items")
          ? {
              kind: "text",
              content: "",
              toolCalls: [{ name: "lookup_product_items", arguments: '{"query":"laptop"}' }],
            }
          : {
              kind: "text",
              content: "",
              toolCalls: [
                { name: "lookup_product_items", arguments: '{"query":"more"}' },
                { name: "recommend", arguments: JSON.stringify({ product_ids: [product.id] }) },
              ],
            };
    const r = await runConversation({
      persona,
      shopper: createRuleShopper(),
      sales: sales(2),
      store,
      turnLimit: 2,
    });
    expect(server.requests.map((q) => [q.toolChoice, q.tools.length])).toEqual([
      ["auto", 3],
      ["auto", 3],
      ["auto", 1],
      ["none", 1],
    ]);
    // The search it made at the limit is not obeyed (nor recorded); its recommendation is.
    expect(r.transcript[1]!.toolCalls.map((c) => c.name)).toEqual([
      "lookup_product_items",
      "lookup_product_items",
      "recommend",
    ]);
    expect(r.transcript[1]!.recommended).toEqual([product.id]);
    expect(r.transcript[1]!.text).toBe("Here is what I have.");
  });

  it("with no tool steps allowed, answers in one call that may only recommend", async () => {
    server.enqueue({ kind: "text", content: "What are you looking for?" });
    const agent = sales(0);
    await runConversation({ persona, shopper: createRuleShopper(), sales: agent, store, turnLimit: 2 });
    expect(server.requests.map((q) => [q.toolChoice, q.tools])).toEqual([["auto", ["recommend"]]]);
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
        ? {
            kind: "text",
            content: `Try the ${product.name} (${product.id}).`,
            toolCalls: [{ name: "recommend", arguments: JSON.stringify({ product_ids: [product.id] }) }],
          }
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
