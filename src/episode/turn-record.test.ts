import { describe, expect, it } from "vitest";
import type { CallUsage, PolicyReply } from "../agents/types.js";
import { addUsage } from "../trajectory/usage.js";
import { usageOf } from "./turn-record.js";

const call: CallUsage = {
  model: "m",
  inputTokens: 10,
  outputTokens: 5,
  costUsd: 0.001,
  cached: false,
  attempts: 1,
  latencyMs: 12,
};
const reply = (over: Partial<PolicyReply<unknown>>): PolicyReply<unknown> => ({
  output: {},
  calls: [call],
  ...over,
});

describe("a role's usage for the turn", () => {
  it("counts a repaired reply, JSON taken out of a fence and an invented tool once each", () => {
    const u = usageOf(
      reply({ repaired: true, fencedJson: true, invalidTools: ["fly", "jump"], calls: [call, call] }),
    );
    expect(u).toMatchObject({ calls: 2, repairs: 1, fencedJson: 1, invalidTools: 1, formatErrors: 0 });
    expect(addUsage(u, u)).toMatchObject({ repairs: 2, fencedJson: 2, invalidTools: 2 });
  });

  it("a clean reply's usage has no protocol fields, so earlier records keep their shape", () => {
    const u = usageOf(reply({ repaired: false }));
    expect(u).not.toHaveProperty("fencedJson");
    expect(u).not.toHaveProperty("invalidTools");
    expect(addUsage(u, u)).not.toHaveProperty("fencedJson");
    expect(addUsage(u, usageOf(reply({ fencedJson: true })))).toMatchObject({ fencedJson: 1 });
  });
});
