import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ManualClock } from "../core/testing/manual-clock.js";
import { LlmClient, type LlmRequest } from "./client.js";
import { costOf, DEFAULT_PRICES } from "./prices.js";
import { completeStructured } from "./structured.js";
import { MockGeminiServer } from "./testing/mock-gemini-server.js";
import { withEnv } from "./testing/provider-env.js";

const MODEL = "google:gemini-2.5-flash";
const Decision = z.object({ decision: z.enum(["yes", "no"]) }).strict();
let mock: MockGeminiServer;
let restore: () => void;
let clock: ManualClock;
beforeAll(async () => {
  mock = await MockGeminiServer.start();
  // Without the API version, as Google's own SDK takes a base URL: siturec adds /v1beta.
  restore = withEnv({ GOOGLE_GENERATIVE_AI_BASE_URL: mock.url, GOOGLE_GENERATIVE_AI_API_KEY: "test-key" });
});
afterAll(async () => {
  restore?.();
  await mock?.close();
});
beforeEach(() => {
  mock.reset();
  mock.thinkingTokens = 0;
  clock = new ManualClock({ autoSleep: true });
});
const client = () => new LlmClient({ noCache: true, maxRetries: 2, baseDelayMs: 10, clock });
const ask = (extra: Partial<LlmRequest> = {}): LlmRequest => ({
  model: MODEL,
  tag: "moderator",
  system: "Decide whether the conversation is over.",
  messages: [{ role: "user", content: "Shopper: thanks, bye!" }],
  temperature: 0,
  maxOutputTokens: 400,
  ...extra,
});

async function raw(body: Record<string, unknown>): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${mock.url}/v1beta/models/gemini-2.5-flash:generateContent`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-goog-api-key": "k" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

describe("Gemini's generateContent (mock): what siturec sends is what the API takes", () => {
  it("structured output as responseSchema with responseMimeType JSON; the role's limit plus the thinking allowance", async () => {
    mock.enqueue({ kind: "text", content: JSON.stringify({ decision: "yes" }) });
    const r = await completeStructured(client(), ask(), Decision, { name: "moderator_decision" });
    expect(r.value).toEqual({ decision: "yes" });
    const config = mock.requests[0]!.body.generationConfig!;
    expect(config).toMatchObject({ responseMimeType: "application/json", temperature: 0 });
    expect(config.responseSchema).toMatchObject({ type: "object", required: ["decision"] });
    // Gemini 2.5 thinks out of the same limit: 400 for the answer, 8,192 for thinking.
    expect(config.maxOutputTokens).toBe(400 + 8192);
    expect(mock.refused).toEqual([]);
  });

  it("the API refuses what it documents: an empty text part, empty parts, an unknown field", async () => {
    const empty = await raw({
      contents: [
        { role: "user", parts: [{ text: "q" }] },
        { role: "model", parts: [{ text: "" }] },
      ],
    });
    expect(empty).toMatchObject({
      status: 400,
      json: {
        error: {
          code: 400,
          status: "INVALID_ARGUMENT",
          message:
            "* GenerateContentRequest.contents[1].parts[0].data: required oneof field 'data' must have one initialized field",
        },
      },
    });
    const none = await raw({ contents: [{ role: "model", parts: [] }] });
    expect(none.json).toMatchObject({
      error: { message: expect.stringContaining("contents.parts must not be empty") },
    });
    const unknown = await raw({
      contents: [{ role: "user", parts: [{ text: "q" }] }],
      generationConfig: { maxTokens: 5 },
    });
    expect(unknown.json).toMatchObject({
      error: { message: expect.stringContaining('Unknown name "maxTokens"') },
    });
    expect(mock.refused).toHaveLength(3);
  });

  it("an empty answer: the repair request fills the empty model turn and is taken", async () => {
    mock.enqueue(
      { kind: "text", content: "" },
      { kind: "text", content: JSON.stringify({ decision: "no" }) },
    );
    const r = await completeStructured(client(), ask(), Decision, { name: "moderator_decision" });
    expect(r).toMatchObject({ value: { decision: "no" }, repaired: true });
    expect(mock.requests[1]!.body.contents[1]).toEqual({ role: "model", parts: [{ text: "(empty)" }] });
    expect(mock.refused).toEqual([]);
  });

  it("a safety block (finish reason SAFETY, no content) is a warning on the call", async () => {
    mock.enqueue({ kind: "refusal" }, { kind: "text", content: JSON.stringify({ decision: "no" }) });
    const r = await completeStructured(client(), ask(), Decision, { name: "moderator_decision" });
    expect(r.responses[0]!.warnings).toContain("the provider's safety filter stopped the answer (a refusal)");
    expect(r).toMatchObject({ value: { decision: "no" }, repaired: true });
    expect(mock.refused).toEqual([]);
  });

  it("a 429 RESOURCE_EXHAUSTED is waited out as its RetryInfo says (Gemini sends no retry-after header)", async () => {
    mock.enqueue({ kind: "status", status: 429, retryAfterSeconds: 9 }, { kind: "text", content: "fine" });
    const c = client();
    const waits: number[] = [];
    c.onRetry((e) => waits.push(e.waitMs));
    const r = await c.complete(ask({ output: undefined }));
    expect(r).toMatchObject({ text: "fine", attempts: 2 });
    expect(waits[0]).toBeGreaterThanOrEqual(9000);
    expect(waits[0]).toBeLessThanOrEqual(9900);
  });

  it("implicit caching: a long system instruction is read from the cache from its second call; tokens and cost as reported", async () => {
    const system =
      "Catalog: sm-001 Oat Milk | dairy alternatives | $3.49 | diet:vegan, allergen:none.\n".repeat(150);
    const c = client();
    const first = await c.complete(ask({ system, output: undefined }));
    const second = await c.complete(
      ask({ system, output: undefined, messages: [{ role: "user", content: "next" }] }),
    );
    const [u1, u2] = mock.requests.map((r) => r.usage!);
    expect(u1!.cachedContentTokenCount).toBeUndefined();
    expect(u2!.cachedContentTokenCount).toBeGreaterThan(2048);
    const price = DEFAULT_PRICES[MODEL]!;
    for (const [r, u] of [
      [first, u1!],
      [second, u2!],
    ] as const) {
      expect(r.inputTokens).toBe(u.promptTokenCount);
      expect(r.cachedInputTokens ?? 0).toBe(u.cachedContentTokenCount ?? 0);
      const cost = costOf(price, {
        inputTokens: u.promptTokenCount!,
        cachedInputTokens: u.cachedContentTokenCount ?? 0,
        outputTokens: u.candidatesTokenCount!,
      });
      expect(Math.round(r.costUsd * 100)).toBe(Math.round(cost * 100));
      expect(r.costUsd).toBeCloseTo(cost, 12);
    }
  });

  it("thinking spends the limit first: the allowance keeps the answer whole; past it, the answer is cut and says so", async () => {
    mock.thinkingTokens = 3000;
    mock.enqueue({ kind: "text", content: JSON.stringify({ decision: "yes" }) });
    const whole = await client().complete(ask());
    expect(whole.text).toBe(JSON.stringify({ decision: "yes" }));
    expect(whole.warnings).toBeUndefined();
    mock.thinkingTokens = 9000;
    mock.enqueue({ kind: "text", content: "x".repeat(4000) });
    const cut = await client().complete(ask({ output: undefined }));
    expect(cut.warnings).toEqual(["the answer reached its output limit (8592 tokens) and was cut"]);
  });
});
