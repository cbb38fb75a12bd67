import { describe, expect, it } from "vitest";
import { personaOfTask, SampleTaskId, sampleSeed, sampleTaskId } from "./conversation-samples.js";

describe("a persona's samples", () => {
  it("keep sample 0 as a single-sample run stores it, and name the others PERSONA#k", () => {
    expect(sampleTaskId("fc-p001", 0)).toBe("fc-p001");
    expect(sampleTaskId("fc-p001", 3)).toBe("fc-p001#3");
    expect(personaOfTask("fc-p001#3")).toBe("fc-p001");
    expect(personaOfTask("fc-p001")).toBe("fc-p001");
    expect(SampleTaskId.safeParse("fc-p001#3").success).toBe(true);
    expect(SampleTaskId.safeParse("fc-p001#0").success).toBe(false);
    expect(SampleTaskId.safeParse("fc-p001#").success).toBe(false);
  });

  it("play with the run's seed for sample 0 and distinct derived seeds otherwise, the same every time", () => {
    expect(sampleSeed(7, "fc-p001", 0)).toBe(7);
    const seeds = [1, 2, 3, 4].flatMap((k) => ["fc-p001", "fc-p002"].map((p) => sampleSeed(7, p, k)));
    expect(new Set(seeds).size).toBe(seeds.length);
    for (const s of seeds) expect(Number.isInteger(s) && s >= 0 && s < 2 ** 31).toBe(true);
    expect(sampleSeed(7, "fc-p001", 2)).toBe(seeds[2]);
    expect(sampleSeed(8, "fc-p001", 1)).not.toBe(sampleSeed(7, "fc-p001", 1));
  });
});
