import type { CallTranscript } from "../../llm/call-record.js";
import type { StructuredResult } from "../../llm/structured.js";
import type { PolicyReply } from "../types.js";
import { usageOf } from "./call-usage.js";

/** Where the roles' outputs name a tool: the assistant's expected user action, the shopper's call. */
const TOOL_NAME_PATHS = new Set(["expected_user_action.name", "tool_call.name"]);

/** What the replies showed besides the output: JSON taken out of a wrapping, tool names the schema refused. */
export function protocolOf<T>(
  result: Pick<StructuredResult<T>, "extracted" | "rejectedValues">,
): Pick<PolicyReply<T>, "fencedJson" | "invalidTools"> {
  const invalidTools = result.rejectedValues
    .filter((r) => TOOL_NAME_PATHS.has(r.path))
    .map((r) => (typeof r.value === "string" ? r.value : (JSON.stringify(r.value) ?? "undefined")));
  return {
    ...(result.extracted ? { fencedJson: true } : {}),
    ...(invalidTools.length ? { invalidTools } : {}),
  };
}

/** Each request with its response; every request after the first is the repair request. */
export function transcriptsOf(
  result: Pick<StructuredResult<unknown>, "requests" | "responses">,
): CallTranscript[] {
  return result.requests.map((request, i) => ({
    request,
    response: result.responses[i]!,
    ...(i > 0 ? { repair: true } : {}),
  }));
}

/**
 * A model-backed policy's reply: the validated output, or the role's fallback with the format error;
 * the calls' usage for the trajectory and their transcripts for the run store.
 */
export function reply<T>(model: string, result: StructuredResult<T>, fallback: T): PolicyReply<T> {
  const calls = usageOf(model, result.responses);
  const transcripts = transcriptsOf(result);
  const warnings = result.warnings.length ? { formatWarnings: result.warnings } : {};
  const protocol = protocolOf(result);
  if (result.value !== undefined)
    return { output: result.value, ...warnings, repaired: result.repaired, ...protocol, calls, transcripts };
  return {
    output: fallback,
    ...(result.formatError !== undefined ? { formatError: result.formatError } : {}),
    repaired: result.repaired,
    ...protocol,
    calls,
    transcripts,
  };
}
