import { describe, expect, it } from "vitest";
import { createReferenceSales, createRuleShopper } from "../builtin-agents/index.js";
import { runConversation } from "../chat/index.js";
import { loadCustomerSimData } from "../data-files.js";
import { fidelityDelta, measureFidelity } from "./fidelity-report.js";
import { shopperDialogue } from "./shopper-dialogue.js";

describe("measureFidelity", () => {
  it("aggregates per category and overall, and differences to a human baseline", async () => {
    const human = await measureFidelity([
      { id: "h1", category: "all", shopperTurns: ["Blue, size M.", "I like it."] },
      { id: "h2", category: "all", shopperTurns: ["Hello!"] },
    ]);
    // h1: Crit. 2, %Cpl. 1/2; h2: Crit. 0, %Cpl. 0; no shared terms, Red. 0 each.
    expect(human.overall).toEqual({ dialogues: 2, crit: 1, cpl: 0.25, red: 0 });
    const model = await measureFidelity(
      [
        { id: "m1", category: "all", shopperTurns: ["I want blue. I need size M. I like cotton."] },
        { id: "m2", category: "all", shopperTurns: [] },
      ],
      { human, criteriaJudge: async () => 5 },
    );
    expect(model.estimators).toEqual({ crit: "judge", cpl: "rule" });
    expect(model.dialogues[1]).toEqual({ id: "m2", category: "all", crit: null, cpl: null, red: 0 });
    expect(model.deltaToHuman?.overall).toEqual({ crit: 4, cpl: 0.75, red: 0 });
    expect(model.deltaToHuman?.byCategory.all).toEqual(fidelityDelta(model.overall, human.overall));
    expect(fidelityDelta({ dialogues: 0, crit: null, cpl: 1, red: 0.5 }, human.overall)).toEqual({
      crit: null,
      cpl: 0.75,
      red: 0.5,
    });
  });

  it("counts Crit. with one estimator whatever the side or category", async () => {
    const text = "A laptop with 16GB RAM, a long battery and a matte screen, under $900.";
    const report = await measureFidelity(
      ["laptops", "laptop", "bicycle", "all"].map((category) => ({
        id: category,
        category,
        shopperTurns: [text],
      })),
    );
    expect(report.dialogues.map((d) => d.crit)).toEqual([4, 4, 4, 4]);
  });

  it("reads chat-store conversations", async () => {
    const personas = loadCustomerSimData()
      .personas.personas.filter((p) => p.category === "laptops")
      .slice(0, 3);
    const results = [];
    for (const persona of personas) {
      results.push(
        await runConversation({ persona, shopper: createRuleShopper(), sales: createReferenceSales() }),
      );
    }
    const report = await measureFidelity(results.map((r) => shopperDialogue(r)));
    expect(Object.keys(report.byCategory)).toEqual(["laptops"]);
    // The rule shopper states every criterion in its first turn, in subject-less sentences.
    for (const [i, d] of report.dialogues.entries()) {
      const p = personas[i]!;
      expect(d.crit).toBe(p.dealbreakers.length + p.preferences.length);
    }
    expect(report.overall.red).toBeGreaterThan(0);
  });
});
