import { describe, expect, it } from "vitest";
import { builtinAgents } from "./models-command.js";

describe("siturec models lists the built-in agents from the role registry", () => {
  it("names the reference assistant and its degraded ladder, then the rule shopper and moderator", () => {
    const { names, line } = builtinAgents();
    expect(names).toEqual([
      "reference",
      "reference-random-ranking",
      "reference-no-guidance",
      "reference-blind",
      "rule",
    ]);
    expect(line).toBe(
      "reference, reference-random-ranking, reference-no-guidance, reference-blind (assistant), rule (shopper, moderator)",
    );
  });
});
