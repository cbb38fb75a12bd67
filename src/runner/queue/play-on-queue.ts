import type { RunStore } from "../../storage/run-store.js";
import type { ProgressCounters } from "../resumed-progress.js";
import type { EpisodeQueue } from "./episode-queue.js";
import { type EndedEpisode, type FollowResult, followRun } from "./follow-run.js";

export interface QueuedPlay {
  /** The queue, opened before the run was planned (so an unreachable one leaves no run behind). */
  queue: EpisodeQueue;
  runId: string;
  /** Episodes to play (`env/taskId`), in the order a local run would play them. */
  todo: readonly string[];
  kept: number;
  total: number;
  /** Enqueue and return at once: the workers play the run, the last of them marks it done. */
  detach?: boolean;
  signal?: AbortSignal;
  maxCostUsd?: number;
  onProgress?: (p: ProgressCounters & { last?: EndedEpisode }) => void;
}

export interface QueuedResult extends FollowResult {
  /** Jobs added now (an episode already queued is not added again). */
  enqueued: number;
  detached: boolean;
}

/**
 * Plays a planned run through queue workers: enqueues its episodes (each once) and, unless detached,
 * follows it until every one has ended, been taken back (Ctrl-C, the budget) or failed as a job.
 */
export async function playOnQueue(store: RunStore, play: QueuedPlay): Promise<QueuedResult> {
  // Before the jobs exist: the last worker may end the run before this returns.
  if (play.detach) await store.setRunStatus(play.runId, "queued");
  const enqueued = await play.queue.enqueue(
    play.runId,
    play.todo.map((key) => {
      const slash = key.indexOf("/");
      return { env: key.slice(0, slash), taskId: key.slice(slash + 1) };
    }),
  );
  if (play.detach) return { enqueued, detached: true, failedJobs: [], requeued: [] };
  const followed = await followRun(store, play.queue, {
    runId: play.runId,
    keys: play.todo,
    kept: play.kept,
    total: play.total,
    ...(play.signal ? { signal: play.signal } : {}),
    ...(play.maxCostUsd !== undefined ? { maxCostUsd: play.maxCostUsd } : {}),
    ...(play.onProgress ? { onProgress: play.onProgress } : {}),
  });
  return { ...followed, enqueued, detached: false };
}
