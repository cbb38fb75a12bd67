import { describe, expect, it } from "vitest";
import { compareConversations } from "./compare-runs.js";
import type { ConversationMetrics } from "./evaluate-customersim-run.js";
import { cohensDPooled, cohensDz, pairedPermutationTest } from "./paired-statistics.js";

const row = (personaId: string, da: number, crit: number | null, sample = 0): ConversationMetrics => ({
  taskId: sample ? `${personaId}#${sample}` : personaId,
  personaId,
  sample,
  category: "games",
  da,
  crit,
  cpl: 0.5,
  red: null,
  fmt: 0,
  end: 0,
});

describe("compareConversations", () => {
  it("pairs by persona, averages a persona's samples, and leaves out personas of one run only", () => {
    const a = [
      row("gm-p001", 1, 5),
      row("gm-p001", 0, 3, 1),
      row("gm-p002", 1, 4),
      row("gm-p003", 1, null),
      row("gm-p004", 0, 6),
    ];
    const b = [row("gm-p001", 0, 2), row("gm-p002", 1, 2), row("gm-p003", 0, 1), row("gm-p009", 1, 1)];
    const c = compareConversations(a, b, { seed: 3 });
    expect(c).toMatchObject({ personas: 3, onlyA: 1, onlyB: 1, permutations: 10_000, seed: 3 });
    const da = c.metrics.find((m) => m.metric === "da")!;
    // Pairs (A, B): p001 (0.5, 0), p002 (1, 1), p003 (1, 0).
    expect(da).toMatchObject({ pairs: 3, meanA: 2.5 / 3, meanB: 1 / 3, exact: true, permutations: 8 });
    expect(da.difference).toBeCloseTo(0.5, 12);
    expect(da.p).toBe(pairedPermutationTest([0.5, 0, 1]).p);
    expect(da.dz).toBeCloseTo(cohensDz([0.5, 0, 1])!, 12);
    expect(da.d).toBeCloseTo(cohensDPooled([0.5, 1, 1], [0, 1, 0])!, 12);
    // Crit.: p003 has none in A, so two pairs: p001 (4, 2), p002 (4, 2).
    const crit = c.metrics.find((m) => m.metric === "crit")!;
    expect(crit).toMatchObject({ pairs: 2, meanA: 4, meanB: 2, difference: 2, p: 0.5, dz: null });
    // Red.: no values at all.
    expect(c.metrics.find((m) => m.metric === "red")).toMatchObject({ pairs: 0, p: null, d: null });
    expect(c.metrics.map((m) => m.metric)).toEqual(["da", "crit", "cpl", "red", "fmt", "end"]);
  });
});
