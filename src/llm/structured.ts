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
  /** Whether a reply's JSON object had to be taken out of a code fence or surrounding prose. */
  extracted: boolean;
  /** Values a rejected reply gave where the schema allows only certain ones (an enum's), by dotted path. */
  rejectedValues: RejectedValue[];
  /** The requests sent, in order: the first, then the repair request if one was needed. */
  requests: LlmRequest[];
  /** Each request's response, at the same index as its request. */
  responses: LlmResponse[];
}

/** A value outside the ones its field allows (an invented tool name, an unknown approach). */
export interface RejectedValue {
  path: string;
  value: unknown;
}

/** How a reply's JSON object was wrapped: a code fence, other text around it, or nothing. */
export type JsonWrapping = "fence" | "prose" | null;

export interface StructuredOptions {
  /** The output's name (the JSON schema's or the tool's). */
  name: string;
  /** Paths of lists that may be cut to their maximum length (e.g. `ranking`: a top-10 list). */
  truncatable?: string[];
}

/**
 * The JSON object in a model's reply, and how it was wrapped: a reply that is the object alone is
 * parsed as it is; otherwise code fences are removed and the object is taken from the first `{` to
 * the last `}`.
 */
export function parseReplyJson(text: string): { value: unknown; wrapping: JsonWrapping } {
  const trimmed = text.trim();
  if (trimmed.startsWith("{") && trimmed.endsWith("}")) {
    try {
      return { value: JSON.parse(trimmed), wrapping: null };
    } catch {
      // Not JSON as it stands: a fence inside it, perhaps; the extraction below says what is wrong.
    }
  }
  const unfenced = text.replace(/```(?:json)?/gi, "");
  const start = unfenced.indexOf("{");
  const end = unfenced.lastIndexOf("}");
  if (start < 0 || end <= start) throw new Error("the reply contains no JSON object");
  return {
    value: JSON.parse(unfenced.slice(start, end + 1)),
    wrapping: /```/.test(text) ? "fence" : "prose",
  };
}

/** The JSON object in a model's reply: code fences removed, from the first `{` to the last `}`. */
export function extractJson(text: string): unknown {
  return parseReplyJson(text).value;
}

/**
 * A union's issues as one would state them: when every branch refuses the same field's value (the
 * `type` that picks the branch), that field and every value the branches allow; otherwise the issues
 * of the one branch the value came closest to, if one is closer than the others.
 */
export function closestIssues(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== "invalid_union" || !issue.errors.length) return [issue];
    const prefixed = issue.errors.map((branch) =>
      branch.map((i) => ({ ...i, path: [...issue.path, ...i.path] })),
    );
    const key = (i: z.core.$ZodIssue) => JSON.stringify(i.path);
    const refused = (branch: z.core.$ZodIssue[]) => branch.filter((i) => i.code === "invalid_value");
    const shared = refused(prefixed[0]!).find((i) =>
      prefixed.every((b) => refused(b).some((j) => key(j) === key(i))),
    );
    if (shared) {
      const values = [
        ...new Set(
          prefixed.flatMap((b) => refused(b).filter((j) => key(j) === key(shared))).flatMap((j) => j.values),
        ),
      ];
      const message = `Invalid option: expected one of ${values.map((v) => JSON.stringify(v)).join("|")}`;
      return [{ ...shared, values, message }];
    }
    // Closest: fewest refused values (the branch's own `type` accepted), then fewest issues.
    const sizes = prefixed.map((branch) => refused(branch).length * 1000 + branch.length);
    const fewest = Math.min(...sizes);
    if (fewest === 0 || sizes.filter((n) => n === fewest).length > 1) return [issue];
    return closestIssues(prefixed[sizes.indexOf(fewest)]!);
  });
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
):
  | { ok: true; value: z.infer<S>; warnings: string[] }
  | { ok: false; error: string; rejectedValues?: RejectedValue[] } {
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
    if (!fixed) {
      const issues = closestIssues(parsed.error.issues);
      const rejectedValues = issues
        .filter((i) => i.code === "invalid_value")
        .map((i) => ({ path: i.path.join("."), value: at(value, i.path) }));
      return { ok: false, error: formatZodIssues(new z.ZodError(issues)), rejectedValues };
    }
  }
  return { ok: false, error: "the reply could not be brought into shape" };
}

type Checked<T> =
  | { ok: true; value: T; warnings: string[]; wrapping: JsonWrapping }
  | { ok: false; error: string; wrapping: JsonWrapping; rejectedValues: RejectedValue[] };

function check<S extends z.ZodType>(
  text: string,
  schema: S,
  truncatable: readonly string[],
): Checked<z.infer<S>> {
  let parsed: ReturnType<typeof parseReplyJson>;
  try {
    parsed = parseReplyJson(text);
  } catch (err) {
    return {
      ok: false,
      error: `not valid JSON: ${(err as Error).message}`,
      wrapping: null,
      rejectedValues: [],
    };
  }
  const { wrapping } = parsed;
  const v = validateLeniently(parsed.value, schema, truncatable);
  if (!v.ok) return { ok: false, error: v.error, wrapping, rejectedValues: v.rejectedValues ?? [] };
  const unwrapped = wrapping
    ? [`took the JSON object out of ${wrapping === "fence" ? "a code fence" : "the text around it"}`]
    : [];
  return { ok: true, value: v.value, warnings: [...unwrapped, ...v.warnings], wrapping };
}

/** The result of one or two checked replies: the last one's value or error, and what all of them showed. */
function result<T>(
  checks: Checked<T>[],
  requests: LlmRequest[],
  responses: LlmResponse[],
): StructuredResult<T> {
  const last = checks.at(-1)!;
  const seen = {
    repaired: checks.length > 1,
    extracted: checks.some((c) => c.wrapping !== null),
    rejectedValues: checks.flatMap((c) => (c.ok ? [] : c.rejectedValues)),
    requests,
    responses,
  };
  return last.ok
    ? { value: last.value, warnings: last.warnings, ...seen }
    : { formatError: last.error, warnings: [], ...seen };
}

/**
 * Asks for a JSON object following a zod schema (sent to the provider as its JSON Schema, in the
 * client's structured-output mode) and validates the reply leniently. An invalid reply gets one
 * repair request that quotes the validation error (for a value outside an enum, the field and the
 * values it allows); if that fails too, the result carries a format error instead of a value.
 * Infrastructure failures (LlmError) are thrown to the caller.
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
  if (checked.ok) return result([checked], [req], [first]);
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
  return result([checked, check(second.text, schema, truncatable)], [req, repair], [first, second]);
}
