import type { z } from "zod";

/** A judge model's answer, validated: a bad one throws an error naming the judge and the value. */
export function checkJudgeAnswer<S extends z.ZodType>(schema: S, value: unknown, judge: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const why = parsed.error.issues.map((i) => i.message).join("; ");
  throw new Error(`the ${judge} returned ${JSON.stringify(value)}: ${why}`);
}
