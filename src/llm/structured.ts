import type { z } from "zod";
import { formatZodIssues } from "../core/zod-issues.js";
import type { LlmClient, LlmRequest, LlmResponse } from "./client.js";

export interface StructuredResult<T> {
  /** The validated output, when the model produced one (possibly after the repair request). */
  value?: T;
  /** Why the output was unusable after the repair request; recorded, never thrown. */
  formatError?: string;
  /** Whether a repair request was needed. */
  repaired: boolean;
  responses: LlmResponse[];
}

/** The JSON object in a model's reply: code fences removed, from the first `{` to the last `}`. */
export function extractJson(text: string): unknown {
  const unfenced = text.replace(/```(?:json)?/gi, "");
  const start = unfenced.indexOf("{");
  const end = unfenced.lastIndexOf("}");
  if (start < 0 || end <= start) throw new Error("the reply contains no JSON object");
  return JSON.parse(unfenced.slice(start, end + 1));
}

function check<S extends z.ZodType>(
  text: string,
  schema: S,
): { ok: true; value: z.infer<S> } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = extractJson(text);
  } catch (err) {
    return { ok: false, error: `not valid JSON: ${(err as Error).message}` };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: formatZodIssues(parsed.error) };
}

/**
 * Asks for a JSON object and validates it with a zod schema. An invalid reply gets one repair
 * request that quotes the validation error; if that fails too, the result carries a format error
 * instead of a value. Infrastructure failures (LlmError) are thrown to the caller.
 */
export async function completeStructured<S extends z.ZodType>(
  client: LlmClient,
  req: LlmRequest,
  schema: S,
): Promise<StructuredResult<z.infer<S>>> {
  const first = await client.complete(req);
  const checked = check(first.text, schema);
  if (checked.ok) return { value: checked.value, repaired: false, responses: [first] };
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
  const again = check(second.text, schema);
  if (again.ok) return { value: again.value, repaired: true, responses: [first, second] };
  return { formatError: again.error, repaired: true, responses: [first, second] };
}
