import { describe, expect, it } from "vitest";
import { POLICY_ROLES } from "../agents/role-registry.js";
import {
  DEFAULT_TEMPERATURES,
  historyImagesText,
  parseRunConfig,
  playedTemperatures,
  roleTemperature,
} from "./run-config.js";

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

  it("history images, caption ids and the shopper's map have the documented defaults", () => {
    const c = parseRunConfig({});
    expect(c.history).toEqual({ images: 3 });
    expect(historyImagesText(c.history.images)).toBe("last-3");
    expect(c.captions).toEqual({ ids: false });
    expect(c.shopperMap).toBe(false);
    expect(c.llm.structuredOutput).toBe("auto");
    expect(() => parseRunConfig({ history: { images: -1 } })).toThrow(/history\.images/);
  });

  it("history.images takes none, last-K and all, and a bare number K as last-K", () => {
    const images = (v: unknown) => parseRunConfig({ history: { images: v } }).history.images;
    expect([images("none"), images("last-5"), images(5), images("all"), images(0)]).toEqual([
      0,
      5,
      5,
      "all",
      0,
    ]);
    expect(["none", "last-5", "all"].map((v) => historyImagesText(images(v)))).toEqual([
      "none",
      "last-5",
      "all",
    ]);
    for (const bad of ["last-", "last-101", "some", 2.5, "-1"])
      expect(() => parseRunConfig({ history: { images: bad } }), String(bad)).toThrow(
        /history\.images: none, last-K \(K up to 100, e\.g\. last-3\) or all/,
      );
  });

  it("model-backed roles get their configured temperature, else the role's default; built-in policies none", () => {
    const model = "openai:gpt-4o";
    const c = parseRunConfig({ agents: { assistant: model, shopper: model } });
    expect(POLICY_ROLES.map((r) => roleTemperature(c.agents[r], r))).toEqual([
      DEFAULT_TEMPERATURES.assistant,
      DEFAULT_TEMPERATURES.shopper,
      DEFAULT_TEMPERATURES.moderator,
    ]);
    expect(DEFAULT_TEMPERATURES).toEqual({ assistant: 0, shopper: 0.7, moderator: 0 });
    expect(playedTemperatures(c)).toEqual({ assistant: 0, shopper: 0.7, moderator: 0 });
    const mixed = parseRunConfig({ agents: { assistant: { id: model, temperature: 0.3 } } });
    expect(playedTemperatures(mixed)).toEqual({ assistant: 0.3 });
    // A role another policy plays (an env-server client, your own policy) records none.
    expect(playedTemperatures(mixed, { assistant: "my-agent", shopper: "rule", moderator: "rule" })).toEqual(
      {},
    );
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
