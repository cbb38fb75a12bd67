import { z } from "zod";

/** The BullMQ queue every run's episodes go through (one queue: workers serve every run). */
export const EPISODE_QUEUE = "siturec-episodes";

/**
 * One episode of a run as a job: a SituRecBench task of a store, or a CustomerSim persona of a
 * category (`env` then names the category and `taskId` the persona). `attempt` counts how often the
 * run enqueued it (a resume enqueues an episode that failed again).
 */
export const EpisodeJob = z
  .object({
    runId: z.string().min(1),
    env: z.string().min(1),
    taskId: z.string().min(1),
    attempt: z.number().int().min(1),
  })
  .strict();
export type EpisodeJob = z.infer<typeof EpisodeJob>;

/** A job's id: one per episode of a run, so an episode is enqueued once. */
export function jobIdOf(job: Pick<EpisodeJob, "runId" | "env" | "taskId">): string {
  return `${job.runId}/${job.env}/${job.taskId}`;
}
