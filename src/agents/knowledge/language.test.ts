import { describe, expect, it } from "vitest";
import type { NeedSpec } from "../../tasks/role-spec.js";
import {
  findBudget,
  findFamily,
  findInstruction,
  findQuestions,
  LabelLexicon,
  nameMatch,
  normalize,
} from "./language.js";

describe("reading the shopper's words", () => {
  it("finds budgets however they are said", () => {
    expect(findBudget("I'd like to keep it under $4.")).toBe(4);
    expect(findBudget("My budget is 120 dollars")).toBe(120);
    expect(findBudget("no more than 1,250 please")).toBe(1250);
    expect(findBudget("up to 6.50")).toBe(6.5);
    expect(findBudget("something sweet for breakfast")).toBeUndefined();
  });

  it("separates wanted from refused labels, clause by clause", () => {
    const lexicon = new LabelLexicon(
      new Map([
        ["allergen", new Set(["peanut", "milk"])],
        ["packaging", new Set(["jar"])],
        ["color", new Set(["black", "off-white"])],
        ["dietary", new Set(["vegan"])],
      ]),
    );
    const r = lexicon.read("It should be in a jar, but nothing with peanuts. Something vegan; not black.");
    expect(r.required).toEqual(
      expect.arrayContaining([
        { facet: "packaging", value: "jar" },
        { facet: "dietary", value: "vegan" },
      ]),
    );
    expect(r.unwanted).toEqual(
      expect.arrayContaining([
        { facet: "allergen", value: "peanut" },
        { facet: "color", value: "black" },
      ]),
    );
    // A mentioned allergen that is not refused is not a requirement.
    expect(lexicon.read("I love milk chocolate").required).toEqual([]);
    expect(lexicon.read("in off white please").required).toEqual([{ facet: "color", value: "off-white" }]);
  });

  it("reads instructions and questions, and matches names", () => {
    expect(findInstruction("Turn left about 90 degrees and walk about 2 metres.").turnAndMove).toEqual({
      direction: "left",
      angle: 90,
      distance: 2,
    });
    expect(findInstruction("Turn around, the shelf is behind you.").turn).toEqual({
      direction: "left",
      angle: 180,
    });
    expect(findInstruction("Look down 20 degrees at the bottom shelf").look).toEqual({
      direction: "down",
      angle: 20,
    });
    expect(findInstruction("Let's go inside The Plant").approach).toBe("inside_doorway");
    expect(findQuestions("What's your budget?").budget).toBe(true);
    expect(findQuestions("My budget is fine.").budget).toBe(false);
    expect(nameMatch("How about the Crunchy Peanut Butter?", "Crunchy Peanut Butter")).toBe(1);
    expect(nameMatch("the peanut one", "Crunchy Peanut Butter")).toBeCloseTo(1 / 3);
    expect(normalize("It's $4.50. Thanks!")).toBe(" it's $4.50 thanks ");
  });

  it("reads the need before a refusal in the same sentence, and nothing of what is refused", () => {
    const need = (id: string, name: string, nouns: string[], uses: string[]): NeedSpec => ({
      id,
      name,
      categories: [name],
      nouns,
      uses,
    });
    const needs = [
      need(
        "floor-lamp",
        "Floor Lamps",
        ["a floor lamp", "a tall lamp", "some floor lighting"],
        ["to light a reading corner", "to add warm light", "for a corner by the sofa"],
      ),
      need(
        "eggs",
        "Eggs",
        ["some eggs", "a dozen eggs", "free-range eggs"],
        ["for baking", "for breakfast", "for an omelette"],
      ),
    ];
    expect(findFamily("A tall lamp where there is no ceiling light, please.", needs)?.need.id).toBe(
      "floor-lamp",
    );
    expect(findFamily("Nothing containing eggs.", needs)).toBeUndefined();
  });
});
