import { describe, expect, it } from "vitest";
import { loadCustomerSimData } from "../data-files.js";
import { categoryAttributeVocabulary } from "./attribute-vocabulary.js";
import { countCriteria, criterionCue, firstTurnCriteria, splitClauses } from "./criteria-count.js";

describe("Crit., rule-based", () => {
  it("splits clauses on commas, joiners and sentence ends, not inside numbers or on 'or'", () => {
    expect(splitClauses("A laptop with 16GB RAM and a long battery, under $1,200. Black or grey!")).toEqual([
      "A laptop",
      "16GB RAM",
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
    expect(criterionCue("I'm looking for jeans")).toBeNull();
    expect(criterionCue("Hi")).toBeNull();
  });

  it("counts the rule shopper's opening: four dealbreakers and two preferences", () => {
    const text =
      "Hi, I'm looking for jeans. Must be jeans. Needs a skinny or slim fit. Must be machine-washable. " +
      "Cannot spend more than $110. Would like size XS. Would like an oversized or relaxed fit.";
    expect(countCriteria(text)).toBe(6);
  });

  it("counts a repeated criterion once", () => {
    expect(countCriteria("Needs to be blue. Needs to be blue!")).toBe(1);
  });

  it("uses a category's attribute vocabulary", () => {
    const vocabulary = categoryAttributeVocabulary("smart-watches", loadCustomerSimData());
    expect(vocabulary.has("ecg")).toBe(true);
    expect(countCriteria("Something with ECG", vocabulary)).toBe(1);
    expect(countCriteria("Something with ECG")).toBe(0);
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
