import { describe, expect, it } from "vitest";
import { sha256 } from "../core/hash.js";
import { modelCallsOf } from "../core/model-call-record.js";
import type { LlmResponse } from "../llm/client.js";
import type { Turn } from "./chat/turn.js";
import { UsageLedger, usageOf } from "./llm-agents/usage.js";
import { CustomerSimRound, storedRound } from "./stored-conversation.js";

const response: LlmResponse = {
  text: "Hi! Any colour you like?",
  toolCalls: [],
  inputTokens: 50,
  outputTokens: 8,
  costUsd: 0.0001,
  cached: false,
  attempts: 1,
  latencyMs: 20,
};
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 9]);
const turn = (index: number, role: "shopper" | "sales", text: string): Turn => ({
  index,
  round: 1,
  role,
  text,
  toolCalls: [],
  toolResults: [],
  recommended: [],
  formatErrors: [],
});
const transcript = [turn(0, "shopper", "I need jeans."), turn(1, "sales", "Hi! Any colour you like?")];

describe("a CustomerSim round carries its agents' model calls to the store", () => {
  it("each role's requests and raw replies, pictures by hash; the round's JSON is as before", () => {
    const ledger = new UsageLedger();
    const system = "You are a salesperson.";
    for (const step of [1, 0])
      ledger.record(
        { ...usageOf("m", response), role: "sales", round: 1, step },
        {
          request: {
            model: "m",
            system,
            messages: [
              {
                role: "user",
                content: [
                  { type: "text", text: `step ${step}` },
                  { type: "image", data: png, mediaType: "image/png" },
                ],
              },
            ],
          },
          response,
        },
      );
    ledger.record({ ...usageOf("m", response), role: "shopper", round: 2, step: 0 });
    const round = storedRound(transcript, 1, ledger.calls);
    const calls = modelCallsOf(round);
    expect(calls?.roles.map((r) => [r.role, r.calls.map((c) => c.messages[0])])).toEqual([
      [
        "sales",
        [0, 1].map((step) => ({
          role: "user",
          content: [
            { type: "text", text: `step ${step}` },
            { type: "image", image: sha256(png), mediaType: "image/png" },
          ],
        })),
      ],
    ]);
    expect(calls?.texts).toEqual({ [sha256(system)]: system });
    expect(JSON.stringify(round)).not.toContain("You are a salesperson");
    expect(CustomerSimRound.parse(JSON.parse(JSON.stringify(round))).calls).toHaveLength(2);
  });

  it("a round of built-in agents carries none", () => {
    const ledger = new UsageLedger();
    ledger.record({ ...usageOf("m", response), role: "sales", round: 1, step: 0 });
    expect(modelCallsOf(storedRound(transcript, 1, ledger.calls))).toBeUndefined();
    expect(modelCallsOf(storedRound(transcript, 1, []))).toBeUndefined();
  });
});
