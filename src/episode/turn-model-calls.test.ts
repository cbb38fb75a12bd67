import { describe, expect, it } from "vitest";
import type { PolicyReply } from "../agents/types.js";
import { sha256 } from "../core/hash.js";
import { MODEL_CALLS, modelCallsOf, withModelCalls } from "../core/model-call-record.js";
import type { LlmRequest, LlmResponse } from "../llm/client.js";
import { hashOnlyImages } from "../trajectory/image-sink.js";
import { turnModelCalls } from "./turn-model-calls.js";

const response: LlmResponse = {
  text: "{}",
  inputTokens: 10,
  outputTokens: 5,
  costUsd: 0.001,
  cached: false,
  attempts: 1,
  latencyMs: 12,
};
const system = "The same long system prompt every turn.";
const request = (text: string): LlmRequest => ({
  model: "m",
  system,
  messages: [{ role: "user", content: text }],
});
const modelReply = (over: Partial<PolicyReply<unknown>>): PolicyReply<unknown> => ({
  output: {},
  repaired: false,
  calls: [],
  transcripts: [{ request: request("turn"), response }],
  ...over,
});

describe("a turn's model calls", () => {
  it("by role in the order asked, with each role's format trouble; the system prompt kept once", async () => {
    const calls = await turnModelCalls(
      [
        [
          "assistant",
          modelReply({
            formatError: "ranking: too long",
            repaired: true,
            fencedJson: true,
            transcripts: [
              { request: request("a"), response },
              { request: request("a, repaired"), response, repair: true },
            ],
          }),
        ],
        ["shopper", { output: {}, calls: [] }],
        ["moderator", modelReply({ formatWarnings: ["trimmed whitespace: reason"] })],
      ],
      hashOnlyImages,
    );
    expect(calls?.roles.map((r) => [r.role, r.calls.map((c) => c.repair)])).toEqual([
      ["assistant", [false, true]],
      ["moderator", [false]],
    ]);
    expect(calls?.roles[0]).toMatchObject({
      formatError: "ranking: too long",
      repaired: true,
      fencedJson: true,
    });
    expect(calls?.roles[1]).toMatchObject({
      formatWarnings: ["trimmed whitespace: reason"],
      repaired: false,
    });
    expect(calls?.texts).toEqual({ [sha256(system)]: system });
  });

  it("nothing when no role made a model call (the built-in policies), or a role was not asked", async () => {
    const builtIn: PolicyReply<unknown> = { output: {}, calls: [] };
    expect(
      await turnModelCalls(
        [
          ["assistant", builtIn],
          ["moderator", undefined],
        ],
        hashOnlyImages,
      ),
    ).toBeUndefined();
  });

  it("travel with a copy of the turn to the store, never in the turn's JSON", async () => {
    const calls = await turnModelCalls([["assistant", modelReply({})]], hashOnlyImages);
    const record = { turn: 3, note: "x" };
    const carried = withModelCalls(record, calls);
    expect(modelCallsOf(carried)).toBe(calls);
    expect(modelCallsOf(record)).toBeUndefined();
    expect(JSON.stringify(carried)).toBe(JSON.stringify(record));
    expect(carried).toEqual(record);
    expect(Object.getOwnPropertySymbols(carried)).toEqual([MODEL_CALLS]);
    expect(withModelCalls(record, undefined)).toBe(record);
  });
});
