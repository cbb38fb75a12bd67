import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ManualClock } from "../core/testing/manual-clock.js";
import { LlmClient, type LlmRequest } from "./client.js";
import { costOf, DEFAULT_PRICES } from "./prices.js";
import { completeStructured } from "./structured.js";
import { fakePng } from "./testing/fake-png.js";
import { MockAnthropicServer } from "./testing/mock-anthropic-server.js";
import { withEnv } from "./testing/provider-env.js";

const MODEL = "anthropic:claude-sonnet-4-5";
const Decision = z.object({ decision: z.enum(["yes", "no"]) }).strict();
let mock: MockAnthropicServer;
let restore: () => void;
let clock: ManualClock;
beforeAll(async () => {
  mock = await MockAnthropicServer.start();
  // As a proxy for Anthropic's own SDK is configured: the host, no `/v1`.
  restore = withEnv({ ANTHROPIC_BASE_URL: mock.url, ANTHROPIC_API_KEY: "test-key" });
});
afterAll(async () => {
  restore?.();
  await mock?.close();
});
beforeEach(() => {
  mock.reset();
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

/** Posts a body straight to the mock, as a client without siturec's rules would. */
async function raw(body: Record<string, unknown>): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${mock.url}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "k", "anthropic-version": "2023-06-01" },
    body: JSON.stringify({ model: "claude-sonnet-4-5", max_tokens: 100, ...body }),
  });
  return { status: res.status, json: await res.json() };
}

