import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { builtinPrompts, PromptSet, TEMPLATE_NAMES } from "./prompt-set.js";
import { renderTemplate, templateVariables } from "./render-template.js";

describe("templates", () => {
  it("fill every placeholder and refuse a missing or an unused value", () => {
    expect(renderTemplate("t", "Hi {{name}}, {{ name }}!", { name: "Ana" })).toBe("Hi Ana, Ana!");
    expect(() => renderTemplate("t", "Hi {{name}}", {})).toThrow(/'t' needs a value for \{\{name\}\}/);
    expect(() => renderTemplate("t", "Hi", { name: "Ana" })).toThrow(/no placeholder for name/);
    expect(templateVariables("{{a}} {{b}} {{a}}")).toEqual(["a", "b"]);
  });

  it("the built-in set has every template, and its hash changes with any edit", () => {
    const builtin = builtinPrompts();
    for (const name of TEMPLATE_NAMES) expect(builtin.raw(name).length, name).toBeGreaterThan(20);
    expect(builtin.hash).toMatch(/^\d+-[0-9a-f]{16}$/);
    const dir = mkdtempSync(join(tmpdir(), "siturec-prompts-"));
    try {
      cpSync(fileURLToPath(new URL("./templates/", import.meta.url)), dir, { recursive: true });
      expect(PromptSet.load(dir).hash).toBe(builtin.hash);
      writeFileSync(join(dir, "moderator.md"), `${builtin.raw("moderator")}\nBe brief.`);
      expect(PromptSet.load(dir).hash).not.toBe(builtin.hash);
      rmSync(join(dir, "judge.md"));
      expect(() => PromptSet.load(dir)).toThrow(/prompt template judge is missing: there is no .*judge\.md/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
