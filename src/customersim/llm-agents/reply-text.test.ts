import { describe, expect, it } from "vitest";
import { readReplyText, textToolCall } from "./reply-text.js";

describe("readReplyText", () => {
  it("takes out the reasoning (the ICL example's tags, closed either way, or <think>)", () => {
    expect(readReplyText("<reasoning>\nToo pricey.\n<reasoning>\nNo thanks.")).toEqual({
      text: "No thanks.",
      reasoning: "Too pricey.",
      textToolCalls: [],
    });
    expect(readReplyText("<think>hmm</think>Sure.")).toMatchObject({ text: "Sure.", reasoning: "hmm" });
    expect(readReplyText("just text")).toEqual({ text: "just text", textToolCalls: [] });
  });

  it("takes out tool calls written as text, in the shapes models write them", () => {
    const r = readReplyText(
      'Great!\n<tool_call>{"function": "add_to_cart", "arguments": "{\\"product_id\\": \\"fc-001\\"}"}</tool_call>',
    );
    expect(r).toEqual({
      text: "Great!",
      textToolCalls: [{ name: "add_to_cart", arguments: { product_id: "fc-001" } }],
    });
    expect(textToolCall("add_to_cart")).toEqual({ name: "add_to_cart", arguments: {} });
    // Not JSON arguments: passed on as text, so the chat layer records a format error.
    expect(textToolCall("add_to_cart(Apple Watch Series 8)")).toEqual({
      name: "add_to_cart",
      arguments: "Apple Watch Series 8",
    });
    expect(textToolCall("??")).toEqual({ name: "tool_call_text", arguments: "??" });
  });
});
