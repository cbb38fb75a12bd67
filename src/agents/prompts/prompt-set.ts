import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { envDefinition, envIds, hasEnv } from "../../envs/registry.js";
import { renderTemplate, TemplateError } from "./render-template.js";

/** Bumped whenever a template's meaning changes; the hash below catches every edit anyway. */
export const PROMPT_VERSION = "1";

/**
 * The templates every store shares, in hashing order. Each store adds its scene rules from its own
 * folder (`prompts/assistant.md`, `prompts/shopper.md`) as `assistant-<store>` and `shopper-<store>`,
 * hashed right after `assistant-handles` and `shopper`.
 */
export const TEMPLATE_NAMES = [
  "assistant",
  "assistant-handles",
  "assistant-turn",
  "condition-full",
  "condition-no-evv",
  "condition-no-evv-caption",
  "assistant-map",
  "shopper",
  "shopper-map",
  "shopper-no-map",
  "shopper-turn",
  "moderator",
  "moderator-turn",
  "judge",
  "judge-turn",
] as const;
export type SharedTemplateName = (typeof TEMPLATE_NAMES)[number];
export type TemplateName = SharedTemplateName | `assistant-${string}` | `shopper-${string}`;

/** Every template's name and file, in hashing order: shared ones with each store's rules after their role's. */
function templateFiles(dir: string): { name: TemplateName; file: string }[] {
  return TEMPLATE_NAMES.flatMap((name) => {
    const shared = { name, file: join(dir, `${name}.md`) };
    const role = name === "assistant-handles" ? "assistant" : name === "shopper" ? "shopper" : undefined;
    if (!role) return [shared];
    return [
      shared,
      ...envIds().map((env) => ({
        name: `${role}-${env}` as TemplateName,
        file: join(envDefinition(env).dir, "prompts", `${role}.md`),
      })),
    ];
  });
}

/**
 * The versioned prompt templates (`templates/*.md` shipped next to the compiled code, and each
 * store's scene rules). Their hash is part of a run's identity: changing any prompt makes a
 * different run.
 */
export class PromptSet {
  private constructor(
    private readonly templates: Map<TemplateName, string>,
    readonly hash: string,
  ) {}

  static load(dir = fileURLToPath(new URL("./templates/", import.meta.url))): PromptSet {
    const templates = new Map<TemplateName, string>();
    const digest = createHash("sha256");
    for (const { name, file } of templateFiles(dir)) {
      let text: string;
      try {
        text = readFileSync(file, "utf8").trimEnd();
      } catch {
        throw new TemplateError(`prompt template ${name} is missing: there is no ${file}`);
      }
      templates.set(name, text);
      // The file's name as the hash has always seen it, wherever the template now lives.
      digest.update(`${name}.md\0${text}\0`);
    }
    return new PromptSet(templates, `${PROMPT_VERSION}-${digest.digest("hex").slice(0, 16)}`);
  }

  private get(name: TemplateName): string {
    const text = this.templates.get(name) ?? this.sharedRules(name);
    if (text === undefined) throw new TemplateError(`there is no prompt template '${name}'`);
    return text;
  }

  /**
   * The scene rules of a store the set was not loaded with that shares a loaded store's folder (a
   * seeded variant such as `supermarket@7` does): that store's rules, whose text is in the hash.
   */
  private sharedRules(name: TemplateName): string | undefined {
    const m = /^(assistant|shopper)-(.+)$/.exec(name);
    if (!m || !hasEnv(m[2]!)) return undefined;
    const dir = envDefinition(m[2]!).dir;
    const owner = envIds().find((id) => envDefinition(id).dir === dir);
    return owner === undefined ? undefined : this.templates.get(`${m[1]}-${owner}` as TemplateName);
  }

  raw(name: TemplateName): string {
    return this.get(name);
  }

  render(name: TemplateName, values: Record<string, string>): string {
    return renderTemplate(name, this.get(name), values);
  }
}

const builtin = new Map<string, PromptSet>();
/** The built-in templates with the registered stores' rules, loaded once per set of stores. */
export function builtinPrompts(): PromptSet {
  const key = envIds().join(",");
  let set = builtin.get(key);
  if (!set) {
    set = PromptSet.load();
    builtin.set(key, set);
  }
  return set;
}
