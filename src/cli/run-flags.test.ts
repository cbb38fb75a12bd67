import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { ConfigError, parseRunConfig } from "../runner/run-config.js";
import { parseMaxOutputTokens, withMaxOutputTokens } from "./run-flags.js";

const gpt = "openai:gpt-4o";

describe("--max-output-tokens ROLE=N", () => {
  it("parses repeatable ROLE=N and refuses anything else, saying what it takes", () => {
    expect(parseMaxOutputTokens("moderator=600", parseMaxOutputTokens("assistant=2000"))).toEqual({
      assistant: 2000,
      moderator: 600,
    });
    for (const bad of ["judge=100", "assistant=0", "assistant=1.5", "assistant=", "assistant=200000"])
      expect(() => parseMaxOutputTokens(bad), bad).toThrow(InvalidArgumentError);
    expect(() => parseMaxOutputTokens("assistant=x")).toThrow(
      "'assistant=x' is not ROLE=N (a role of assistant, shopper, moderator, a whole number of tokens from 1 to 128000, e.g. assistant=2000)",
    );
  });

  it("sets the role's spec, keeping its temperature; a built-in role is refused", () => {
    const c = parseRunConfig({ agents: { assistant: { id: gpt, temperature: 0.2 }, shopper: gpt } });
    expect(withMaxOutputTokens(c, { assistant: 3000, moderator: 500 }).agents).toEqual({
      assistant: { id: gpt, temperature: 0.2, maxOutputTokens: 3000 },
      shopper: gpt,
      moderator: { id: gpt, maxOutputTokens: 500 },
    });
    expect(withMaxOutputTokens(c, undefined)).toEqual(c);
    expect(() => withMaxOutputTokens(parseRunConfig({}), { shopper: 900 })).toThrow(ConfigError);
    expect(() => withMaxOutputTokens(parseRunConfig({}), { shopper: 900 })).toThrow(
      "--max-output-tokens shopper=900: the shopper is 'rule', not a model",
    );
  });
});
