import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderTemplate } from "./render-template.js";

/** Bumped whenever a template's meaning changes; the hash below catches every edit anyway. */
export const PROMPT_VERSION = "1";

export const TEMPLATE_NAMES = [
  "assistant",
  "assistant-handles",
  "assistant-supermarket",
  "assistant-home-furnishings",
  "assistant-turn",
  "condition-full",
  "condition-no-evv",
  "condition-no-evv-caption",
  "shopper",
  "shopper-supermarket",
  "shopper-home-furnishings",
  "shopper-turn",
  "moderator",
  "moderator-turn",
  "judge",
  "judge-turn",
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/**
 * The versioned prompt templates (`templates/*.md`, shipped next to the compiled code). Their hash
 * is part of a run's identity: changing any prompt makes a different run.
 */
export class PromptSet {
  private constructor(
    private readonly templates: Record<TemplateName, string>,
    readonly hash: string,
  ) {}

  static load(dir = fileURLToPath(new URL("./templates/", import.meta.url))): PromptSet {
    const present = new Set(readdirSync(dir));
    const templates = {} as Record<TemplateName, string>;
    const digest = createHash("sha256");
    for (const name of TEMPLATE_NAMES) {
      const file = `${name}.md`;
      if (!present.has(file)) throw new Error(`prompt template ${file} is missing from ${dir}`);
      templates[name] = readFileSync(`${dir}/${file}`, "utf8").trimEnd();
      digest.update(`${file}\0${templates[name]}\0`);
    }
    return new PromptSet(templates, `${PROMPT_VERSION}-${digest.digest("hex").slice(0, 16)}`);
  }

  raw(name: TemplateName): string {
    return this.templates[name];
  }

  render(name: TemplateName, values: Record<string, string>): string {
    return renderTemplate(name, this.templates[name], values);
  }
}

let builtin: PromptSet | undefined;
/** The built-in templates, loaded once. */
export function builtinPrompts(): PromptSet {
  builtin ??= PromptSet.load();
  return builtin;
}
