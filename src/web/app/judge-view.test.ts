import { describe, expect, it } from "vitest";
import { judgeView } from "./judge-view.js";

describe("the judge's verdict as the episode page shows it", () => {
  it("scores in the paper's order, then others; the rationale, model and cost", () => {
    const v = judgeView({
      model: "openai:gpt-4o",
      promptHash: "abc",
      input: "record",
      scores: { overall: 4, naturalness: 5, informativeness: 3, extra_dimension: 2, broken: "x" },
      rationale: "Helpful but repetitive.",
      inputTokens: 900,
      outputTokens: 80,
      costUsd: 0.0031,
      cached: false,
    });
    expect(v).toEqual({
      model: "openai:gpt-4o",
      scores: [
        { dimension: "informativeness", score: 3 },
        { dimension: "naturalness", score: 5 },
        { dimension: "overall", score: 4 },
        { dimension: "extra_dimension", score: 2 },
      ],
      rationale: "Helpful but repetitive.",
      formatError: null,
      input: "record",
      costUsd: 0.0031,
      cached: false,
    });
  });

  it("a judge whose output stayed unusable shows its format error; no judgement is null", () => {
    expect(judgeView({ model: "m", scores: null, formatError: "not valid JSON" })).toMatchObject({
      scores: [],
      formatError: "not valid JSON",
      rationale: null,
    });
    for (const none of [undefined, null, "4", [], {}, { scores: {} }]) expect(judgeView(none)).toBeNull();
  });
});
