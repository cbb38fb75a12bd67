import { describe, expect, it } from "vitest";
import { parseRunConfig } from "./run-config.js";

describe("run configs", () => {
  it("the moderator defaults to the shopper's model when the shopper is a model (the paper's moderator is an LLM)", () => {
    expect(parseRunConfig({}).agents).toEqual({ assistant: "reference", shopper: "rule", moderator: "rule" });
    expect(parseRunConfig({ agents: { shopper: "openai:gpt-4o-mini" } }).agents.moderator).toBe(
      "openai:gpt-4o-mini",
    );
    expect(
      parseRunConfig({ agents: { shopper: { id: "openai:gpt-4o-mini", temperature: 0.7 } } }).agents
        .moderator,
    ).toBe("openai:gpt-4o-mini");
    expect(
      parseRunConfig({ agents: { shopper: "openai:gpt-4o-mini", moderator: "rule" } }).agents.moderator,
    ).toBe("rule");
  });

  it("history images and caption ids have the documented defaults", () => {
    const c = parseRunConfig({});
    expect(c.history).toEqual({ images: "all" });
    expect(c.captions).toEqual({ ids: false });
    expect(c.llm.structuredOutput).toBe("auto");
    expect(() => parseRunConfig({ history: { images: -1 } })).toThrow(/history\.images/);
  });

  it("the render quality sets the image size unless a size is given", () => {
    expect(parseRunConfig({}).render).toEqual({ quality: "fast", width: 640, height: 480 });
    expect(parseRunConfig({ render: { quality: "high" } }).render).toEqual({
      quality: "high",
      width: 1280,
      height: 720,
    });
    expect(parseRunConfig({ render: { quality: "high", width: 960, height: 540 } }).render).toMatchObject({
      width: 960,
      height: 540,
    });
    expect(() => parseRunConfig({ render: { quality: "ultra" } })).toThrow(/render\.quality/);
  });
});
