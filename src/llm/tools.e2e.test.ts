import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ManualClock } from "../core/testing/manual-clock.js";
import { type CallEvent, LlmClient, type LlmRequest } from "./client.js";
import { MockOpenAIServer } from "./testing/mock-openai-server.js";
import type { ToolSpec } from "./tools.js";

let mock: MockOpenAIServer;
const dirs: string[] = [];
beforeAll(async () => {
  mock = await MockOpenAIServer.start();
});
afterAll(async () => {
  await mock.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
beforeEach(() => {
  mock.requests.length = 0;
  mock.fallback = () => ({ kind: "text", content: "OK" });
});

const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "siturec-tools-"));
  dirs.push(d);
  return d;
};
// Time as the client sees it: it stands still while a request is out (no answer races the timeout,
// however slow the machine), a backoff passes at once, and a hang ends when the test moves it.
const fast = (dir?: string) =>
  new LlmClient({
    ...(dir ? { cacheDir: dir } : {}),
    baseDelayMs: 10,
    maxDelayMs: 1500,
    requestTimeoutMs: 400,
    maxRetries: 3,
    clock: new ManualClock({ autoSleep: true }),
  });

const BUY: ToolSpec = {
  name: "buy",
  description: "Buy a product.",
  inputSchema: z.object({ product_id: z.string().describe("The product's id.") }).strict(),
};
const LEAVE: ToolSpec = {
  name: "leave",
  description: "Leave without buying.",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
};

const request = (over: Partial<LlmRequest> = {}): LlmRequest => ({
  model: mock.modelId(),
  system: "You are a shopper.",
  messages: [{ role: "user", content: "What are you looking for?" }],
  tools: [BUY, LEAVE],
  temperature: 0.7,
  seed: 3,
  ...over,
});

