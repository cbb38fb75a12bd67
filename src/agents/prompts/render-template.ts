import { SiturecError } from "../../core/errors.js";

/** A template variable: `{{name}}`, lower snake case. */
const VARIABLE = /\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g;

export class TemplateError extends SiturecError {
  override readonly name = "TemplateError";
}

/** The variables a template uses, in order of first use. */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/**
 * Fills `{{name}}` placeholders. Strict both ways, so a renamed variable cannot silently leave a
 * hole in a prompt or drop context: a variable without a value, or a value no placeholder uses,
 * is an error naming it.
 */
export function renderTemplate(name: string, template: string, values: Record<string, string>): string {
  const used = templateVariables(template);
  const missing = used.filter((v) => !(v in values));
  if (missing.length)
    throw new TemplateError(
      `prompt template '${name}' needs a value for ${missing.map((m) => `{{${m}}}`).join(", ")}`,
    );
  const unused = Object.keys(values).filter((v) => !used.includes(v));
  if (unused.length)
    throw new TemplateError(`prompt template '${name}' has no placeholder for ${unused.join(", ")}`);
  return template.replace(VARIABLE, (_, v: string) => values[v]!);
}
