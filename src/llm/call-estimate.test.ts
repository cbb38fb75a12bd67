import { describe, expect, it } from "vitest";
import { episodeInput, estimateCalls } from "./call-estimate.js";

describe("an episode's input tokens", () => {
  it("grows each call by a dialogue entry per earlier turn and an earlier view per earlier turn up to the cap", () => {
    expect(episodeInput(1000, 4)).toBe(4000);
    const g = { perTurn: 100, perView: 400 };
    // Calls 0..3 carry 0..3 entries; with a cap of 2 views, 0, 1, 2, 2 views.
    expect(episodeInput(1000, 4, { ...g, viewCap: 2 })).toBe(4000 + 100 * 6 + 400 * 5);
    expect(episodeInput(1000, 4, { ...g, viewCap: "all" })).toBe(4000 + 100 * 6 + 400 * 6);
    expect(episodeInput(1000, 4, { ...g, viewCap: 0 })).toBe(4000 + 100 * 6);
    expect(episodeInput(1000, 0, { ...g, viewCap: "all" })).toBe(0);
  });
});

describe("what an estimate assumes the provider's prompt cache serves", () => {
  const request = (model: string, repeat: number) => ({
    model,
    system: "Catalog: sm-001 Oat Milk | dairy alternatives | $3.49 | diet:vegan.\n".repeat(repeat),
    messages: [{ role: "user" as const, content: "q" }],
  });
  const estimate = (model: string, repeat: number) =>
    estimateCalls({
      role: "moderator",
      requests: [request(model, repeat)],
      calls: { low: 10, high: 10 },
      cacheWrites: 1,
      hitRate: 1,
      prices: {},
    });

  it("only a prefix of at least the model's minimum: a short prompt is costed uncached (Anthropic: no write)", () => {
    const short = estimate("anthropic:claude-sonnet-4-5", 20);
    expect(short.prefixTokens).toBeLessThan(1024);
    expect(short.cachedInputTokens).toEqual({ low: 0, high: 0 });
    expect(short.cacheWriteTokens).toEqual({ low: 0, high: 0 });
    expect(short.costUsd).toEqual(short.costWithoutCacheUsd);
    const long = estimate("anthropic:claude-sonnet-4-5", 150);
    expect(long.cacheWriteTokens.low).toBe(long.prefixTokens);
    expect(long.cachedInputTokens.low).toBe(9 * long.prefixTokens);
  });

  it("per model: about 2,000 tokens is cached for Sonnet 4.5 (1,024) and Gemini 2.5 (2,048) but not Haiku 4.5 (4,096)", () => {
    expect(estimate("anthropic:claude-sonnet-4-5", 150).cachedInputTokens.low).toBeGreaterThan(0);
    expect(estimate("anthropic:claude-haiku-4-5", 150).cachedInputTokens.low).toBe(0);
    const gemini = estimate("google:gemini-2.5-flash", 200);
    expect(gemini.prefixTokens).toBeGreaterThan(2048);
    expect(gemini.cachedInputTokens.low).toBe(9 * gemini.prefixTokens);
    expect(estimate("google:gemini-2.0-flash", 200).cachedInputTokens.low).toBe(0);
  });
});
