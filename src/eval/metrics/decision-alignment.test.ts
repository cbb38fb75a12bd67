import { describe, expect, it } from "vitest";
import type { AssistantAction } from "../../agents/types.js";
import { evalContext } from "../eval-context.js";
import { evaluateCohort } from "../evaluate.js";
import { cohortJson } from "../format.js";
import { buildTrajectory, type TurnSpec } from "../testing/build-trajectory.js";
import { episodeDecision, recommendedProducts, resolveProduct } from "./decision-alignment.js";

const names = evalContext("supermarket").productNames;
// Task 0's acceptable set A_e is sm-016…sm-021; sm-001 (Kashi GOLEAN Cereal) is outside it.
const referenceItems = ["sm-016", "sm-017"];
const recommend = (display_name: string): TurnSpec => ({
  act: { type: "Recommend", display_name, visible_now: true, reason: "fits" } as AssistantAction,
});
/** A product's normalised "brand name" as the index keys it. */
const nameOf = (id: string) => [...names].find(([k, v]) => v === id && k.includes(" "))![0];
const decide = (turns: TurnSpec[], cart: string[] = []) =>
  episodeDecision(buildTrajectory({ turns, cart, referenceItems }), names);

describe("decision alignment on SituRecBench trajectories (CustomerSim eq. 1)", () => {
  it("is 1 for a correct acceptance: the purchase was recommended and is a reference item", () => {
    expect(decide([{}, recommend(nameOf("sm-016")), {}], ["sm-016"])).toEqual({
      case: "correct_acceptance",
      da: 1,
    });
  });

  it("is 0 for a wrong acceptance: the recommended purchase is not a reference item", () => {
    expect(decide([recommend("Kashi GOLEAN Cereal")], ["sm-001"])).toEqual({
      case: "wrong_acceptance",
      da: 0,
    });
  });

  it("is 0 for an unrecommended purchase, acceptable or not", () => {
    expect(decide([recommend("Kashi GOLEAN Cereal")], ["sm-016"])).toEqual({
      case: "unrecommended_purchase",
      da: 0,
    });
    // The internal ranking is not a recommendation: the shopper never sees it.
    expect(decide([{ ranking: ["sm-016"] }], ["sm-016"]).case).toBe("unrecommended_purchase");
  });

  it("is 1 for a correct abstention: no purchase and no reference item recommended", () => {
    expect(decide([{}, recommend("Kashi GOLEAN Cereal"), {}])).toEqual({ case: "correct_abstention", da: 1 });
    expect(decide([{}, {}])).toEqual({ case: "correct_abstention", da: 1 });
  });

  it("is 0 for a wrong abstention: a reference item was recommended and nothing bought", () => {
    expect(decide([recommend(nameOf("sm-017")), {}])).toEqual({ case: "wrong_abstention", da: 0 });
  });

  it("reads a Recommend act only from a valid assistant output", () => {
    const fallback = { ...recommend(nameOf("sm-016")), assistantFormatError: "not JSON" };
    expect(decide([fallback], ["sm-016"]).case).toBe("unrecommended_purchase");
  });

  it("resolves display names: id, brand and name, bare name, the longest name inside a phrase; else none", () => {
    expect(resolveProduct("sm-001", names)).toBe("sm-001");
    expect(resolveProduct("Kashi GOLEAN Cereal", names)).toBe("sm-001");
    expect(resolveProduct("  kashi golean cereal! ", names)).toBe("sm-001");
    expect(resolveProduct("GOLEAN Cereal", names)).toBe("sm-001");
    expect(resolveProduct("the Kashi GOLEAN Cereal on the left", names)).toBe("sm-001");
    expect(resolveProduct("something crunchy", names)).toBeUndefined();
    const t = buildTrajectory({ turns: [recommend("something crunchy"), recommend("Kashi GOLEAN Cereal")] });
    expect(recommendedProducts(t, names)).toEqual({ products: ["sm-001"], unresolved: 1 });
  });

  it("is reported per cohort beside RPR|Cart, with the case counts, in the JSON contract", () => {
    const episodes = [
      buildTrajectory({ turns: [recommend(nameOf("sm-016"))], cart: ["sm-016"], referenceItems }),
      buildTrajectory({ turns: [recommend("Kashi GOLEAN Cereal")], cart: ["sm-001"], referenceItems }),
      buildTrajectory({ turns: [{}], referenceItems }),
      buildTrajectory({ turns: [recommend(nameOf("sm-017"))], referenceItems }),
    ];
    const c = evaluateCohort(episodes);
    expect(c.da).toEqual({ value: 50, sd: null });
    expect(c.da_cases).toEqual({
      correct_acceptance: 1,
      wrong_acceptance: 1,
      unrecommended_purchase: 0,
      correct_abstention: 1,
      wrong_abstention: 1,
    });
    const json = cohortJson(c);
    expect(Object.keys(json).indexOf("da")).toBe(Object.keys(json).indexOf("rpr_cart") + 1);
    expect(json.da).toEqual({ value: 50, sd: null });
    expect(json.da_unresolved).toBe(0);
  });
});
