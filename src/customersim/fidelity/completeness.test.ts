import { describe, expect, it } from "vitest";
import { isCompleteSentence, sentenceCompleteness } from "./completeness.js";

describe("%Cpl., rule-based", () => {
  it.each([
    "I need a bike for commuting, under $600.",
    "I'm looking for jeans.",
    "My commute is 15 miles each way.",
    "It really doesn't matter.",
    "Do you have anything cheaper?",
    "Show me cheaper ones.",
    "That sounds good.",
  ])("%s is complete", (s) => expect(isCompleteSentence(s)).toBe(true));

  it.each([
    "Budget under $50.",
    "Blue, size M.",
    "Must be jeans.",
    "Hello!",
    "What about the blue one?",
    "A bag that is light.",
  ])("%s is a fragment", (s) => expect(isCompleteSentence(s)).toBe(false));

  it("is the share of complete sentences over the joined turns", async () => {
    // "Hello!" fragment, "I want something light." complete, "Budget under $800." fragment.
    const c = await sentenceCompleteness(["Hello!", "I want something light. Budget under $800."].join("\n"));
    expect(c).toEqual({ share: 1 / 3, sentences: 3, estimator: "rule" });
    expect((await sentenceCompleteness("")).share).toBe(0);
  });

  it("takes a judge's share and rejects one outside [0, 1]", async () => {
    expect(await sentenceCompleteness("ok", { judge: async () => 0.25 })).toEqual({
      share: 0.25,
      sentences: 0,
      estimator: "judge",
    });
    await expect(sentenceCompleteness("ok", { judge: async () => 2 })).rejects.toThrow(/\[0, 1\]/);
  });
});
