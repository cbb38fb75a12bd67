import { describe, expect, it } from "vitest";
import { SHOPPER_FALLBACK } from "../llm/llm-shopper.js";
import { ShopperOutput, shopperOutputSchema } from "../types.js";
import { readAction } from "./read-action.js";

describe("readAction: a client's action read as a model's output", () => {
  const read = (a: unknown) => readAction(a, ShopperOutput, SHOPPER_FALLBACK);

  it("takes a valid object as is", () => {
    const action = { utterance: "hi", tool_call: { name: "idle", arguments: {} } };
    expect(read(action)).toEqual({ output: action, repaired: false, calls: [] });
  });

  it("extracts the JSON object from raw reply text, with the same lenient fixes as warnings", () => {
    const r = read('Sure:\n```json\n{"utterance": " hi ", "tool_call": {"name": "idle"}, "mood": "ok"}\n```');
    expect(r.output).toEqual({ utterance: "hi", tool_call: { name: "idle", arguments: {} } });
    expect(r.formatWarnings?.join("; ")).toMatch(/trimmed whitespace.*dropped unknown key mood/);
    expect(r.fencedJson).toBe(true);
  });

  it("counts a tool the store lacks as an invalid tool, as a model's output is counted", () => {
    const r = readAction(
      { utterance: "hi", tool_call: { name: "check_item", arguments: {} } },
      shopperOutputSchema("supermarket"),
      SHOPPER_FALLBACK,
    );
    expect(r).toMatchObject({ output: SHOPPER_FALLBACK, invalidTools: ["check_item"] });
    expect(r.formatError).toMatch(/tool_call\.name/);
  });

  it("an invalid action is the fallback with a format error", () => {
    expect(read("no json here")).toMatchObject({
      output: SHOPPER_FALLBACK,
      formatError: expect.stringMatching(/no JSON/),
    });
    expect(read({ utterance: 3 })).toMatchObject({
      output: SHOPPER_FALLBACK,
      formatError: expect.any(String),
    });
  });
});
