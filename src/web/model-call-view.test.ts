import { describe, expect, it } from "vitest";
import type { ModelCallRecord } from "../core/model-call-record.js";
import { turnCallsView } from "./model-call-view.js";

const call: ModelCallRecord = {
  model: "m",
  repair: false,
  system: { sha256: "a".repeat(64), chars: 12 },
  messages: [{ role: "user", content: "Turn 0." }],
  output: { name: "assistant_turn", schema: { sha256: "b".repeat(64), chars: 20 } },
  sampling: { temperature: 0 },
  reply: { text: "{}", toolCalls: [] },
  usage: {
    inputTokens: 1000,
    cachedInputTokens: 600,
    cacheWriteTokens: 0,
    outputTokens: 9,
    costUsd: 0.001,
    cached: false,
    attempts: 1,
    latencyMs: 30,
  },
};

describe("a turn's stored calls as the replay shows them", () => {
  it("resolves texts, counts uncached tokens, makes every message parts; a missing text says so", () => {
    const v = turnCallsView(3, {
      roles: [{ role: "assistant", calls: [call], repaired: false }],
      texts: { ["a".repeat(64)]: "You are kind." },
    });
    const c = v.roles[0]!.calls[0]!;
    expect([v.turn, c.system, c.usage.uncachedInputTokens, c.providerWarnings]).toEqual([
      3,
      "You are kind.",
      400,
      [],
    ]);
    expect(c.messages).toEqual([{ role: "user", parts: [{ type: "text", text: "Turn 0." }] }]);
    expect(c.output?.schema).toBe(`(text ${"b".repeat(64)} is not in this store: 20 characters)`);
  });
});
