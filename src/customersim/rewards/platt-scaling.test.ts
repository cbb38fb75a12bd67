import { describe, expect, it } from "vitest";
import { fitPlatt, sigmoid } from "./platt-scaling.js";

describe("Platt scaling", () => {
  it("recovers the curve that generated the labels", () => {
    // Scores on a grid, labels in the proportion σ(2s − 1) at each score.
    const points = [];
    for (let s = -3; s <= 3; s += 0.25) {
      const p = sigmoid(2 * s - 1);
      const humans = Math.round(p * 200);
      for (let i = 0; i < 200; i++) points.push({ score: s, human: i < humans });
    }
    const { a, b } = fitPlatt(points);
    expect(a).toBeCloseTo(2, 1);
    expect(b).toBeCloseTo(-1, 1);
  });

  it("stays finite on perfectly separated scores, and says which side a score is on", () => {
    const points = [-3, -2, -1.5, -1].map((score) => ({ score, human: false }));
    points.push(...[1, 1.5, 2, 3].map((score) => ({ score, human: true })));
    const { a, b } = fitPlatt(points);
    expect(Number.isFinite(a) && a > 0).toBe(true);
    expect(sigmoid(a * 2 + b)).toBeGreaterThan(0.7);
    expect(sigmoid(a * -2 + b)).toBeLessThan(0.3);
    // Platt's smoothed targets: never certainty.
    expect(sigmoid(a * 3 + b)).toBeLessThan(0.99);
  });

  it("needs both labels", () => {
    expect(() => fitPlatt([{ score: 1, human: true }])).toThrow(/both labels/);
  });
});
