import { describe, expect, it } from "vitest";
import { LlmClient } from "./client.js";
import { ignoredPenalty, providerOptionsOf } from "./sampling-options.js";

describe("sampling options per provider", () => {
  it("sends a repetition penalty to OpenAI-compatible servers only, as the body field repetition_penalty", () => {
    expect(providerOptionsOf({ repetitionPenalty: 1.1 }, "openai-compatible").openaiCompatible).toEqual({
      strictJsonSchema: false,
      repetition_penalty: 1.1,
    });
    expect(providerOptionsOf({}, "openai-compatible").openaiCompatible).toEqual({ strictJsonSchema: false });
    for (const provider of ["openai", "anthropic", "google"])
      expect(JSON.stringify(providerOptionsOf({ repetitionPenalty: 1.1 }, provider))).not.toContain(
        "repetition",
      );
  });

  it("warns when a provider that takes none is given one", () => {
    expect(ignoredPenalty({ model: "openai:gpt-4o", repetitionPenalty: 1.1 }, "openai")).toEqual([
      "repetition penalty ignored by openai:gpt-4o (only OpenAI-compatible servers take one)",
    ]);
    expect(ignoredPenalty({ model: "anthropic:claude-x", repetitionPenalty: 1.2 }, "anthropic")).toHaveLength(
      1,
    );
    expect(ignoredPenalty({ model: "openai:gpt-4o" }, "openai")).toEqual([]);
    expect(
      ignoredPenalty(
        { model: "openai-compatible:m@http://h/v1", repetitionPenalty: 1.1 },
        "openai-compatible",
      ),
    ).toEqual([]);
  });

  it("keys the response cache on temperature, top-p, repetition penalty and seed", () => {
    const client = new LlmClient();
    const base = { model: "openai:gpt-4o", messages: [{ role: "user" as const, content: "hi" }] };
    const keys = [
      base,
      { ...base, temperature: 0.7 },
      { ...base, temperature: 0.7, topP: 0.9 },
      { ...base, temperature: 0.7, repetitionPenalty: 1.1 },
      { ...base, temperature: 0.7, repetitionPenalty: 1.1, seed: 1 },
      { ...base, temperature: 0.7, repetitionPenalty: 1.1, seed: 2 },
    ].map((r) => client.cacheKey(r));
    expect(new Set(keys).size).toBe(keys.length);
    // Who asks is not part of the key.
    expect(client.cacheKey({ ...base, tag: "shopper" })).toBe(keys[0]);
  });
});
