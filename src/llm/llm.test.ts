import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { LlmClient, LlmError, retryAfterMs } from "./client.js";
import { parseModelId } from "./model-id.js";
import { redact } from "./redact.js";
import { completeStructured, extractJson } from "./structured.js";
import { MockOpenAIServer } from "./testing/mock-openai-server.js";

let mock: MockOpenAIServer;
beforeAll(async () => {
  mock = await MockOpenAIServer.start();
});
afterAll(async () => {
  await mock.close();
});
beforeEach(() => {
  mock.requests.length = 0;
  mock.fallback = () => ({ kind: "text", content: "OK" });
});

const fast = (dir?: string) =>
  new LlmClient({
    ...(dir ? { cacheDir: dir } : {}),
    baseDelayMs: 10,
    maxDelayMs: 1500,
    requestTimeoutMs: 400,
    maxRetries: 3,
  });
const image = Buffer.from("89504e470d0a1a0a", "hex");

describe("model ids", () => {
  it("parse providers and OpenAI-compatible servers", () => {
    expect(parseModelId("openai:gpt-4o")).toEqual({
      id: "openai:gpt-4o",
      provider: "openai",
      model: "gpt-4o",
    });
    expect(parseModelId("openai-compatible:qwen3-vl-8b@http://127.0.0.1:8000/v1/")).toMatchObject({
      provider: "openai-compatible",
      model: "qwen3-vl-8b",
      baseURL: "http://127.0.0.1:8000/v1",
    });
    expect(() => parseModelId("acme:x")).toThrow(/unknown provider 'acme'/);
    expect(() => parseModelId("gpt-4o")).toThrow(/provider:model/);
    expect(() => parseModelId("openai-compatible:qwen")).toThrow(/MODEL@BASE_URL/);
  });
});

describe("LlmClient against the mock server", () => {
  it("sends images, counts tokens and costs, and serves an identical rerun from the cache with no request", async () => {
    const dir = mkdtempSync(join(tmpdir(), "siturec-cache-"));
    mock.enqueue({ kind: "text", content: "a shelf of cereal", inputTokens: 1200, outputTokens: 8 });
    const req = {
      model: mock.modelId(),
      system: "Describe the image.",
      messages: [
        {
          role: "user" as const,
          content: [
            { type: "text" as const, text: "What do you see?" },
            { type: "image" as const, data: image, mediaType: "image/png" },
          ],
        },
      ],
      temperature: 0,
    };
    const first = await fast(dir).complete(req);
    expect(first).toMatchObject({
      text: "a shelf of cereal",
      inputTokens: 1200,
      outputTokens: 8,
      cached: false,
      attempts: 1,
    });
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]!.images).toBe(1);
    const client = fast(dir);
    const second = await client.complete(req);
    expect(second).toMatchObject({ text: "a shelf of cereal", cached: true, attempts: 0 });
    expect(client.httpAttempts).toBe(0);
    expect(mock.requests).toHaveLength(1);
    const other = await client.complete({ ...req, temperature: 0.7 });
    expect(other.cached).toBe(false);
  });

  it("retries a 429, honouring retry-after", async () => {
    mock.enqueue(
      { kind: "status", status: 429, retryAfterSeconds: 1 },
      { kind: "text", content: "after the wait" },
    );
    const t = performance.now();
    const r = await fast().complete({ model: mock.modelId(), messages: [{ role: "user", content: "hi" }] });
    expect(r).toMatchObject({ text: "after the wait", attempts: 2 });
    expect(performance.now() - t).toBeGreaterThanOrEqual(950);
  });

  it("retries 500s and a hang past the timeout", async () => {
    mock.enqueue(
      { kind: "status", status: 500 },
      { kind: "hang", ms: 1500 },
      { kind: "text", content: "third time" },
    );
    const r = await fast().complete({ model: mock.modelId(), messages: [{ role: "user", content: "hi" }] });
    expect(r).toMatchObject({ text: "third time", attempts: 3 });
  });

  it("gives up after the retries with an LlmError, and never caches an error", async () => {
    const dir = mkdtempSync(join(tmpdir(), "siturec-cache-"));
    mock.fallback = () => ({ kind: "status", status: 503 });
    const err = await fast(dir)
      .complete({ model: mock.modelId(), messages: [{ role: "user", content: "hi" }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).message).toMatch(/server error 503 \(after 4 attempts\)/);
    mock.fallback = () => ({ kind: "text", content: "fine now" });
    expect(
      (await fast(dir).complete({ model: mock.modelId(), messages: [{ role: "user", content: "hi" }] })).text,
    ).toBe("fine now");
  });

  it("names the missing key variable, and reports an unreachable host", async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    const err = await fast()
      .complete({ model: "openai:gpt-4o", messages: [{ role: "user", content: "hi" }] })
      .catch((e: unknown) => e as LlmError);
    expect(err).toMatchObject({ kind: "missing_key" });
    expect((err as LlmError).message).toContain("OPENAI_API_KEY");
    if (saved) process.env.OPENAI_API_KEY = saved;
    const down = await fast()
      .complete({
        model: "openai-compatible:m@http://127.0.0.1:59999/v1",
        messages: [{ role: "user", content: "hi" }],
      })
      .catch((e: unknown) => e as LlmError);
    expect(down).toMatchObject({ kind: "unreachable" });
  });
});