describe("Anthropic's Messages API (mock): what siturec sends is what the API takes", () => {
  it("structured output as a forced tool call, with the role's max_tokens", async () => {
    mock.enqueue({ kind: "text", content: JSON.stringify({ decision: "yes" }) });
    const r = await completeStructured(client(), ask(), Decision, { name: "moderator_decision" });
    expect(r.value).toEqual({ decision: "yes" });
    const [sent] = mock.requests;
    expect(sent).toMatchObject({ forcedTool: "moderator_decision", tools: ["moderator_decision"] });
    expect(sent!.body.max_tokens).toBe(400);
    // A short system prompt (under Sonnet 4.5's 1,024-token minimum) carries no cache breakpoint.
    expect(sent!.cacheControl).toBe(false);
    expect(mock.refused).toEqual([]);
  });

  it("the API refuses what it documents: no max_tokens, an empty text block, 101 images, temperature with top_p", async () => {
    const bad = await raw({ max_tokens: undefined, messages: [{ role: "user", content: "hi" }] });
    expect(bad).toMatchObject({
      status: 400,
      json: { type: "error", error: { message: "max_tokens: Field required" } },
    });
    const empty = await raw({
      messages: [
        { role: "user", content: "q" },
        { role: "assistant", content: [{ type: "text", text: "" }] },
        { role: "user", content: "again" },
      ],
    });
    expect(empty.json).toMatchObject({
      error: { type: "invalid_request_error", message: "messages: text content blocks must be non-empty" },
    });
    const image = {
      type: "image",
      source: { type: "base64", media_type: "image/png", data: fakePng(64, 64).toString("base64") },
    };
    const many = await raw({ messages: [{ role: "user", content: Array(101).fill(image) }] });
    expect(many.json).toMatchObject({
      error: { message: "Too much media: 0 document pages + 101 images > 100" },
    });
    const both = await raw({ temperature: 0.5, top_p: 0.9, messages: [{ role: "user", content: "hi" }] });
    expect(both.status).toBe(400);
    expect(mock.refused).toHaveLength(4);
  });

  it("an empty answer: the repair request says so with a stand-in instead of an empty block, and is taken", async () => {
    mock.enqueue(
      { kind: "text", content: "" },
      { kind: "text", content: JSON.stringify({ decision: "no" }) },
    );
    const r = await completeStructured(client(), ask({ tools: undefined }), Decision, {
      name: "moderator_decision",
    });
    expect(r).toMatchObject({ value: { decision: "no" }, repaired: true });
    expect(mock.requests).toHaveLength(2);
    expect(mock.requests[1]!.body.messages[1]).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "(empty)" }],
    });
    expect(r.responses[1]!.warnings).toEqual([
      '1 empty text was sent as "(empty)" (anthropic refuses empty text)',
    ]);
    expect(mock.refused).toEqual([]);
  });

  it("a refusal (stop_reason refusal) is a warning on the call; the repair request goes on", async () => {
    mock.enqueue({ kind: "refusal" }, { kind: "text", content: JSON.stringify({ decision: "no" }) });
    const r = await completeStructured(client(), ask(), Decision, { name: "moderator_decision" });
    expect(r.responses[0]!.warnings).toContain("the provider's safety filter stopped the answer (a refusal)");
    expect(r.responses[0]).toMatchObject({ text: "", outputTokens: 0 });
    expect(r).toMatchObject({ value: { decision: "no" }, repaired: true });
    expect(mock.refused).toEqual([]);
  });

  it("a 429 is waited out as retry-after says, then retried", async () => {
    mock.enqueue({ kind: "status", status: 429, retryAfterSeconds: 7 }, { kind: "text", content: "fine" });
    const c = client();
    const waits: number[] = [];
    c.onRetry((e) => waits.push(e.waitMs));
    const r = await c.complete(ask({ output: undefined }));
    expect(r).toMatchObject({ text: "fine", attempts: 2 });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(7000);
    expect(waits[0]).toBeLessThanOrEqual(7700);
  });

  it("a 529 (overloaded), an unreadable body and a reset connection are retried", async () => {
    mock.enqueue(
      { kind: "status", status: 529 },
      { kind: "malformed" },
      { kind: "reset" },
      { kind: "text", content: "ok" },
    );
    const r = await new LlmClient({ noCache: true, maxRetries: 3, baseDelayMs: 10, clock }).complete(
      ask({ output: undefined }),
    );
    expect(r).toMatchObject({ text: "ok", attempts: 4 });
  });

  it("prompt caching: a prefix over the minimum is marked, written, then read; tokens and cost as reported, to the cent", async () => {
    const system =
      "Catalog: sm-001 Oat Milk | dairy alternatives | $3.49 | diet:vegan, allergen:none.\n".repeat(120);
    const c = client();
    const first = await c.complete(ask({ system }));
    const second = await c.complete(
      ask({ system, messages: [{ role: "user", content: "Shopper: where is the oat milk?" }] }),
    );
    expect(mock.requests.map((r) => r.cacheControl)).toEqual([true, true]);
    const [u1, u2] = mock.requests.map((r) => r.usage!);
    expect(u1!.cache_creation_input_tokens).toBeGreaterThan(1024);
    expect(u2!.cache_read_input_tokens).toBe(u1!.cache_creation_input_tokens);
    const price = DEFAULT_PRICES[MODEL]!;
    for (const [r, u] of [
      [first, u1!],
      [second, u2!],
    ] as const) {
      const input = u.input_tokens! + u.cache_creation_input_tokens! + u.cache_read_input_tokens!;
      expect(r.inputTokens).toBe(input);
      expect(r.cachedInputTokens ?? 0).toBe(u.cache_read_input_tokens);
      expect(r.cacheWriteTokens ?? 0).toBe(u.cache_creation_input_tokens);
      const cost = costOf(price, {
        inputTokens: input,
        cachedInputTokens: u.cache_read_input_tokens!,
        cacheWriteTokens: u.cache_creation_input_tokens!,
        outputTokens: u.output_tokens!,
      });
      expect(Math.round(r.costUsd * 100)).toBe(Math.round(cost * 100));
      expect(r.costUsd).toBeCloseTo(cost, 12);
    }
    expect(second.cacheSavingUsd).toBeGreaterThan(0);
  });

  it("101 images: the oldest is left out, 100 are sent, and the call says so", async () => {
    const content = Array.from({ length: 101 }, (_, i) => [
      { type: "text" as const, text: `Earlier view, turn ${i + 1}:` },
      { type: "image" as const, data: fakePng(640, 480), mediaType: "image/png" },
    ]).flat();
    const r = await client().complete(ask({ messages: [{ role: "user", content }] }));
    expect(mock.requests[0]!.images).toBe(100);
    expect(r.warnings).toEqual([
      "left out the 1 oldest image of 101: anthropic takes at most 100 images per request",
    ]);
    expect(mock.refused).toEqual([]);
  });
});
