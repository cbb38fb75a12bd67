import { describe, expect, it } from "vitest";
import { defaultSampling, resolveSampling, Sampling, samplingText } from "./sampling.js";

const open = "openai-compatible:qwen3-vl-8b@http://127.0.0.1:8000/v1";

describe("CustomerSim sampling defaults", () => {
  it("are the paper's: open models 0.7 with repetition penalty 1.1, closed ones 1.0", () => {
    expect(defaultSampling(open)).toEqual({ temperature: 0.7, repetitionPenalty: 1.1 });
    for (const closed of ["openai:gpt-4o", "anthropic:claude-sonnet-4-5", "google:gemini-2.5-flash"])
      expect(defaultSampling(closed)).toEqual({ temperature: 1 });
  });

  it("give way to what is set, field by field", () => {
    expect(resolveSampling(open, { temperature: 0.2, topP: 0.9 })).toEqual({
      temperature: 0.2,
      topP: 0.9,
      repetitionPenalty: 1.1,
    });
    expect(samplingText(resolveSampling(open))).toBe("temperature 0.7, repetition penalty 1.1");
  });

  it("are validated with the range in the message", () => {
    expect(Sampling.safeParse({ topP: 0 }).error?.issues[0]?.message).toMatch(/top-p must be above 0/);
    expect(Sampling.safeParse({ temperature: 2.5 }).error?.issues[0]?.message).toMatch(/0 to 2/);
    expect(Sampling.safeParse({ repetitionPenalty: 0 }).success).toBe(false);
    expect(Sampling.safeParse({ seed: 1 }).success).toBe(false);
  });
});
