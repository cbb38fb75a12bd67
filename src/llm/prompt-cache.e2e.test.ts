import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LlmClient } from "./client.js";
import { cacheSavingOf, costOf, DEFAULT_PRICES, Price, PriceTable } from "./prices.js";
import { promptCacheOptions } from "./prompt-cache.js";
import { MockOpenAIServer } from "./testing/mock-openai-server.js";

let mock: MockOpenAIServer;
beforeAll(async () => {
  mock = await MockOpenAIServer.start();
});
afterAll(async () => {
  await mock.close();
});

describe("cached-token prices", () => {
  it("cost = uncached × input + cached × cachedInput + writes × cacheWrite + output × output", () => {
    const price = { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 };
    const u = { inputTokens: 10_000, cachedInputTokens: 6_000, cacheWriteTokens: 2_000, outputTokens: 500 };
    expect(costOf(price, u)).toBeCloseTo((2_000 * 3 + 6_000 * 0.3 + 2_000 * 3.75 + 500 * 15) / 1e6, 12);
    // Without cache figures, and in the legacy form, all input is uncached.
    expect(costOf(price, 10_000, 500)).toBeCloseTo((10_000 * 3 + 500 * 15) / 1e6, 12);
    // A missing cached price is the input price: nothing saved.
    expect(
      costOf({ input: 2, output: 8 }, { inputTokens: 1000, cachedInputTokens: 800, outputTokens: 0 }),
    ).toBe(0.002);
    expect(cacheSavingOf(price, u)).toBeCloseTo((6_000 * 2.7 - 2_000 * 0.75) / 1e6, 12);
  });

  it("every built-in entry is a valid price, cached input never dearer than input", () => {
    expect(PriceTable.safeParse(DEFAULT_PRICES).success).toBe(true);
    for (const [id, p] of Object.entries(DEFAULT_PRICES))
      expect(p.cachedInput ?? p.input, id).toBeLessThanOrEqual(p.input);
    expect(Price.safeParse({ input: 1, output: 2, cachedInput: -1 }).success).toBe(false);
    expect(Price.safeParse({ input: 1, output: 2, cachedReads: 1 }).success).toBe(false);
  });
});

describe("provider prompt caches", () => {
  it("marks Anthropic's system prompt with cache_control and leaves the others' requests as they were", () => {
    const messages = [{ role: "user" as const, content: "hi" }];
    expect(promptCacheOptions("anthropic", "SYSTEM", messages)).toEqual({
      system: {
        role: "system",
        content: "SYSTEM",
        providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } },
      },
      messages,
    });
    for (const provider of ["openai", "google", "openai-compatible"])
      expect(promptCacheOptions(provider, "SYSTEM", messages)).toEqual({ system: "SYSTEM", messages });
    expect(promptCacheOptions("anthropic", undefined, messages)).toEqual({ messages });
  });

  it("reads prompt_tokens_details.cached_tokens, costs them at the cached price, and tells the spend listeners", async () => {
    const model = mock.modelId("priced-vlm");
    const client = new LlmClient({
      cacheDir: mkdtempSync(join(tmpdir(), "siturec-pc-")),
      prices: { [model]: { input: 2.5, output: 10, cachedInput: 1.25 } },
    });
    const heard: unknown[] = [];
    client.onCall((c) => heard.push(c.response));
    mock.enqueue({
      kind: "text",
      content: "hello",
      inputTokens: 12_345,
      outputTokens: 67,
      cachedInputTokens: 10_240,
    });
    const r = await client.complete({ model, system: "S", messages: [{ role: "user", content: "q" }] });
    expect(r).toMatchObject({
      inputTokens: 12_345,
      cachedInputTokens: 10_240,
      outputTokens: 67,
      cached: false,
    });
    expect(r.cacheWriteTokens).toBeUndefined();
    const expected = (2_105 * 2.5 + 10_240 * 1.25 + 67 * 10) / 1e6;
    expect(Math.round(r.costUsd * 100)).toBe(Math.round(expected * 100));
    expect(r.costUsd).toBeCloseTo(expected, 12);
    expect(r.cacheSavingUsd).toBeCloseTo((10_240 * 1.25) / 1e6, 12);
    expect(heard).toHaveLength(1);
    // A reply without cache figures records none (so records without them keep their shape).
    mock.enqueue({ kind: "text", content: "again", inputTokens: 100, outputTokens: 2 });
    const plain = await client.complete({ model, system: "S", messages: [{ role: "user", content: "q2" }] });
    expect(Object.keys(plain)).not.toContain("cachedInputTokens");
    expect(Object.keys(plain)).not.toContain("cacheSavingUsd");
  });
});