describe("structured output", () => {
  const Schema = z.object({ answer: z.enum(["yes", "no"]) }).strict();

  it("accepts fenced JSON", async () => {
    mock.enqueue({ kind: "text", content: '```json\n{"answer": "yes"}\n```' });
    const r = await completeStructured(
      fast(),
      { model: mock.modelId(), messages: [{ role: "user", content: "?" }] },
      Schema,
    );
    expect(r).toMatchObject({ value: { answer: "yes" }, repaired: false });
  });

  it("repairs malformed JSON once, quoting the error", async () => {
    mock.enqueue({ kind: "text", content: '{"answer": yes' }, { kind: "text", content: '{"answer": "no"}' });
    const r = await completeStructured(
      fast(),
      { model: mock.modelId(), messages: [{ role: "user", content: "?" }] },
      Schema,
    );
    expect(r).toMatchObject({ value: { answer: "no" }, repaired: true });
    const repair = mock.requests.at(-1)!.messages.at(-1)!;
    expect(String(repair.content)).toContain("not valid JSON");
  });

  it("records a format error when JSON breaks the schema twice", async () => {
    mock.enqueue(
      { kind: "text", content: '{"answer": "maybe"}' },
      { kind: "text", content: '{"reply": "yes"}' },
    );
    const r = await completeStructured(
      fast(),
      { model: mock.modelId(), messages: [{ role: "user", content: "?" }] },
      Schema,
    );
    expect(r.value).toBeUndefined();
    expect(r.formatError).toMatch(/answer/);
    expect(String(mock.requests.at(-1)!.messages.at(-1)!.content)).toContain(
      'Invalid option: expected one of "yes"|"no"',
    );
  });

  it("extracts the JSON object from chatter", () => {
    expect(extractJson('Sure! {"a": 1} Hope that helps.')).toEqual({ a: 1 });
    expect(() => extractJson("no json here")).toThrow();
  });
});

describe("secrets", () => {
  it("never shows an API key", () => {
    process.env.ANTHROPIC_API_KEY = "sk-ant-test-1234567890abcdef";
    expect(redact("failed with key sk-ant-test-1234567890abcdef in header")).toBe(
      "failed with key [redacted] in header",
    );
    expect(redact("Authorization: Bearer abcdefghijklmnopqrstuvwxyz")).toBe("Authorization: [redacted]");
    delete process.env.ANTHROPIC_API_KEY;
  });

  it("reads retry-after in seconds, milliseconds or a date", () => {
    expect(retryAfterMs({ "Retry-After": "2" })).toBe(2000);
    expect(retryAfterMs({ "retry-after-ms": "150" })).toBe(150);
    expect(retryAfterMs({})).toBeUndefined();
  });
});
