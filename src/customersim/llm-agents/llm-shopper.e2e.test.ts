import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LlmClient } from "../../llm/client.js";
import { MockOpenAIServer, type RecordedRequest } from "../../llm/testing/mock-openai-server.js";
import { createReferenceSales } from "../builtin-agents/index.js";
import { runConversation } from "../chat/index.js";
import { defaultChatStore } from "../chat-store/index.js";
import { loadCustomerSimData } from "../data-files.js";
import { LlmShopper } from "./llm-shopper.js";
import {
  HUMAN_STEERING,
  RECOMMENDATION_EXAMPLES,
  SALES_GREETING,
  shopperSystemPrompt,
} from "./shopper-prompt.js";
import type { AgentCall } from "./usage.js";

const personas = loadCustomerSimData().personas.personas;
const persona = personas.find((p) => p.feasible && p.category === "female-clothing")!;
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

/** The text of a request's last user message. */
function lastUserText(req: RecordedRequest): string {
  const last = req.messages.filter((m) => m.role === "user").at(-1)!;
  if (typeof last.content === "string") return last.content;
  return (last.content as { type: string; text?: string }[]).map((p) => p.text ?? "").join("\n");
}

const shopper = (over: Partial<ConstructorParameters<typeof LlmShopper>[0]> = {}) =>
  new LlmShopper({
    model: server.modelId(),
    client: new LlmClient({ prices: { [server.modelId()]: { input: 2, output: 8 } } }),
    temperature: 0.7,
    seed: 1,
    ...over,
  });

describe("the shopper's system prompt", () => {
  const knowledge = store.knowledge(persona.category);

  it("is the paper's base prompt with the persona, its criteria, the ICL example and the domain knowledge", () => {
    const prompt = shopperSystemPrompt(persona, knowledge);
    expect(prompt).toMatch(/^You are shopping online for a product at a store/);
    expect(prompt).toContain("You MUST call this function to end the conversation.");
    expect(prompt).toContain(persona.background);
    expect(prompt).toContain(persona.speakingStyle);
    for (const c of [...persona.preferences, ...persona.dealbreakers]) expect(prompt).toContain(c.text);
    expect(prompt).toContain(RECOMMENDATION_EXAMPLES["female-clothing"]);
    expect(prompt).toContain(knowledge.facts[0]!);
    expect(prompt).not.toMatch(/\{\w+\}/);
    expect(prompt).not.toContain(HUMAN_STEERING);
  });

  it("adds the human-style steering on request, and leaves the ICL example out on request", () => {
    expect(shopperSystemPrompt(persona, knowledge, { steering: "human" })).toContain(HUMAN_STEERING);
    expect(shopperSystemPrompt(persona, knowledge, { reasoningExamples: false })).not.toContain(
      "<reasoning>",
    );
  });

  it("has a reasoning example for every category", () => {
    for (const example of Object.values(RECOMMENDATION_EXAMPLES)) {
      expect(example).toMatch(/first with dealbreakers then preferences/);
      expect(example).toContain("add_to_cart");
    }
  });
});

