import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.js";
import { buildTrajectory } from "../testing/build-trajectory.js";
import { CHART_LABEL_CHARS, cohortChartLabels, distinctLabels, middleTruncate } from "./chart-labels.js";
import { reportChartSpecs } from "./charts.js";

const LONG_A = "openrouter:meta-llama/llama-3.3-70b-instruct-turbo (shopper openai:gpt-4o-mini, no-evv)";
const LONG_B = "openrouter:meta-llama/llama-3.3-70b-instruct-turbo (shopper openai:gpt-4o, no-evv)";

describe("chart labels", () => {
  it("cut long names in the middle, keeping the start and the end", () => {
    expect(middleTruncate("short", 10)).toBe("short");
    const cut = middleTruncate(LONG_A, 20);
    expect([...cut]).toHaveLength(20);
    expect(cut).toBe("openrouter…, no-evv)");
  });

  it("never give two different series the same text, and leave short ones whole", () => {
    const labels = distinctLabels([LONG_A, LONG_B, "reference", "reference"]);
    expect(new Set(labels).size).toBe(4);
    expect(labels.slice(2)).toEqual(["reference", "reference #2"]);
    for (const l of labels.slice(0, 2)) expect([...l].length).toBeLessThanOrEqual(CHART_LABEL_CHARS);
    // Names that differ only in the middle are lengthened until the cut shows the difference.
    const mid = distinctLabels(
      ["provider:aaaaaaaaaaaa-1-bbbbbbbbbbbb", "provider:aaaaaaaaaaaa-2-bbbbbbbbbbbb"],
      12,
    );
    expect(mid[0]).not.toBe(mid[1]);
    expect(mid[0]).toContain("1");
    expect(mid[1]).toContain("2");
  });

  it("label each cohort once per series across stores, and the charts show exactly those labels", () => {
    const assistant = (suffix: string) => `openrouter:meta-llama/llama-3.3-70b-instruct-${suffix}`;
    const cohorts = evaluate(
      ["turbo-free", "turbo-paid"].flatMap((s) =>
        (["supermarket", "home-furnishings"] as const).map((env) =>
          buildTrajectory({ env, assistant: assistant(s), turns: [{}] }),
        ),
      ),
    );
    const labels = cohortChartLabels(cohorts);
    expect(new Set(labels.values()).size).toBe(2);
    const specs = JSON.stringify(reportChartSpecs(cohorts).map((s) => s.spec));
    for (const l of new Set(labels.values())) expect(specs).toContain(JSON.stringify(l));
    expect(specs).not.toContain(assistant("turbo-free"));
  });
});
