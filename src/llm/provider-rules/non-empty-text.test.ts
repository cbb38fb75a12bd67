import { describe, expect, it } from "vitest";
import type { LlmMessage } from "../messages.js";
import { EMPTY_TEXT_STAND_IN, fillEmptyText } from "./non-empty-text.js";

const image = { type: "image" as const, data: Buffer.from("png"), mediaType: "image/png" };

describe("no empty text where a provider refuses it", () => {
  const messages: LlmMessage[] = [
    { role: "user", content: "Hi" },
    { role: "assistant", content: "" },
    { role: "user", content: [{ type: "text", text: "  " }, image] },
    { role: "assistant", content: " \n", toolCalls: [{ id: "c1", name: "add_to_cart", input: {} }] },
    { role: "tool", results: [{ id: "c1", name: "add_to_cart", output: "" }] },
    { role: "user", content: [{ type: "text", text: "" }] },
  ];

  it("Anthropic (blank refused): fills a message that said nothing, drops blank parts beside other content", () => {
    const { messages: out, filled } = fillEmptyText(messages, "blank");
    expect(filled).toBe(2);
    expect(out[0]).toBe(messages[0]);
    expect(out[1]).toEqual({ role: "assistant", content: EMPTY_TEXT_STAND_IN });
    expect(out[2]).toEqual({ role: "user", content: [image] });
    // A turn that only called a tool keeps its calls; its blank text is left out of the message.
    expect(out[3]).toMatchObject({ role: "assistant", content: "", toolCalls: [{ id: "c1" }] });
    expect(out[4]).toBe(messages[4]);
    expect(out[5]).toEqual({ role: "user", content: [{ type: "text", text: EMPTY_TEXT_STAND_IN }] });
  });

  it("Gemini (empty refused): whitespace is text; only empty strings are filled or dropped", () => {
    const { messages: out, filled } = fillEmptyText(messages, "empty");
    expect(filled).toBe(2);
    expect(out[1]).toEqual({ role: "assistant", content: EMPTY_TEXT_STAND_IN });
    expect(out[2]).toBe(messages[2]);
    expect(out[3]).toBe(messages[3]);
  });

  it("OpenAI (accepted): the messages as they are", () => {
    expect(fillEmptyText(messages, "accepted")).toEqual({ messages, filled: 0 });
  });
});