describe("LlmShopper", () => {
  it("runs a full conversation with the reference salesperson and buys through a native add_to_cart", async () => {
    const heard: AgentCall[] = [];
    const agent = shopper({ onCall: (c) => heard.push(c) });
    let picked = "";
    server.enqueue({
      kind: "text",
      content: `hi! i'm looking for ${persona.shoppingFor}`,
      inputTokens: 500,
      outputTokens: 20,
    });
    // The second turn buys the first product the salesperson named, by its id.
    server.fallback = (req) => {
      picked = /\(([a-z]{2}-\d{3})\)/.exec(lastUserText(req))![1]!;
      return {
        kind: "text",
        content: "<reasoning>It meets my dealbreakers.</reasoning>\nGreat, I'll take it.",
        toolCalls: [{ name: "add_to_cart", arguments: JSON.stringify({ product_id: picked }) }],
        inputTokens: 900,
        outputTokens: 40,
      };
    };
    const r = await runConversation({ persona, shopper: agent, sales: createReferenceSales(), store });

    expect(r).toMatchObject({ ending: "purchase", purchased: picked, rounds: 2, formatErrors: [] });
    expect(r.recommended).toContain(picked);
    expect(r.transcript.map((t) => t.role)).toEqual(["shopper", "sales", "shopper"]);
    const last = r.transcript[2]!;
    expect(last.text).toBe("Great, I'll take it.");
    expect(last.toolCalls).toEqual([{ name: "add_to_cart", arguments: { product_id: picked }, valid: true }]);
    expect(agent.reasoning).toEqual([{ personaId: persona.id, round: 2, text: "It meets my dealbreakers." }]);
    expect(last.reasoning).toBe("It meets my dealbreakers.");
    expect(r.transcript[0]!.reasoning).toBeUndefined();

    const [first, second] = server.requests;
    expect(first!.tools).toEqual(["add_to_cart", "end_conversation"]);
    expect(first!.toolChoice).toBe("auto");
    const addToCart = (first!.body.tools as { function: { parameters: Record<string, unknown> } }[])[0]!;
    expect(addToCart.function.parameters).toMatchObject({
      type: "object",
      required: ["product_id"],
      properties: { product_id: { type: "string", description: expect.stringMatching(/product's id/) } },
    });
    expect(first!.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(first!.messages[1]!.content).toBe(SALES_GREETING);
    expect(first!.body).toMatchObject({ temperature: 0.7, seed: 1 });
    // The salesperson's recommendations arrive with their pictures.
    expect(second!.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(second!.images).toBe(r.transcript[1]!.recommended.length);

    expect(agent.usage.calls).toEqual([
      expect.objectContaining({ role: "shopper", round: 1, step: 0, inputTokens: 500, outputTokens: 20 }),
      expect.objectContaining({ role: "shopper", round: 2, step: 0, inputTokens: 900, outputTokens: 40 }),
    ]);
    expect(heard).toEqual(agent.usage.calls);
    const totals = agent.usage.totals();
    expect(totals).toMatchObject({ calls: 2, cachedCalls: 0, inputTokens: 1400, outputTokens: 60 });
    expect(totals.costUsd).toBeCloseTo((1400 * 2 + 60 * 8) / 1e6);
  });

  it("sends no pictures to a text-only model", async () => {
    server.enqueue({ kind: "text", content: `looking for ${persona.shoppingFor}` });
    server.fallback = () => ({
      kind: "text",
      content: "",
      toolCalls: [{ name: "end_conversation", arguments: "{}" }],
    });
    const r = await runConversation({
      persona,
      shopper: shopper({ images: false }),
      sales: createReferenceSales(),
      store,
    });
    expect(r.ending).toBe("end_conversation");
    expect(server.requests[1]!.images).toBe(0);
  });

  it("records malformed calls (unknown tool, bad JSON) as format errors, shows it the errors, and goes on", async () => {
    server.enqueue(
      {
        kind: "text",
        content: "buy it",
        toolCalls: [
          { name: "buy_now", arguments: '{"product_id":"fc-001"}' },
          { name: "add_to_cart", arguments: '{"product_id": "fc-0' },
        ],
      },
      { kind: "text", content: "never mind", toolCalls: [{ name: "end_conversation", arguments: "" }] },
    );
    const r = await runConversation({ persona, shopper: shopper(), sales: createReferenceSales(), store });
    expect(r).toMatchObject({ ending: "end_conversation", shopperFormatError: true, rounds: 2 });
    expect(r.transcript[0]!.formatErrors).toHaveLength(2);
    expect(r.transcript[0]!.toolCalls.map((c) => c.valid)).toEqual([false, false]);
    expect(r.formatErrors.map((e) => e.role)).toEqual(["shopper", "shopper"]);
    // The next request carries the failed calls and their errors, in the provider's tool protocol.
    const next = server.requests[1]!.messages;
    expect(next.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "tool", "user"]);
    expect(next.filter((m) => m.role === "tool").map((m) => m.content)).toEqual([
      expect.stringMatching(/^error: buy_now/),
      expect.stringMatching(/^error: add_to_cart/),
    ]);
  });

  it("reads a tool call written into the text when the model made none natively", async () => {
    server.enqueue({
      kind: "text",
      content: 'Nothing here for me.\n<tool_call>{"name": "end_conversation", "arguments": {}}</tool_call>',
    });
    const r = await runConversation({ persona, shopper: shopper(), sales: createReferenceSales(), store });
    expect(r).toMatchObject({ ending: "end_conversation", endedAtFirstTurn: true, formatErrors: [] });
    expect(r.transcript[0]!.text).toBe("Nothing here for me.");
  });

  it("names itself after the model, marking the steered variant", () => {
    expect(shopper().id).toBe(server.modelId());
    expect(shopper({ steering: "human" }).id).toBe(`${server.modelId()}+human-steering`);
  });
});
