import { z } from "zod";
import type { Trajectory } from "../../trajectory/trajectory.js";

/** What the comparison reads of a stored judge record (`siturec judge` writes more). */
const JudgeFields = z
  .object({ model: z.string().optional(), scores: z.record(z.string(), z.number()).nullable().optional() })
  .loose();

/** A trajectory's judge scores by dimension, if it was judged (a failed judgement has none). */
export function judgeScoresOf(t: Trajectory): Record<string, number> | undefined {
  const parsed = JudgeFields.safeParse(t.judge);
  return parsed.success && parsed.data.scores ? parsed.data.scores : undefined;
}

/** The judge model that scored a trajectory, if it was judged. */
export function judgeModelOf(t: Trajectory): string | undefined {
  const parsed = JudgeFields.safeParse(t.judge);
  return parsed.success && parsed.data.scores ? parsed.data.model : undefined;
}
