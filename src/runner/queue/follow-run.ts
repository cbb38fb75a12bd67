import type { EpisodeRow, RunStore } from "../../storage/run-store.js";
import { type ProgressCounters, zeroProgress } from "../resumed-progress.js";
import type { EpisodeQueue } from "./episode-queue.js";

/** An episode that just ended, as the run store's row says. */
export interface EndedEpisode {
  env: string;
  taskId: string;
  outcome: { reason: string; success: boolean; turns: number; error?: string };
}

export interface FollowOptions {
  runId: string;
  /** The episodes this invocation enqueued (`env/taskId`). */
  keys: readonly string[];
  /** Finished episodes kept from earlier invocations, and all the run selected. */
  kept: number;
  total: number;
  /** Stop: take back the jobs no worker has started, let the others finish. */
  signal?: AbortSignal;
  /** The same, once the run's recorded spend reaches this many USD. */
  maxCostUsd?: number;
  pollMs?: number;
  onProgress?: (p: ProgressCounters & { last?: EndedEpisode }) => void;
}

export interface FollowResult {
  /** `stopped`: the signal; `budget`: the spend limit; else every enqueued episode ended. */
  stoppedBy?: "signal" | "budget";
  /**
   * Jobs that ran out of attempts (the worker's own failures, not the episode's), with their reasons;
   * and jobs that kept vanishing from the queue (a Redis that lost them), given up after REQUEUES.
   */
  failedJobs: { key: string; reason: string }[];
  /** Episodes whose job vanished from the queue (not taken back here) and was enqueued again. */
  requeued: string[];
}

/** How often an episode's vanished job is enqueued again before the run gives it up as lost. */
export const REQUEUES = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function countersOf(rows: readonly EpisodeRow[], runId: string, total: number): ProgressCounters {
  const p = zeroProgress(runId, total);
  for (const r of rows) {
    if (r.status !== "finished" && r.status !== "error") continue;
    p.done++;
    if (r.status === "error") p.errors++;
    if (r.success) p.successes++;
    p.turns += r.turns;
    p.inputTokens += r.inputTokens;
    p.outputTokens += r.outputTokens;
    p.costUsd += r.costUsd;
  }
  return p;
}

const VANISHED = `its job vanished from the queue ${REQUEUES + 1} times (run Redis with appendonly yes and maxmemory-policy noeviction)`;

/** Enqueues `key` again after its job vanished; false once it has been REQUEUES times already. */
async function requeue(
  queue: EpisodeQueue,
  runId: string,
  key: string,
  requeues: Map<string, number>,
): Promise<boolean> {
  const n = requeues.get(key) ?? 0;
  if (n >= REQUEUES) return false;
  requeues.set(key, n + 1);
  const slash = key.indexOf("/");
  await queue.enqueue(runId, [{ env: key.slice(0, slash), taskId: key.slice(slash + 1) }]);
  return true;
}

/**
 * Follows a run whose episodes queue workers play: polls the run store (the authority on what
 * ended) and the queue (for jobs that ran out of attempts), reports each ended episode, and returns
 * once every enqueued episode has ended, failed as a job, or been taken back (signal, budget).
 */
export async function followRun(
  store: RunStore,
  queue: EpisodeQueue,
  opts: FollowOptions,
): Promise<FollowResult> {
  const started = performance.now();
  const pending = new Set(opts.keys);
  const seen = new Set<string>();
  const ended = new Set<string>();
  const failedJobs: FollowResult["failedJobs"] = [];
  const requeues = new Map<string, number>();
  let stoppedBy: FollowResult["stoppedBy"];
  let lastJobCheck = 0;
  for (;;) {
    if (!stoppedBy && opts.signal?.aborted) stoppedBy = "signal";
    if (!stoppedBy && opts.maxCostUsd !== undefined) {
      const spent = (await store.spent(opts.runId)).reduce((s, r) => s + r.costUsd, 0);
      if (spent >= opts.maxCostUsd) stoppedBy = "budget";
    }
    if (stoppedBy) await queue.removeWaiting(opts.runId);
    const rows = await store.episodes(opts.runId);
    const counters = countersOf(rows, opts.runId, opts.total);
    for (const r of rows) {
      const key = `${r.env}/${r.taskId}`;
      if (!pending.has(key) || (r.status !== "finished" && r.status !== "error")) continue;
      pending.delete(key);
      if (seen.has(key)) continue;
      seen.add(key);
      opts.onProgress?.({
        ...counters,
        elapsedMs: performance.now() - started,
        last: {
          env: r.env,
          taskId: r.taskId,
          outcome: {
            reason: r.reason ?? "error",
            success: r.success,
            turns: r.turns,
            ...(r.error ? { error: r.error } : {}),
          },
        },
      });
    }
    // The queue is asked less often than the store: only jobs it ended or dropped matter here.
    if (pending.size && (stoppedBy || performance.now() - lastJobCheck > 2000)) {
      lastJobCheck = performance.now();
      for (const [key, s] of await queue.states(opts.runId, [...pending])) {
        if (s.state === "failed") {
          failedJobs.push({ key, reason: s.reason ?? "unknown" });
          pending.delete(key);
        } else if (s.state === "gone") {
          // Taken back here (signal, budget): it ends. Otherwise its job vanished (a Redis restarted
          // without persistence, an eviction): enqueued again under the same id, a few times.
          if (stoppedBy) pending.delete(key);
          else if (!(await requeue(queue, opts.runId, key, requeues))) {
            failedJobs.push({ key, reason: VANISHED });
            pending.delete(key);
          }
        } else if (s.state === "done") {
          // Its job ended after the rows were read (they show it next time); ended twice with the
          // store still saying otherwise, it is not coming (a finished episode the worker skipped).
          if (ended.has(key)) pending.delete(key);
          ended.add(key);
        }
      }
    }
    if (!pending.size)
      return { ...(stoppedBy ? { stoppedBy } : {}), failedJobs, requeued: [...requeues.keys()] };
    await sleep(opts.pollMs ?? 300);
  }
}
