import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LlmClient } from "../../llm/client.js";
import { MockOpenAIServer } from "../../llm/testing/mock-openai-server.js";
import { createReferenceSales, createRuleShopper } from "../builtin-agents/index.js";
import { runConversation } from "../chat/index.js";
import { loadCustomerSimData } from "../data-files.js";
import { measureFidelity } from "../fidelity/index.js";
import { reasonReward } from "../rewards/index.js";
import {
  COMPLETENESS_JUDGE_PROMPT,
  CRITERIA_JUDGE_PROMPT,
  CUSTOMERSIM_JUDGE_MAX_OUTPUT_TOKENS,
  llmCompletenessJudge,
  llmCriteriaJudge,
  llmReasonJudge,
  REASON_JUDGE_PROMPT,
} from "./llm-judges.js";

let server: MockOpenAIServer;
beforeAll(async () => {
  server = await MockOpenAIServer.start();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  server.fallback = () => ({ kind: "text", content: "OK" });
});

const client = () => new LlmClient({ prices: { [server.modelId()]: { input: 2, output: 8 } } });
const userText = (i: number) =>
  server.requests[i]!.messages.find((m) => m.role === "user")!.content as string;
const systemText = (i: number) =>
  server.requests[i]!.messages.find((m) => m.role === "system")!.content as string;

describe("the LLM judges (through the OpenAI-compatible mock)", () => {
  it("Crit.: counts the distinct criteria the judge lists in the first turn", async () => {
    server.enqueue({
      kind: "text",
      content: JSON.stringify({ criteria: ["under $300", "breathable", "Breathable ", "relaxed fit"] }),
    });
    const judge = llmCriteriaJudge({ model: server.modelId(), client: client() });
    expect(await judge("hi, need comfy breathable sweatpants under $300, relaxed fit")).toBe(3);
    expect(systemText(0)).toBe(CRITERIA_JUDGE_PROMPT);
    expect(userText(0)).toContain("need comfy breathable sweatpants");
    expect(server.requests[0]!.body.temperature).toBe(0);
    expect(server.requests[0]!.body.response_format).toBeDefined();
    // An explicit output limit, not the model's maximum (which providers count against rate limits).
    expect(server.requests[0]!.body.max_tokens).toBe(CUSTOMERSIM_JUDGE_MAX_OUTPUT_TOKENS);
  });

  it("%Cpl.: complete sentences over sentences; an impossible answer gets one repair request", async () => {
    server.enqueue(
      { kind: "text", content: JSON.stringify({ sentences: 2, complete: 3 }) },
      { kind: "text", content: JSON.stringify({ sentences: 4, complete: 1 }) },
    );
    const judge = llmCompletenessJudge({ model: server.modelId(), client: client() });
    expect(await judge("any in blue?\nI need a watch.\nunder 300\nthx")).toBe(0.25);
    expect(server.requests).toHaveLength(2);
    expect(systemText(0)).toBe(COMPLETENESS_JUDGE_PROMPT);
  });

  it("a judge that never answers usably fails with its name and why", async () => {
    server.fallback = () => ({ kind: "text", content: "five, I think" });
    const judge = llmCriteriaJudge({ model: server.modelId(), client: client() });
    await expect(judge("hi")).rejects.toThrow(/criteria judge .*gave no usable answer/);
  });

  it("drives measureFidelity, which then reports the judge as the estimator", async () => {
    server.fallback = (req) => {
      const system = req.messages.find((m) => m.role === "system")!.content as string;
      return {
        kind: "text",
        content:
          system === CRITERIA_JUDGE_PROMPT
            ? JSON.stringify({ criteria: ["a", "b"] })
            : JSON.stringify({ sentences: 2, complete: 1 }),
      };
    };
    const opts = { model: server.modelId(), client: client() };
    const report = await measureFidelity(
      [
        { id: "d1", category: "laptops", shopperTurns: ["need a light laptop", "ok"] },
        { id: "d2", category: "laptops", shopperTurns: ["a gaming one please"] },
      ],
      { criteriaJudge: llmCriteriaJudge(opts), completenessJudge: llmCompletenessJudge(opts) },
    );
    expect(report.estimators).toEqual({ crit: "judge", cpl: "judge" });
    expect(report.overall).toMatchObject({ crit: 2, cpl: 0.5 });
  });

  it("R_reason: the persona, the conversation and the decision reach the judge; 1–5 maps onto [0, 1]", async () => {
    const data = loadCustomerSimData();
    const persona = data.personas.personas.find((p) => p.feasible)!;
    const rule = createRuleShopper();
    const result = await runConversation({
      persona,
      // The rule shopper with a trace on its deciding turn only.
      shopper: {
        id: "rule+trace",
        shopperTurn: async (ctx) => {
          const reply = await rule.shopperTurn(ctx);
          return reply.toolCalls ? { ...reply, reasoning: "Every dealbreaker is met." } : reply;
        },
      },
      sales: createReferenceSales(),
    });
    const products = new Map(data.catalog.products.map((p) => [p.id, p]));
    server.enqueue({
      kind: "text",
      content: JSON.stringify({ rationale: "checks each dealbreaker", score: 4 }),
    });
    const judge = llmReasonJudge({
      model: server.modelId(),
      client: client(),
      productOf: (id) => products.get(id),
    });
    expect(await reasonReward(result, persona, judge)).toBe(0.75);
    expect(systemText(0)).toBe(REASON_JUDGE_PROMPT);
    const user = userText(0);
    expect(user).toContain(persona.dealbreakers[0]!.text);
    expect(user).toContain(`Final decision: bought ${products.get(result.purchased!)!.name}`);
    expect(user).toContain("[add_to_cart(");
    expect(user).toContain("Shopper's reasoning: (no reasoning)\nShopper: Hi, I'm looking for");
    expect(user).toMatch(/Shopper's reasoning: Every dealbreaker is met\.\nShopper: .*\[add_to_cart\(/);
  });

  it("R_reason: a conversation without any reasoning trace scores 0 and never reaches the judge", async () => {
    const persona = loadCustomerSimData().personas.personas.find((p) => p.feasible)!;
    const result = await runConversation({
      persona,
      shopper: createRuleShopper(),
      sales: createReferenceSales(),
    });
    const judge = llmReasonJudge({ model: server.modelId(), client: client() });
    expect(await reasonReward(result, persona, judge)).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it("answers from the cache the second time, at no cost", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "siturec-judge-cache-"));
    const c = new LlmClient({
      cacheDir,
      prices: { [server.modelId()]: { input: 2, output: 8 } },
    });
    const costs: { cached: boolean; cost: number }[] = [];
    c.onCall(({ response }) => costs.push({ cached: response.cached, cost: response.costUsd }));
    server.fallback = () => ({
      kind: "text",
      content: JSON.stringify({ criteria: ["x"] }),
      inputTokens: 100,
    });
    const judge = llmCriteriaJudge({ model: server.modelId(), client: c });
    await judge("same text");
    await judge("same text");
    expect(server.requests).toHaveLength(1);
    expect(costs[0]!.cached).toBe(false);
    expect(costs[0]!.cost).toBeGreaterThan(0);
    expect(costs[1]).toEqual({ cached: true, cost: 0 });
    rmSync(cacheDir, { recursive: true, force: true });
  });
});
