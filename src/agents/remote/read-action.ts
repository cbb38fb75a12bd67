import type { z } from "zod";
import { type JsonWrapping, parseReplyJson, validateLeniently } from "../../llm/structured.js";
import { protocolOf } from "../llm/policy-reply.js";
import type { PolicyReply } from "../types.js";

/**
 * A client's action read exactly as a model's output is: a string is a raw reply (its JSON object
 * is extracted, code fences and prose around it ignored, and recorded as `fencedJson`), an object
 * is taken as parsed; then the same lenient validation (whitespace trimmed, unknown keys dropped,
 * `truncatable` lists cut, each a format warning). An action that stays invalid is the role's
 * fallback with a recorded format error (a tool name the store lacks recorded as `invalidTools`),
 * the same consequence as a model's invalid output in a run.
 */
export function readAction<S extends z.ZodType>(
  action: unknown,
  schema: S,
  fallback: z.infer<S>,
  truncatable: readonly string[] = [],
): PolicyReply<z.infer<S>> {
  let raw = action;
  let wrapping: JsonWrapping = null;
  if (typeof action === "string") {
    try {
      ({ value: raw, wrapping } = parseReplyJson(action));
    } catch (err) {
      return { output: fallback, formatError: (err as Error).message, repaired: false, calls: [] };
    }
  }
  const checked = validateLeniently(raw, schema, truncatable);
  const protocol = protocolOf({
    extracted: wrapping !== null,
    rejectedValues: checked.ok ? [] : (checked.rejectedValues ?? []),
  });
  if (!checked.ok)
    return { output: fallback, formatError: checked.error, repaired: false, ...protocol, calls: [] };
  return {
    output: checked.value,
    ...(checked.warnings.length ? { formatWarnings: checked.warnings } : {}),
    repaired: false,
    ...protocol,
    calls: [],
  };
}
