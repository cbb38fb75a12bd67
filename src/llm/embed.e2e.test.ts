import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../core/testing/manual-clock.js";
import { type CallEvent, LlmClient, LlmError } from "./client.js";
import { MockOpenAIServer, mockEmbedding } from "./testing/mock-openai-server.js";

let mock: MockOpenAIServer;
beforeAll(async () => {
  mock = await MockOpenAIServer.start();
});
afterAll(async () => {
  await mock.close();
});
beforeEach(() => {
  mock.embeddingRequests.length = 0;
  delete mock.embeddingFault;
});

const client = (dir?: string, prices = {}) =>
  new LlmClient({
    ...(dir ? { cacheDir: dir } : {}),
    baseDelayMs: 10,
    maxDelayMs: 100,
    maxRetries: 2,
    prices,
    // A backoff passes at once; no request races a timeout however slow the machine.
    clock: new ManualClock({ autoSleep: true }),
  });
const tmp = () => mkdtempSync(join(tmpdir(), "siturec-embed-"));

describe("LlmClient.embed", () => {
  it("embeds texts in order through the provider's embedding model (embedMany), costed at its price", async () => {
    const model = mock.modelId("mock-embed");
    const events: CallEvent[] = [];
    const c = client(undefined, { [model]: { input: 1, output: 0 } });
    c.onCall((e) => events.push(e));
    const r = await c.embed({ model, texts: ["red wool sweater", "gaming laptop"], tag: "retrieval" });
    expect(mock.embeddingRequests).toEqual([
      { model: "mock-embed", input: ["red wool sweater", "gaming laptop"] },
    ]);
    expect(r.embeddings.map((v) => [...v])).toEqual(
      ["red wool sweater", "gaming laptop"].map((t) => [...Float32Array.from(mockEmbedding(t))]),
    );
    expect(r.inputTokens).toBe(4 + 4);
    expect(r.costUsd).toBeCloseTo(8e-6, 12);
    expect(r).toMatchObject({ cached: false, cachedTexts: 0, attempts: 1 });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ tag: "retrieval", model, response: { inputTokens: 8, cached: false } });
  });

  it("caches each text by content: a repeat sends nothing and costs nothing; a new text alone is sent", async () => {
    const dir = tmp();
    const model = mock.modelId("mock-embed");
    const first = await client(dir).embed({ model, texts: ["a", "b"] });
    const again = await client(dir).embed({ model, texts: ["b", "a"] });
    expect(mock.embeddingRequests).toHaveLength(1);
    expect(again).toMatchObject({ cached: true, cachedTexts: 2, costUsd: 0, attempts: 0, inputTokens: 0 });
    expect([...again.embeddings[0]!]).toEqual([...first.embeddings[1]!]);
    await client(dir).embed({ model, texts: ["a", "c", "c"] });
    expect(mock.embeddingRequests.at(-1)!.input).toEqual(["c"]);
    // Another model is another key.
    await client(dir).embed({ model: mock.modelId("other-embed"), texts: ["a"] });
    expect(mock.embeddingRequests).toHaveLength(3);
  });

  it("retries a failed attempt like completions, and names models without embeddings", async () => {
    mock.embeddingFault = { status: 503, times: 1 };
    const r = await client().embed({ model: mock.modelId("mock-embed"), texts: ["x"] });
    expect(r.attempts).toBe(2);
    mock.embeddingFault = { status: 400, times: 1 };
    await expect(client().embed({ model: mock.modelId("mock-embed"), texts: ["y"] })).rejects.toBeInstanceOf(
      LlmError,
    );
    await expect(client().embed({ model: "anthropic:claude-haiku-4-5", texts: ["z"] })).rejects.toThrow(
      /no embedding models/,
    );
  });
});
