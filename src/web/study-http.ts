import type { Context } from "hono";
import type { z } from "zod";
import { formatZodIssues } from "../core/zod-issues.js";
import { StudyStateError } from "../study/study-state-error.js";

/** A JSON body validated by `schema`, or `{ error }` naming the bad field. */
export async function body<T>(c: Context, schema: z.ZodType<T>): Promise<T | { error: string }> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return { error: "the body is not JSON" };
  }
  const r = schema.safeParse(raw);
  return r.success ? r.data : { error: formatZodIssues(r.error) };
}

/** Whether `body` answered an error. */
export const failed = (v: unknown): v is { error: string } =>
  typeof v === "object" && v !== null && "error" in v && Object.keys(v).length === 1;

/** Errors of the study's state as 4xx with their message; anything else propagates (a 500). */
export async function answer(c: Context, work: () => Promise<unknown>): Promise<Response> {
  try {
    c.header("Cache-Control", "no-store");
    return c.json((await work()) as object);
  } catch (err) {
    if (err instanceof StudyStateError) return c.json({ error: err.message }, err.status);
    throw err;
  }
}
