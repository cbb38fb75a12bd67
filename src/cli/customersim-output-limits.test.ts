import { describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { CUSTOMERSIM_MAX_OUTPUT_TOKENS, samplingOf } from "../customersim/llm-agents/agent-options.js";
import { Sampling, samplingText } from "../customersim/llm-agents/sampling.js";
import { LlmClient } from "../llm/client.js";
import { parseRoleMaxOutputTokens, withSamplingFlags } from "./customersim-sampling-flags.js";
import { runCli } from "./testing/run-cli.js";

const tmp = tempDirs("customersim-output-limits");
const m = "openai:gpt-4o";

describe("a CustomerSim model agent's output-token limit", () => {
  it("defaults to its role's, and an agent's own replaces it", () => {
    const opts = { model: m, client: new LlmClient({ noCache: true }) };
    expect(samplingOf(opts, "shopper").maxOutputTokens).toBe(CUSTOMERSIM_MAX_OUTPUT_TOKENS.shopper);
    expect(samplingOf(opts, "sales").maxOutputTokens).toBe(2000);
    expect(samplingOf({ ...opts, maxOutputTokens: 4000 }, "shopper").maxOutputTokens).toBe(4000);
  });

  it("is part of the sampling a config gives (a whole number of tokens), and printed with it", () => {
    expect(Sampling.parse({ temperature: 1, maxOutputTokens: 3000 })).toEqual({
      temperature: 1,
      maxOutputTokens: 3000,
    });
    expect(Sampling.safeParse({ maxOutputTokens: 0 }).error?.issues[0]?.message).toMatch(
      /whole number from 1 to 128000/,
    );
    expect(samplingText({ temperature: 1, maxOutputTokens: 3000 })).toBe(
      "temperature 1, max output tokens 3000",
    );
  });

  it("--max-output-tokens ROLE=N sets it beside the other sampling flags; a built-in agent is refused", async () => {
    expect(parseRoleMaxOutputTokens("sales=1200", parseRoleMaxOutputTokens("shopper=3000"))).toEqual({
      shopper: 3000,
      sales: 1200,
    });
    expect(() => parseRoleMaxOutputTokens("shopper=2.5")).toThrow(
      /a whole number of tokens from 1 to 128000/,
    );
    expect(
      withSamplingFlags(
        { shopper: { temperature: 0.7 } },
        { maxOutputTokens: { shopper: 3000 } },
        { shopper: m },
      ),
    ).toEqual({ sampling: { shopper: { temperature: 0.7, maxOutputTokens: 3000 } } });
    const r = await runCli(
      ...["customersim", "run", "--personas", "0:1", "--out", tmp(), "--quiet"],
      ...["--shopper", "rule", "--sales", "reference", "--max-output-tokens", "sales=900"],
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain("--max-output-tokens sales=900: the sales is 'reference', built in, not a model");
  });
});
