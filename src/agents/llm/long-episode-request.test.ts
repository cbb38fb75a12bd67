import { describe, expect, it } from "vitest";
import type { LlmRequest } from "../../llm/client.js";
import { parseModelId } from "../../llm/model-id.js";
import { IMAGE_LEFT_OUT } from "../../llm/provider-rules/image-limits.js";
import { cacheBreakpoint, prepareRequest } from "../../llm/provider-rules/provider-rules.js";
import { assistantAt } from "./testing/assistant-at-turn.js";

const images = (req: LlmRequest) =>
  req.messages.flatMap((m) => (m.role === "user" && typeof m.content !== "string" ? m.content : []));
const imageCount = (req: LlmRequest) => images(req).filter((p) => p.type === "image").length;

describe("a 100-turn episode's assistant request (history.images: all)", () => {
  it("carries 101 images at turn 100; Anthropic is sent 100, the oldest earlier view left out with a warning", async () => {
    const req = await assistantAt("anthropic:claude-sonnet-4-5", 100);
    expect(imageCount(req)).toBe(101);
    const { request, warnings } = prepareRequest(req, parseModelId(req.model));
    expect(imageCount(request)).toBe(100);
    const parts = images(request);
    expect(parts[0]).toEqual({ type: "text", text: "Earlier view, turn 1 (your labels of that turn):" });
    expect(parts[1]).toEqual({ type: "text", text: IMAGE_LEFT_OUT });
    // The current view and the map are the newest: they stay.
    expect(parts.at(-1)?.type).toBe("image");
    expect(warnings).toEqual([
      "left out the 1 oldest image of 101: anthropic takes at most 100 images per request",
    ]);
    // At turn 99 the request has 100 images: sent as it is.
    const turn99 = await assistantAt("anthropic:claude-sonnet-4-5", 99);
    const sent = prepareRequest(turn99, parseModelId(turn99.model));
    expect(imageCount(sent.request)).toBe(100);
    expect(sent.warnings).toEqual([]);
  });

  it("Gemini (3,600) and OpenAI (500) take all 101", async () => {
    for (const model of ["google:gemini-2.5-flash", "openai:gpt-4o"]) {
      const req = await assistantAt(model, 100);
      const { request, warnings } = prepareRequest(req, parseModelId(model));
      expect(imageCount(request), model).toBe(101);
      expect(warnings, model).toEqual([]);
    }
  });
});

describe("the assistant's prompt cache", () => {
  it("its system prompt (catalog, location index) reaches every Claude model's cache minimum", async () => {
    for (const id of ["anthropic:claude-sonnet-4-5", "anthropic:claude-haiku-4-5"]) {
      const req = await assistantAt(id, 1);
      expect(cacheBreakpoint(req, parseModelId(id)), id).toBe(true);
    }
  });
});