describe("native tool calls", () => {
  it("declares the tools (zod and JSON Schema) and returns text and calls, with tokens and cost", async () => {
    const client = new LlmClient({ prices: { [mock.modelId()]: { input: 1, output: 2 } } });
    mock.enqueue({
      kind: "text",
      content: "That one, please.",
      toolCalls: [{ name: "buy", arguments: '{"product_id":"fc-017"}' }],
      inputTokens: 1000,
      outputTokens: 500,
    });
    const r = await client.complete(request());
    expect(r.text).toBe("That one, please.");
    expect(r.toolCalls).toEqual([{ id: "call-1", name: "buy", input: { product_id: "fc-017" } }]);
    expect(r).toMatchObject({ inputTokens: 1000, outputTokens: 500, cached: false, attempts: 1 });
    expect(r.costUsd).toBeCloseTo((1000 * 1 + 500 * 2) / 1e6);
    const sent = mock.requests[0]!;
    expect(sent.tools).toEqual(["buy", "leave"]);
    expect(sent.toolChoice).toBe("auto");
    expect(sent.body).toMatchObject({ temperature: 0.7, seed: 3 });
    const [buy, leave] = sent.body.tools as { function: { description: string; parameters: object } }[];
    expect(buy!.function.description).toBe("Buy a product.");
    expect(buy!.function.parameters).toEqual({
      type: "object",
      properties: { product_id: { type: "string", description: "The product's id." } },
      required: ["product_id"],
      additionalProperties: false,
    });
    expect(leave!.function.parameters).toEqual(LEAVE.inputSchema);
  });

  it("returns an unusable call (unknown tool, arguments not JSON, input breaking a zod schema) with its error, never throws", async () => {
    mock.enqueue({
      kind: "text",
      content: "",
      toolCalls: [
        { name: "buy_now", arguments: '{"product_id":"fc-017"}' },
        { name: "buy", arguments: '{"product_id": "fc-0' },
        { name: "buy", arguments: '{"product_id": 17}' },
        { name: "leave", arguments: '{"why": "no"}' },
      ],
    });
    const r = await fast().complete(request());
    expect(r.text).toBe("");
    expect(r.toolCalls).toEqual([
      {
        id: expect.any(String),
        name: "buy_now",
        input: { product_id: "fc-017" },
        error: expect.stringMatching(/buy_now/),
      },
      {
        id: expect.any(String),
        name: "buy",
        input: '{"product_id": "fc-0',
        error: expect.stringMatching(/buy/),
      },
      {
        id: expect.any(String),
        name: "buy",
        input: { product_id: 17 },
        error: expect.stringMatching(/product_id/),
      },
      // A JSON-Schema input is not checked here: the caller validates the call.
      { id: expect.any(String), name: "leave", input: { why: "no" } },
    ]);
  });

  it("sends tool calls and results back in the provider's format, with the tool choice", async () => {
    await fast().complete(
      request({
        toolChoice: "none",
        messages: [
          { role: "user", content: "jeans please" },
          {
            role: "assistant",
            content: "Let me look.",
            toolCalls: [
              { id: "c1", name: "buy", input: { product_id: "fc-001" } },
              { id: "c2", name: "buy", input: '{"product_id": "fc', error: "bad JSON" },
            ],
          },
          {
            role: "tool",
            results: [
              { id: "c1", name: "buy", output: "ok" },
              { id: "c2", name: "buy", output: "error: not JSON", isError: true },
            ],
          },
        ],
      }),
    );
    const sent = mock.requests[0]!;
    expect(sent.toolChoice).toBe("none");
    expect(sent.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "tool"]);
    expect(sent.messages.slice(2)).toMatchObject([
      {
        role: "assistant",
        content: "Let me look.",
        tool_calls: [
          { id: "c1", type: "function", function: { name: "buy", arguments: '{"product_id":"fc-001"}' } },
          { id: "c2", type: "function", function: { name: "buy" } },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "ok" },
      { role: "tool", tool_call_id: "c2", content: "error: not JSON" },
    ]);
  });

  it("caches tool calls by the full request: tools, tool choice and history are in the key, the tag is not", async () => {
    const dir = tmp();
    const client = fast(dir);
    const heard: CallEvent[] = [];
    client.onCall((c) => heard.push(c));
    mock.enqueue(
      { kind: "text", content: "a", toolCalls: [{ name: "leave", arguments: "{}" }] },
      { kind: "text", content: "b" },
      { kind: "text", content: "c" },
      { kind: "text", content: "d" },
      { kind: "text", content: "e" },
    );
    const first = await client.complete(request({ tag: "shopper" }));
    const again = await client.complete(request({ tag: "other", toolChoice: "auto" }));
    expect(again).toEqual({ ...first, cached: true, costUsd: 0, attempts: 0, latencyMs: 0 });
    expect(again.toolCalls).toEqual([{ id: expect.any(String), name: "leave", input: {} }]);
    expect(mock.requests).toHaveLength(1);
    expect((await client.complete(request({ toolChoice: "required" }))).text).toBe("b");
    expect((await client.complete(request({ tools: [BUY] }))).text).toBe("c");
    expect(
      (await client.complete(request({ tools: [{ ...BUY, description: "Buy it." }, LEAVE] }))).text,
    ).toBe("d");
    const withHistory = request({
      messages: [
        ...request().messages,
        { role: "assistant", content: "", toolCalls: [{ id: "x", name: "leave", input: {} }] },
        { role: "tool", results: [{ id: "x", name: "leave", output: "ok" }] },
      ],
    });
    expect((await client.complete(withHistory)).text).toBe("e");
    expect(heard.map((h) => [h.tag, h.response.cached])).toEqual([
      ["shopper", false],
      ["other", true],
      [undefined, false],
      [undefined, false],
      [undefined, false],
      [undefined, false],
    ]);
    // Every part of the history is keyed: a different call id, input, result or error misses.
    const key = (r: LlmRequest) => client.cacheKey(r);
    const base = key(withHistory);
    const vary = (f: (r: LlmRequest) => void) => {
      const r = { ...withHistory, messages: structuredClone(withHistory.messages) };
      f(r);
      return key(r);
    };
    const assistant = (r: LlmRequest) =>
      r.messages[1] as { toolCalls: { id: string; input: unknown; error?: string }[] };
    const tool = (r: LlmRequest) => r.messages[2] as { results: { output: string; isError?: boolean }[] };
    for (const changed of [
      vary((r) => (assistant(r).toolCalls[0]!.id = "y")),
      vary((r) => (assistant(r).toolCalls[0]!.input = { a: 1 })),
      vary((r) => (assistant(r).toolCalls[0]!.error = "bad")),
      vary((r) => (tool(r).results[0]!.output = "no")),
      vary((r) => (tool(r).results[0]!.isError = true)),
      vary((r) => (r.seed = 4)),
    ])
      expect(changed).not.toBe(base);
    // Images by content.
    const img = (b: number) =>
      request({
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: "Look:" },
              { type: "image", data: Buffer.from([b, 1, 2]), mediaType: "image/png" },
            ],
          },
        ],
      });
    expect(key(img(1))).toBe(key(img(1)));
    expect(key(img(1))).not.toBe(key(img(2)));
    // The cached entry carries the calls.
    const k = key(request());
    const entry = JSON.parse(readFileSync(join(dir, k.slice(0, 2), `${k}.json`), "utf8"));
    expect(entry.toolCalls).toEqual(first.toolCalls);
  });

  it("answers a model that breaks the tool choice as it answered, with what it cost", async () => {
    mock.enqueue(
      {
        kind: "text",
        content: "Here you go.",
        toolCalls: [{ name: "buy", arguments: '{"product_id":"fc-2"}' }],
        inputTokens: 40,
        outputTokens: 9,
      },
      { kind: "text", content: "No call from me.", inputTokens: 30, outputTokens: 4 },
    );
    const none = await fast().complete(request({ toolChoice: "none" }));
    expect(none).toMatchObject({
      text: "Here you go.",
      toolCalls: [
        {
          name: "buy",
          input: { product_id: "fc-2" },
          error: "called although the tool choice was none",
        },
      ],
      inputTokens: 40,
      outputTokens: 9,
      attempts: 1,
    });
    const required = await fast().complete(request({ toolChoice: "required" }));
    expect(required).toMatchObject({
      text: "No call from me.",
      toolCalls: [],
      inputTokens: 30,
      outputTokens: 4,
    });
  });

  it("retries with tools declared, as any call", async () => {
    mock.enqueue(
      { kind: "status", status: 429, retryAfterSeconds: 0 },
      { kind: "status", status: 503 },
      { kind: "text", content: "", toolCalls: [{ name: "buy", arguments: '{"product_id":"fc-1"}' }] },
    );
    const client = fast();
    const retries: string[] = [];
    client.onRetry((r) => retries.push(r.reason));
    const r = await client.complete(request());
    expect(r).toMatchObject({ attempts: 3, toolCalls: [{ name: "buy", input: { product_id: "fc-1" } }] });
    expect(retries).toEqual(["rate limited (429)", "server error 503"]);
    expect(mock.requests.every((q) => q.tools.length === 2)).toBe(true);
    mock.enqueue({ kind: "status", status: 400 });
    await expect(fast().complete(request())).rejects.toMatchObject({ name: "LlmError", kind: "http" });
  });

  it("without tools, returns no calls and declares none; a request may not have both tools and structured output", async () => {
    const r = await fast().complete({ ...request(), tools: [], toolChoice: "required" });
    expect(r.toolCalls).toEqual([]);
    expect(mock.requests[0]!.tools).toEqual([]);
    expect(mock.requests[0]!.toolChoice).toBeUndefined();
    await expect(
      fast().complete(request({ output: { name: "answer", schema: { type: "object" } } })),
    ).rejects.toThrow(/tools or ask for structured output, not both/);
    await expect(fast().complete(request({ tools: [BUY, BUY] }))).rejects.toThrow(/declared twice/);
  });
});

