import { describe, expect, it } from "vitest";
import { Trajectory } from "../../trajectory/trajectory.js";
import { evalContext } from "../eval-context.js";
import { evaluateCohort } from "../evaluate.js";
import { cohortJson } from "../format.js";
import { buildTrajectory } from "../testing/build-trajectory.js";
import { emptyProtocolCounts, episodeProtocol } from "./protocol.js";

const sm = evalContext("supermarket");
const hf = evalContext("home-furnishings");
const navigate = (goal: string, extra: Record<string, string> = {}) => ({
  type: "Navigate" as const,
  navigation_goal: goal,
  reason: "it is there",
  ...extra,
});

describe("protocol violations, counted from the trajectory", () => {
  it("counts invented tools (refused or recorded), unresolved goals, repaired and fenced JSON, and spoken labels", () => {
    const t = buildTrajectory({
      turns: [
        {
          // A refused invented tool (repaired), in a fenced reply; the assistant names its fixture 3.
          usage: { assistant: { repairs: 1, fencedJson: 1, invalidTools: 1 }, moderator: { repairs: 1 } },
          utterances: { assistant: "Head to fixture 3.", shopper: "I need 2 bags." },
        },
        {
          // A recorded invented tool on each side, a goal no handle names, the shopper's product 1 spoken.
          act: navigate("99"),
          expected: { name: "fly", arguments: {} },
          call: { name: "teleport", arguments: {} },
          products: ["sm-001"],
          utterances: { assistant: "This way, I think.", shopper: "I'll take item 1, it's sm-001." },
        },
        // Goals that resolve: a fixed handle, a target in view.
        { act: navigate("5") },
        { act: navigate("T0"), targets: ["shelf-02"] },
        // A product is no navigation target; a fallback output's act is not the model's.
        { act: navigate("1"), products: ["sm-002"], targets: [] },
        { act: navigate("99"), assistantFormatError: "stayed invalid" },
      ],
    });
    t.turns[4]!.observations.assistant.products[0]!.handle = "A";
    t.turns[4]!.assistant.output.assistant_actions = [navigate("A")];
    expect(episodeProtocol(t, sm)).toEqual({
      invalidTools: { assistant: 2, shopper: 1 },
      unresolvedGoals: 2,
      repairedJson: { assistant: 1, shopper: 0, moderator: 1 },
      fencedJson: { assistant: 1, shopper: 0, moderator: 0 },
      labelDisclosures: { assistant: 1, shopper: 1 },
    });
  });

  it("the furniture store's waypoint must resolve too", () => {
    const t = buildTrajectory({
      env: "home-furnishings",
      turns: [
        { act: navigate("3", { next_waypoint: "2", target_approach: "outside_doorway" }) },
        { act: navigate("3b", { next_waypoint: "ZZ", target_approach: "outside_doorway" }) },
        { act: navigate("3c", { next_waypoint: "3", target_approach: "inside_doorway" }) },
      ],
    });
    expect(episodeProtocol(t, hf).unresolvedGoals).toBe(1);
  });

  it("a clean episode counts nothing, and trajectories without the new usage fields still parse", () => {
    const t = buildTrajectory({ turns: [{}, { act: navigate("12") }] });
    expect(episodeProtocol(t, sm)).toEqual(emptyProtocolCounts());
    const old = JSON.parse(JSON.stringify(t)) as { turns: { usage: Record<string, object> }[] };
    expect(old.turns[0]!.usage.assistant).not.toHaveProperty("fencedJson");
    expect(Trajectory.safeParse(old).success).toBe(true);
  });

  it("a cohort pools its episodes' counts, and evaluate --json carries them", () => {
    const bad = buildTrajectory({ turns: [{ call: { name: "teleport", arguments: {} } }] });
    const report = evaluateCohort([bad, bad, buildTrajectory({ turns: [{}] })]);
    expect(report.protocol.invalidTools).toEqual({ assistant: 0, shopper: 2 });
    expect(cohortJson(report).protocol).toEqual(report.protocol);
  });
});
