import { z } from "zod";
import { formatZodIssues } from "../core/zod-issues.js";
import type { LlmClient, LlmRequest, LlmResponse } from "./client.js";

export interface StructuredResult<T> {
  /** The validated output, when the model produced one (possibly after the repair request). */
  value?: T;
  /** Why the output was unusable after the repair request; recorded, never thrown. */
  formatError?: string;
  /** What lenient parsing fixed without changing the meaning (an unknown key dropped, a list cut to its limit, whitespace trimmed). */
  warnings: string[];
  /** Whether a repair request was needed. */
  repaired: boolean;
  responses: LlmResponse[];
}

export interface StructuredOptions {
  /** The output's name (the JSON schema's or the tool's). */
  name: string;
  /** Paths of lists that may be cut to their maximum length (e.g. `ranking`: a top-10 list). */
  truncatable?: string[];
}

/** The JSON object in a model's reply: code fences removed, from the first `{` to the last `}`. */
export function extractJson(text: string): unknown {
  const unfenced = text.replace(/```(?:json)?/gi, "");
  const start = unfenced.indexOf("{");
  const end = unfenced.lastIndexOf("}");
  if (start < 0 || end <= start) throw new Error("the reply contains no JSON object");
  return JSON.parse(unfenced.slice(start, end + 1));
}

/** Trims every string; the paths of those that changed. */
function trimStrings(value: unknown, path: string[] = [], changed: string[] = []): unknown {
  if (typeof value === "string") {
    const t = value.trim();
    if (t !== value) changed.push(path.join(".") || "(root)");
    return t;
  }
  if (Array.isArray(value)) return value.map((v, i) => trimStrings(v, [...path, String(i)], changed));
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, trimStrings(v, [...path, k], changed)]),
    );
  return value;
}

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let node = value;
  for (const key of path) node = (node as Record<PropertyKey, unknown> | undefined)?.[key];
  return node;
}

/**
 * Validates a reply, fixing only what the protocol allows without changing its meaning: whitespace
 * around strings, keys the schema does not know (dropped), and lists over their limit at the
 * `truncatable` paths (cut). Every fix is a warning; anything else is a format error.
 */
export function validateLeniently<S extends z.ZodType>(
  raw: unknown,
  schema: S,
  truncatable: readonly string[] = [],
): { ok: true; value: z.infer<S>; warnings: string[] } | { ok: false; error: string } {
  const trimmed: string[] = [];
  let value = trimStrings(raw, [], trimmed);
  const warnings = trimmed.length ? [`trimmed whitespace: ${trimmed.join(", ")}`] : [];
  for (let round = 0; round < 8; round++) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return { ok: true, value: parsed.data, warnings };
    let fixed = false;
    value = structuredClone(value);
    for (const issue of parsed.error.issues) {
      const where = issue.path.join(".");
      const parent = at(value, issue.path);
      if (issue.code === "unrecognized_keys" && parent && typeof parent === "object") {
        for (const key of issue.keys) delete (parent as Record<string, unknown>)[key];
        warnings.push(
          `dropped unknown key${issue.keys.length === 1 ? "" : "s"} ${issue.keys.join(", ")}${where ? ` in ${where}` : ""}`,
        );
        fixed = true;
      } else if (
        issue.code === "too_big" &&
        issue.origin === "array" &&
        truncatable.includes(where) &&
        Array.isArray(parent)
      ) {
        const max = Number(issue.maximum);
        warnings.push(`${where} had ${parent.length} entries; kept the first ${max}`);
        parent.length = max;
        fixed = true;
      }
    }
    if (!fixed) return { ok: false, error: formatZodIssues(parsed.error) };
  }
  return { ok: false, error: "the reply could not be brought into shape" };
}

function check<S extends z.ZodType>(
  text: string,
  schema: S,
  truncatable: readonly string[],
): { ok: true; value: z.infer<S>; warnings: string[] } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = extractJson(text);
  } catch (err) {
    return { ok: false, error: `not valid JSON: ${(err as Error).message}` };
  }
  return validateLeniently(raw, schema, truncatable);
}

/**
 * Asks for a JSON object following a zod schema (sent to the provider as its JSON Schema, in the
 * client's structured-output mode) and validates the reply leniently. An invalid reply gets one
 * repair request that quotes the validation error; if that fails too, the result carries a format
 * error instead of a value. Infrastructure failures (LlmError) are thrown to the caller.
 */
export async function completeStructured<S extends z.ZodType>(
  client: LlmClient,
  request: LlmRequest,
  schema: S,
  opts: StructuredOptions,
): Promise<StructuredResult<z.infer<S>>> {
  const req: LlmRequest = {
    ...request,
    output: { name: opts.name, schema: z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) },
  };
  const truncatable = opts.truncatable ?? [];
  const first = await client.complete(req);
  const checked = check(first.text, schema, truncatable);
  if (checked.ok)
    return { value: checked.value, warnings: checked.warnings, repaired: false, responses: [first] };
  const repair: LlmRequest = {
    ...req,
    messages: [
      ...req.messages,
      { role: "assistant", content: first.text },
      {
        role: "user",
        content: `Your reply could not be used: ${checked.error}. Reply again with only the corrected JSON object, following the output format exactly.`,
      },
    ],
  };
  const second = await client.complete(repair);
  const again = check(second.text, schema, truncatable);
  if (again.ok)
    return { value: again.value, warnings: again.warnings, repaired: true, responses: [first, second] };
  return { formatError: again.error, warnings: [], repaired: true, responses: [first, second] };
}