describe("cache keys of requests without tools", () => {
  // Computed by the client before tools existed: cached responses and recorded runs are found by
  // these keys, so they must never change.
  const model = "openai-compatible:pinned-vlm@http://127.0.0.1:9/v1";
  const plain: LlmRequest = {
    model,
    tag: "assistant",
    system: "You are helpful.",
    messages: [
      { role: "user", content: "hi" },
      { role: "assistant", content: "hello" },
      {
        role: "user",
        content: [
          { type: "text", text: "What is this?" },
          { type: "image", data: Buffer.from("89504e470d0a1a0a", "hex"), mediaType: "image/png" },
        ],
      },
    ],
    temperature: 0,
    seed: 3,
    maxOutputTokens: 200,
  };
  const structured: LlmRequest = {
    model,
    messages: [{ role: "user", content: "?" }],
    output: {
      name: "answer",
      schema: {
        type: "object",
        properties: { answer: { type: "string", enum: ["yes", "no"] } },
        required: ["answer"],
      },
    },
  };
  const PLAIN_KEY = "00d26c119b7e02040154a32b8d39b4770764ff81f34cbc5d96e9d446e5f5039b";
  const STRUCTURED_KEY = "6803d593ab8603b668b1f02193c13975ad5fcd665728169442c22fe7ad322530";

  it("are what they were", () => {
    expect(new LlmClient().cacheKey(plain)).toBe(PLAIN_KEY);
    expect(new LlmClient().cacheKey({ ...plain, toolChoice: "none", tools: [] })).toBe(PLAIN_KEY);
    expect(new LlmClient({ structuredOutput: "json_schema" }).cacheKey(structured)).toBe(STRUCTURED_KEY);
    expect(new LlmClient().cacheKey(structured)).toBe(STRUCTURED_KEY);
  });

  it("find an entry written before tools existed, in its old shape (the server is never asked)", async () => {
    const dir = tmp();
    mkdirSync(join(dir, PLAIN_KEY.slice(0, 2)));
    writeFileSync(
      join(dir, PLAIN_KEY.slice(0, 2), `${PLAIN_KEY}.json`),
      JSON.stringify({ text: "from the old cache", inputTokens: 7, outputTokens: 3 }),
    );
    const r = await new LlmClient({ cacheDir: dir, maxRetries: 0 }).complete(plain);
    expect(r).toEqual({
      text: "from the old cache",
      toolCalls: [],
      inputTokens: 7,
      outputTokens: 3,
      costUsd: 0,
      cached: true,
      attempts: 0,
      latencyMs: 0,
    });
  });

  it("write entries of the old shape (no toolCalls field)", async () => {
    const dir = tmp();
    mock.enqueue({ kind: "text", content: "plain", inputTokens: 5, outputTokens: 1 });
    const req: LlmRequest = { model: mock.modelId(), messages: [{ role: "user", content: "hi" }] };
    await fast(dir).complete(req);
    const key = new LlmClient().cacheKey(req);
    expect(JSON.parse(readFileSync(join(dir, key.slice(0, 2), `${key}.json`), "utf8"))).toEqual({
      text: "plain",
      inputTokens: 5,
      outputTokens: 1,
    });
  });
});
