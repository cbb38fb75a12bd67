import { describe, expect, it } from "vitest";
import { episodeInput } from "./call-estimate.js";

describe("an episode's input tokens", () => {
  it("grows each call by a dialogue entry per earlier turn and an earlier view per earlier turn up to the cap", () => {
    expect(episodeInput(1000, 4)).toBe(4000);
    const g = { perTurn: 100, perView: 400 };
    // Calls 0..3 carry 0..3 entries; with a cap of 2 views, 0, 1, 2, 2 views.
    expect(episodeInput(1000, 4, { ...g, viewCap: 2 })).toBe(4000 + 100 * 6 + 400 * 5);
    expect(episodeInput(1000, 4, { ...g, viewCap: "all" })).toBe(4000 + 100 * 6 + 400 * 6);
    expect(episodeInput(1000, 4, { ...g, viewCap: 0 })).toBe(4000 + 100 * 6);
    expect(episodeInput(1000, 0, { ...g, viewCap: "all" })).toBe(0);
  });
});
