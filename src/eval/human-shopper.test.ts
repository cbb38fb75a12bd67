import { describe, expect, it } from "vitest";
import { evaluate } from "./evaluate.js";
import { cohortShopper } from "./human-shopper.js";
import { buildTrajectory } from "./testing/build-trajectory.js";

describe("a study's participants as one shopper", () => {
  it("names a participant's shopper by the study its run belongs to", () => {
    expect(cohortShopper("human-P3", "study-pilot-P3-a2")).toBe("human · study pilot");
    expect(cohortShopper("human-p-1", "study-lab-2-p-1-a1")).toBe("human · study lab-2");
    // Not a study run (an exported trajectory stored again): still one human shopper.
    expect(cohortShopper("human-P3", "imported")).toBe("human");
    expect(cohortShopper("rule", "study-pilot-P3-a2")).toBe("rule");
    expect(cohortShopper("openai:gpt-4o", "run-1")).toBe("openai:gpt-4o");
  });

  it("makes one cohort of a study's participants, and one per study", () => {
    const played = (code: string, study: string) => {
      const t = buildTrajectory({ assistant: "reference", turns: [{}] });
      return {
        ...t,
        header: {
          ...t.header,
          runId: `study-${study}-${code}-a1`,
          agents: { ...t.header.agents, user: `human-${code}` },
        },
      };
    };
    const cohorts = evaluate([played("P1", "pilot"), played("P2", "pilot"), played("P1", "main")]);
    expect(cohorts.map((c) => [c.shopper, c.episodes])).toEqual([
      ["human · study pilot", 2],
      ["human · study main", 1],
    ]);
  });
});
