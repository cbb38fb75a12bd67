import type { StructuredResult } from "../../llm/structured.js";
import type { PolicyReply } from "../types.js";
import { usageOf } from "./call-usage.js";

/** A model-backed policy's reply: the validated output, or the role's fallback with the format error. */
export function reply<T>(model: string, result: StructuredResult<T>, fallback: T): PolicyReply<T> {
  const calls = usageOf(model, result.responses);
  const warnings = result.warnings.length ? { formatWarnings: result.warnings } : {};
  if (result.value !== undefined)
    return { output: result.value, ...warnings, repaired: result.repaired, calls };
  return {
    output: fallback,
    ...(result.formatError !== undefined ? { formatError: result.formatError } : {}),
    repaired: result.repaired,
    calls,
  };
}
