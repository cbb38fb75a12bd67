import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ManualClock } from "../core/testing/manual-clock.js";
import { LlmClient, LlmError, retryAfterMs, structuredModeFor } from "./client.js";
import { parseModelId } from "./model-id.js";
import { redact } from "./redact.js";
import { completeStructured, extractJson, validateLeniently } from "./structured.js";
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
  mock.onHang = undefined;
  mock.fallback = () => ({ kind: "text", content: "OK" });
});

// Time as the client sees it stands still while a request is out, so no answer races the 400 ms
// timeout however slow the machine; a backoff passes at once (and shows in clock.slept); a hang ends
// only when the test moves the clock past the timeout.
let clock: ManualClock;
beforeEach(() => {
  clock = new ManualClock({ autoSleep: true });
});
const fast = (dir?: string) =>
  new LlmClient({
    ...(dir ? { cacheDir: dir } : {}),
    baseDelayMs: 10,
    maxDelayMs: 1500,
    requestTimeoutMs: 400,
    maxRetries: 3,
    clock,
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
    const r = await fast().complete({ model: mock.modelId(), messages: [{ role: "user", content: "hi" }] });
    expect(r).toMatchObject({ text: "after the wait", attempts: 2 });
    // One wait, of the second asked for (plus at most 10% jitter), not the 10 ms backoff.
    expect(clock.slept).toHaveLength(1);
    expect(clock.slept[0]).toBeGreaterThanOrEqual(1000);
    expect(clock.slept[0]).toBeLessThanOrEqual(1100);
  });

  it("retries 500s and a hang past the timeout", async () => {
    mock.enqueue({ kind: "status", status: 500 }, { kind: "hang" }, { kind: "text", content: "third time" });
    mock.onHang = () => void clock.advance(400);
    const r = await fast().complete({ model: mock.modelId(), messages: [{ role: "user", content: "hi" }] });
    expect(r).toMatchObject({ text: "third time", attempts: 3 });
  });

  it("retries a connection the server resets", async () => {
    mock.enqueue({ kind: "reset" }, { kind: "text", content: "after the reset" });
    const r = await fast().complete({ model: mock.modelId(), messages: [{ role: "user", content: "hi" }] });
    expect(r).toMatchObject({ text: "after the reset", attempts: 2 });
  });

  it("ignores a damaged cache entry: it refetches and overwrites it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "siturec-cache-"));
    const req = { model: mock.modelId(), messages: [{ role: "user" as const, content: "cache me" }] };
    mock.enqueue({ kind: "text", content: "first" });
    await fast(dir).complete(req);
    const [sub] = readdirSync(dir);
    const [file] = readdirSync(join(dir, sub!));
    for (const damage of ["null", '{"text": 5}', "{ truncated"]) {
      writeFileSync(join(dir, sub!, file!), damage);
      mock.enqueue({ kind: "text", content: "refetched" });
      const r = await fast(dir).complete(req);
      expect(r, damage).toMatchObject({ text: "refetched", cached: false });
    }
    expect((await fast(dir).complete(req)).cached).toBe(true);
  });

  it("a hung server: each retry is announced, and the call ends at its deadline", async () => {
    mock.fallback = () => ({ kind: "hang" });
    mock.onHang = () => void clock.advance(300);
    const client = new LlmClient({
      requestTimeoutMs: 300,
      callDeadlineMs: 1000,
      maxRetries: 10,
      baseDelayMs: 10,
      maxDelayMs: 50,
      clock,
    });
    const retries: string[] = [];
    client.onRetry((r) => retries.push(`${r.attempt}/${r.maxAttempts}: ${r.reason}`));
    const err = await client
      .complete({ model: mock.modelId(), messages: [{ role: "user", content: "hi" }] })
      .catch((e: unknown) => e as LlmError);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).message).toMatch(
      /no answer within the call's deadline of 1 s \(\d attempts; last: request timed out\)/,
    );
    // Every attempt timed out, and no wait was begun that would end past the deadline.
    expect(mock.requests).toHaveLength(retries.length + 1);
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBeLessThan(1000);
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(retries[0]).toBe("1/11: request timed out");
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
      { name: "answer" },
    );
    expect(r).toMatchObject({ value: { answer: "yes" }, repaired: false });
  });

  it("repairs malformed JSON once, quoting the error", async () => {
    mock.enqueue({ kind: "text", content: '{"answer": yes' }, { kind: "text", content: '{"answer": "no"}' });
    const r = await completeStructured(
      fast(),
      { model: mock.modelId(), messages: [{ role: "user", content: "?" }] },
      Schema,
      { name: "answer" },
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
      { name: "answer" },
    );
    expect(r.value).toBeUndefined();
    expect(r.formatError).toMatch(/answer/);
    expect(String(mock.requests.at(-1)!.messages.at(-1)!.content)).toContain(
      'Invalid option: expected one of "yes"|"no"',
    );
  });

  it("sends the schema as the provider's native response format (non-strict), or as a forced tool, or not at all", async () => {
    mock.fallback = () => ({ kind: "text", content: '{"answer": "yes"}' });
    const ask = (mode: "json_schema" | "tool" | "prompt") =>
      completeStructured(
        new LlmClient({ structuredOutput: mode }),
        { model: mock.modelId(), messages: [{ role: "user", content: "?" }], seed: 3 },
        Schema,
        { name: "answer" },
      );
    expect((await ask("json_schema")).value).toEqual({ answer: "yes" });
    const json = mock.requests.at(-1)!.body;
    expect(json.response_format).toMatchObject({
      type: "json_schema",
      json_schema: {
        name: "answer",
        strict: false,
        schema: { properties: { answer: { enum: ["yes", "no"] } } },
      },
    });
    expect(json.seed).toBe(3);
    expect((await ask("tool")).value).toEqual({ answer: "yes" });
    const forced = mock.requests.at(-1)!.body;
    expect(forced.tool_choice).toEqual({ type: "function", function: { name: "answer" } });
    expect(forced.response_format).toBeUndefined();
    expect((await ask("prompt")).value).toEqual({ answer: "yes" });
    expect(mock.requests.at(-1)!.body.response_format).toBeUndefined();
  });

  it("auto picks the provider's way; a seed goes only where it is accepted", () => {
    expect(structuredModeFor("openai-compatible", "auto")).toBe("json_schema");
    expect(structuredModeFor("google", "auto")).toBe("json_schema");
    expect(structuredModeFor("anthropic", "auto")).toBe("tool");
    expect(structuredModeFor("anthropic", "prompt")).toBe("prompt");
  });

  it("is lenient where the meaning stays: unknown keys dropped, a list cut to its limit, whitespace trimmed, each a warning", () => {
    const Turn = z
      .object({
        utterance: z.string().min(1),
        ranking: z.array(z.string()).max(3),
        act: z.object({ type: z.string() }).strict(),
      })
      .strict();
    const r = validateLeniently(
      { utterance: " Hi! \n", ranking: ["a", "b", "c", "d"], act: { type: "Greet", why: "x" }, mood: "good" },
      Turn,
      ["ranking"],
    );
    expect(r).toEqual({
      ok: true,
      value: { utterance: "Hi!", ranking: ["a", "b", "c"], act: { type: "Greet" } },
      warnings: [
        "trimmed whitespace: utterance",
        "ranking had 4 entries; kept the first 3",
        "dropped unknown key why in act",
        "dropped unknown key mood",
      ],
    });
    // A list that may not be cut, or a missing field, stays an error.
    expect(validateLeniently({ utterance: "Hi", ranking: [], act: {} }, Turn).ok).toBe(false);
    expect(
      validateLeniently({ utterance: "Hi", ranking: ["a", "b", "c", "d"], act: { type: "x" } }, Turn).ok,
    ).toBe(false);
  });

  it("the AI SDK's warnings go to stderr, once each, never to stdout", () => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const out = process.stdout.write;
    const err = process.stderr.write;
    process.stdout.write = ((t: string) => stdout.push(t) > 0) as typeof process.stdout.write;
    process.stderr.write = ((t: string) => stderr.push(t) > 0) as typeof process.stderr.write;
    try {
      const log = (globalThis as { AI_SDK_LOG_WARNINGS?: (o: unknown) => void }).AI_SDK_LOG_WARNINGS!;
      const warning = {
        warnings: [{ type: "unsupported", feature: "seed" }],
        provider: "openai",
        model: "gpt-x",
      };
      log(warning);
      log(warning);
    } finally {
      process.stdout.write = out;
      process.stderr.write = err;
    }
    expect(stdout).toEqual([]);
    expect(stderr).toEqual(["siturec: openai gpt-x: unsupported: seed\n"]);
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
