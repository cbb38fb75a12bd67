import { describe, expect, it } from "vitest";
import type { LlmRequest, LlmResponse } from "../../llm/client.js";
import type { StructuredResult } from "../../llm/structured.js";
import { reply } from "./policy-reply.js";

const response: LlmResponse = {
  text: "{}",
  inputTokens: 10,
  outputTokens: 5,
  costUsd: 0.001,
  cached: false,
  attempts: 1,
  latencyMs: 12,
};
const request: LlmRequest = { model: "m", system: "be brief", messages: [{ role: "user", content: "?" }] };
const fallback = { utterance: "Sorry, one moment.", tool_call: { name: "idle", arguments: {} } };
type Out = typeof fallback;

function structured(over: Partial<StructuredResult<Out>>): StructuredResult<Out> {
  return {
    warnings: [],
    repaired: false,
    extracted: false,
    rejectedValues: [],
    requests: [request],
    responses: [response],
    ...over,
  };
}

const repair: LlmRequest = {
  ...request,
  messages: [...request.messages, { role: "assistant", content: "{}" }, { role: "user", content: "fix it" }],
};

describe("a model policy's reply carries what its replies showed", () => {
  it("an invented tool refused and repaired, in a fenced reply", () => {
    const r = reply(
      "m",
      structured({
        value: { utterance: "ok", tool_call: { name: "turn", arguments: {} } },
        repaired: true,
        extracted: true,
        rejectedValues: [
          { path: "tool_call.name", value: "teleport" },
          { path: "assistant_actions.0.type", value: "Dance" },
        ],
        requests: [request, repair],
        responses: [response, { ...response, text: '{"utterance":"ok"}' }],
      }),
      fallback,
    );
    expect(r).toMatchObject({ repaired: true, fencedJson: true, invalidTools: ["teleport"] });
    // Each request with its own response; the second is the repair request.
    expect(r.transcripts).toEqual([
      { request, response },
      { request: repair, response: { ...response, text: '{"utterance":"ok"}' }, repair: true },
    ]);
  });

  it("the fallback after a second refusal keeps the invented names; a clean reply adds no fields", () => {
    const failed = reply(
      "m",
      structured({
        formatError: "expected_user_action.name: Invalid option",
        repaired: true,
        rejectedValues: [
          { path: "expected_user_action.name", value: "fly" },
          { path: "expected_user_action.name", value: "jump" },
        ],
      }),
      fallback,
    );
    expect(failed).toMatchObject({ output: fallback, invalidTools: ["fly", "jump"] });
    const clean = reply("m", structured({ value: fallback }), fallback);
    expect(clean).not.toHaveProperty("fencedJson");
    expect(clean).not.toHaveProperty("invalidTools");
  });
});
