import type { z } from "zod";
import { extractJson, validateLeniently } from "../../llm/structured.js";
import type { PolicyReply } from "../types.js";

/**
 * A client's action read exactly as a model's output is: a string is a raw reply (its JSON object
 * is extracted, code fences and prose around it ignored), an object is taken as parsed; then the
 * same lenient validation (whitespace trimmed, unknown keys dropped, `truncatable` lists cut, each a
 * format warning). An action that stays invalid is the role's fallback with a recorded format
 * error, the same consequence as a model's invalid output in a run.
 */
export function readAction<S extends z.ZodType>(
  action: unknown,
  schema: S,
  fallback: z.infer<S>,
  truncatable: readonly string[] = [],
): PolicyReply<z.infer<S>> {
  let raw = action;
  if (typeof action === "string") {
    try {
      raw = extractJson(action);
    } catch (err) {
      return { output: fallback, formatError: (err as Error).message, repaired: false, calls: [] };
    }
  }
  const checked = validateLeniently(raw, schema, truncatable);
  if (!checked.ok) return { output: fallback, formatError: checked.error, repaired: false, calls: [] };
  return {
    output: checked.value,
    ...(checked.warnings.length ? { formatWarnings: checked.warnings } : {}),
    repaired: false,
    calls: [],
  };
}
