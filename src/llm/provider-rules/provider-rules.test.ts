import { describe, expect, it } from "vitest";
import type { LlmRequest } from "../client.js";
import { parseModelId } from "../model-id.js";
import { cacheBreakpoint, cacheMinimumFor, prepareRequest } from "./provider-rules.js";

describe("output limits and thinking allowances", () => {
  const ask = (model: string, maxOutputTokens?: number): LlmRequest => ({
    model,
    messages: [{ role: "user", content: "hi" }],
    ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
  });
  const sent = (model: string, n?: number) =>
    prepareRequest(ask(model, n), parseModelId(model)).request.maxOutputTokens;

  it("a model that thinks within its output limit gets its allowance on top of the answer's", () => {
    expect(sent("anthropic:claude-sonnet-4-5", 1500)).toBe(1500);
    expect(sent("openai:gpt-4o", 1500)).toBe(1500);
    expect(sent("openai:gpt-5-mini", 1500)).toBe(26_500);
    expect(sent("openai:o4-mini", 400)).toBe(25_400);
    expect(sent("openai:gpt-5-chat-latest", 400)).toBe(400);
    expect(sent("google:gemini-2.5-flash", 1000)).toBe(9192);
    expect(sent("google:gemini-2.0-flash", 1000)).toBe(1000);
    expect(sent("openai-compatible:qwen@http://127.0.0.1:1/v1", 1000)).toBe(1000);
    // A request that names no limit is left without one.
    expect(sent("openai:gpt-5", undefined)).toBeUndefined();
  });
});

describe("prompt-cache breakpoints and minimums", () => {
  const req = (model: string, system: string): LlmRequest => ({
    model,
    system,
    messages: [{ role: "user", content: "q" }],
  });
  const long = "The catalog lists every product with its id, name, category and price. ".repeat(120);

  it("Anthropic marks the system prompt only when its prefix reaches the model's minimum", () => {
    const sonnet = parseModelId("anthropic:claude-sonnet-4-5");
    const haiku = parseModelId("anthropic:claude-haiku-4-5");
    expect(cacheBreakpoint(req(sonnet.id, long), sonnet)).toBe(true);
    // About 2,000 tokens: over Sonnet 4.5's 1,024, under Haiku 4.5's 4,096.
    expect(cacheBreakpoint(req(haiku.id, long), haiku)).toBe(false);
    expect(cacheBreakpoint(req(sonnet.id, "You are the moderator."), sonnet)).toBe(false);
    // The others cache without a breakpoint.
    const gpt = parseModelId("openai:gpt-4o");
    expect(cacheBreakpoint(req(gpt.id, long), gpt)).toBe(false);
  });

  it("what estimates may assume cached, per model", () => {
    const min = (id: string) => cacheMinimumFor(parseModelId(id));
    expect(min("anthropic:claude-sonnet-4-5")).toBe(1024);
    expect(min("anthropic:claude-opus-4-5")).toBe(4096);
    expect(min("anthropic:claude-haiku-4-5")).toBe(4096);
    expect(min("google:gemini-2.5-flash")).toBe(2048);
    expect(min("google:gemini-2.0-flash")).toBeUndefined();
    expect(min("openai:gpt-4.1")).toBe(1024);
  });
});

describe("empty text per provider", () => {
  it("Anthropic and Gemini get a stand-in (with a warning), OpenAI the message as it is", () => {
    const messages: LlmRequest["messages"] = [
      { role: "user", content: "q" },
      { role: "assistant", content: "" },
      { role: "user", content: "Your reply could not be used." },
    ];
    for (const model of ["anthropic:claude-sonnet-4-5", "google:gemini-2.5-pro"]) {
      const { request, warnings } = prepareRequest({ model, messages }, parseModelId(model));
      expect(request.messages[1], model).toEqual({ role: "assistant", content: "(empty)" });
      expect(warnings[0], model).toMatch(/^1 empty text was sent as "\(empty\)"/);
    }
    const { request, warnings } = prepareRequest(
      { model: "openai:gpt-4o", messages },
      parseModelId("openai:gpt-4o"),
    );
    expect(request.messages).toEqual(messages);
    expect(warnings).toEqual([]);
  });
});
