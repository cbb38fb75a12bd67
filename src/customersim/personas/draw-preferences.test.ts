import { describe, expect, it } from "vitest";
import { Rng } from "../../core/random.js";
import { evaluatePredicate } from "../checker/evaluate.js";
import { loadCustomerSimData } from "../data-files.js";
import { knowledgeFor } from "../domain-knowledge/knowledge-base.js";
import { WATCH_NEEDS } from "./device-needs.js";
import { drawPreferences, softText } from "./draw-preferences.js";
import { drawFeasible, ruleSubject } from "./draw-requirements.js";
import { budgetCriterion } from "./need.js";

describe("softText", () => {
  it.each([
    ["Must be machine-washable", "Ideally machine-washable"],
    ["Must run Windows", "Prefers Windows"],
    ["Must work with my iPhone", "Would like it to work with my iPhone"],
    [
      "Must let several people play in the same room",
      "Would like it to let several people play in the same room",
    ],
    ["Battery must last several days", "Would like the battery to last several days"],
    ["Needs an oversized or relaxed fit", "Would like an oversized or relaxed fit"],
    ["No leather band", "Would rather avoid a leather band"],
    ["No polyester", "Would rather avoid polyester"],
    ["Solid colors only, no patterns", "Prefers solid colors, no patterns"],
    ["Case no bigger than 41mm (small wrist)", "Would like a case no bigger than 41mm (small wrist)"],
    ["A proper watch, not a fitness band", "Would like a proper watch, not a fitness band"],
  ])("%s -> %s", (text, soft) => {
    expect(softText(text)).toBe(soft);
  });
});

describe("drawPreferences", () => {
  const data = loadCustomerSimData();
  const k = knowledgeFor(data.knowledge, "smart-watches");
  const own = data.catalog.products.filter((p) => p.category === "smart-watches");
  const need = WATCH_NEEDS.find((n) => n.id === "everyday")!;

  it("draws from the acceptable products, never on a dealbreaker's subject, the same for a seed", () => {
    for (let seed = 0; seed < 20; seed++) {
      const req = drawFeasible(need, own, new Rng(seed), k);
      const dealbreakers = [...req.dealbreakers, budgetCriterion(req.budget)];
      const acceptable = own.filter((p) => dealbreakers.every((d) => evaluatePredicate(d.rule, p, k)));
      const draw = () =>
        drawPreferences({ ...req, dealbreakers }, acceptable, own, new Rng(seed).fork("p"), k);
      const preferences = draw();
      expect(draw()).toEqual(preferences);
      const named = new Set(dealbreakers.map(ruleSubject));
      for (const c of preferences) {
        expect(named.has(ruleSubject(c))).toBe(false);
        expect(acceptable.some((p) => evaluatePredicate(c.rule, p, k))).toBe(true);
      }
    }
  });
});
