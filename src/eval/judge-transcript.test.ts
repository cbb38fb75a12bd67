import { describe, expect, it } from "vitest";
import { judgeTranscript } from "./judge-transcript.js";
import { buildTrajectory } from "./testing/build-trajectory.js";

describe("what the judge reads", () => {
  const t = buildTrajectory({
    turns: [
      { act: { type: "Greet" } },
      { call: { name: "turn", arguments: { direction: "left", angle: 30 } } },
    ],
  });

  it("by default the paper's input: the textual record of dialogue and actions, nothing more", () => {
    const j = judgeTranscript(t);
    expect(j).toEqual({ env: "supermarket", transcript: expect.any(String) });
    expect(j.transcript).toContain("[turn 0] Assistant: …");
    expect(j.transcript).toContain("shopper action: turn(direction=left, angle=30) → done");
    expect(j.transcript).not.toContain("Greet");
  });

  it("with extras, also the request, the outcome and the dialogue-act labels", () => {
    const j = judgeTranscript(t, { extras: true });
    expect(j.transcript).toContain("[turn 0] Assistant (Greet): …");
    expect(j.outcome).toBe("the turn limit was reached without a purchase");
    expect(j.taskRequest).toBe(t.header.task.goal.request);
  });
});
