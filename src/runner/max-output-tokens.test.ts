import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_OUTPUT_TOKENS } from "../llm/output-tokens.js";
import { buildPolicies } from "./build.js";
import { ConfigError, parseRunConfig, playedMaxOutputTokens, roleMaxOutputTokens } from "./run-config.js";

const gpt = "openai:gpt-4o";

describe("each model role's output-token limit in a run config", () => {
  it("defaults to the role's, for model roles only; a spec's own replaces it", () => {
    expect(roleMaxOutputTokens(gpt, "assistant")).toBe(DEFAULT_MAX_OUTPUT_TOKENS.assistant);
    expect(roleMaxOutputTokens(gpt, "moderator")).toBe(400);
    expect(roleMaxOutputTokens("reference", "assistant")).toBeUndefined();
    expect(roleMaxOutputTokens({ id: gpt, maxOutputTokens: 3000 }, "shopper")).toBe(3000);
  });

  it("records every model role's limit, the set ones and the defaults, and none for built-in roles", () => {
    const c = parseRunConfig({ agents: { assistant: { id: gpt, maxOutputTokens: 2500 }, shopper: gpt } });
    expect(playedMaxOutputTokens(c)).toEqual({ assistant: 2500, shopper: 1000, moderator: 400 });
    expect(playedMaxOutputTokens(parseRunConfig({}))).toEqual({});
    // A role played by another policy than the config's (a policy of your own) records none.
    expect(playedMaxOutputTokens(c, { assistant: "mine", shopper: gpt, moderator: gpt })).toEqual({
      shopper: 1000,
      moderator: 400,
    });
  });

  it("hands a set limit to the role's policy", () => {
    const c = parseRunConfig({ agents: { assistant: { id: gpt, maxOutputTokens: 2500 }, shopper: gpt } });
    const p = buildPolicies(c);
    expect(p.assistant.maxOutputTokens).toBe(2500);
    expect(p.shopper.maxOutputTokens).toBeUndefined();
  });

  it("refuses a limit that is no whole number of tokens from 1 to 128,000, naming the field", () => {
    for (const bad of [0, 1.5, 200_000]) {
      const parse = () => parseRunConfig({ agents: { assistant: { id: gpt, maxOutputTokens: bad } } });
      expect(parse).toThrow(ConfigError);
      expect(parse).toThrow(/agents\.assistant.*whole number of tokens, 1 to 128000/);
    }
  });
});
