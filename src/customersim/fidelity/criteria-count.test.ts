import { describe, expect, it } from "vitest";
import { countCriteria, criterionCue, firstTurnCriteria, splitClauses } from "./criteria-count.js";

describe("Crit., rule-based", () => {
  it("splits clauses on commas, joiners and sentence ends, not inside numbers or on 'or' or 'with'", () => {
    expect(splitClauses("A laptop with 16GB RAM and a long battery, under $1,200. Black or grey!")).toEqual([
      "A laptop with 16GB RAM",
      "a long battery",
      "under $1,200",
      "Black or grey",
    ]);
  });

  it("names the cue of a clause", () => {
    expect(criterionCue("under $50")).toBe("number");
    expect(criterionCue("size M")).toBe("number");
    expect(criterionCue("something breathable")).toBe("attribute");
    expect(criterionCue("it must not pill")).toBe("need");
    expect(criterionCue("the colour doesn't matter")).toBeNull();
    expect(criterionCue("I'm looking for jeans")).toBeNull();
    expect(criterionCue("Hi")).toBeNull();
  });

  // Hand counts: what a reader counts as distinct criteria, and what the rule gives.
  it.each([
    ["Must work with my iPhone.", 1],
    ["A watch with GPS and heart-rate tracking.", 2],
    ["I need GPS, sleep tracking and a battery that lasts a week.", 3],
    ["Lightweight, waterproof and under $100.", 3],
    ["I need it in black, navy or grey.", 1],
    ["Black, navy, or grey, please.", 1],
    ["Under $100, black or grey.", 2],
    ["Needs a skinny or slim fit, size M or L.", 2],
    ["I don't want anything pink.", 1],
    ["No leather, and nothing too heavy.", 2],
    ["The brand doesn't matter, but it must be under $60.", 1],
    ["I don't care about the colour.", 0],
    ["Hi, I'm looking for jeans.", 0],
    ["Hello! Can you help me?", 0],
  ])("%s → %i", (text, expected) => expect(countCriteria(text)).toBe(expected));

  it("counts the rule shopper's opening: four dealbreakers and two preferences", () => {
    const text =
      "Hi, I'm looking for jeans. Must be jeans. Needs a skinny or slim fit. Must be machine-washable. " +
      "Cannot spend more than $110. Would like size XS. Would like an oversized or relaxed fit.";
    expect(countCriteria(text)).toBe(6);
  });

  it("counts a repeated criterion once", () => {
    expect(countCriteria("Needs to be blue. Needs to be blue!")).toBe(1);
  });

  it("says which estimator counted, and checks the judge's answer", async () => {
    expect(await firstTurnCriteria("Blue, under $40.")).toEqual({ count: 2, estimator: "rule" });
    expect(await firstTurnCriteria("Blue.", { judge: async () => 3 })).toEqual({
      count: 3,
      estimator: "judge",
    });
    await expect(firstTurnCriteria("Blue.", { judge: async () => 1.5 })).rejects.toThrow(/whole number/);
  });
});
