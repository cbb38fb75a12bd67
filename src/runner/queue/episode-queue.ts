import { type Job, type JobsOptions, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { EPISODE_QUEUE, EpisodeJob, jobIdOf } from "./episode-job.js";
import { connectRedis } from "./redis-url.js";

/** Retries of a job whose worker failed for a reason of its own (not the episode's): the store, the browser. */
const JOB_ATTEMPTS = 3;
/** Finished jobs are kept a week (a resume reads an earlier attempt's count), then dropped. */
const KEEP = { age: 7 * 24 * 3600 };

/** Where one job of a run stands, as the planner follows it. */
export interface JobStanding {
  /** `pending`: waiting or being played; `done`: completed; `failed`: out of attempts; `gone`: not in the queue. */
  state: "pending" | "failed" | "gone" | "done";
  /** Why a `failed` job failed (its last attempt's error). */
  reason?: string;
}

/** The episode queue as a run's planner sees it: what to enqueue, what to take back, what failed. */
export class EpisodeQueue {
  private constructor(
    readonly queue: Queue,
    private readonly redis: Redis,
  ) {}

  static async open(url: string): Promise<EpisodeQueue> {
    const redis = await connectRedis(url);
    const queue = new Queue(EPISODE_QUEUE, { connection: redis });
    // Connection errors are retried (commands wait meanwhile); they are not the planner's to print.
    queue.on("error", () => {});
    return new EpisodeQueue(queue, redis);
  }

  /**
   * Enqueues the run's episodes (in the order given), each once: an episode already waiting or
   * being played is left as it is; one whose earlier job ended (a resume) is enqueued again as the
   * next attempt. Returns how many jobs were added.
   */
  async enqueue(runId: string, episodes: readonly { env: string; taskId: string }[]): Promise<number> {
    const existing = await Promise.all(
      episodes.map(async (e) => {
        const job = await this.queue.getJob(jobIdOf({ runId, ...e }));
        return job ? { job, state: await job.getState() } : undefined;
      }),
    );
    const fresh: { name: string; data: EpisodeJob; opts: JobsOptions }[] = [];
    for (const [i, e] of episodes.entries()) {
      const jobId = jobIdOf({ runId, ...e });
      const found = existing[i];
      let attempt = 1;
      if (found) {
        if (found.state !== "completed" && found.state !== "failed" && found.state !== "unknown") continue;
        attempt = (EpisodeJob.safeParse(found.job.data).data?.attempt ?? 0) + 1;
        await found.job.remove();
      }
      fresh.push({
        name: "episode",
        data: { runId, env: e.env, taskId: e.taskId, attempt },
        opts: {
          jobId,
          attempts: JOB_ATTEMPTS,
          backoff: { type: "exponential", delay: 2000 },
          removeOnComplete: KEEP,
          removeOnFail: KEEP,
        },
      });
    }
    // One round trip for all of them, in the order given (a local run's order).
    if (fresh.length) await this.queue.addBulk(fresh);
    return fresh.length;
  }

  private async jobsOf(runId: string, states: Parameters<Queue["getJobs"]>[0]): Promise<Job[]> {
    const jobs = await this.queue.getJobs(states);
    return jobs.filter((j) => j?.data && (j.data as { runId?: string }).runId === runId);
  }

  /** Takes back the run's jobs no worker has started; returns how many. */
  async removeWaiting(runId: string): Promise<number> {
    const jobs = await this.jobsOf(runId, ["waiting", "delayed", "prioritized", "waiting-children"]);
    let removed = 0;
    for (const j of jobs) {
      try {
        await j.remove();
        removed++;
      } catch {
        // A worker took it in the meantime: it plays.
      }
    }
    return removed;
  }

  /**
   * Where the run's jobs stand: `env/taskId` → `pending` (waiting or being played), `done`
   * (completed), `failed` (out of attempts, with the reason) or `gone` (taken back, or never
   * enqueued). One round trip to Redis for all of them (a pipeline of reads of BullMQ's keys:
   * the job's hash, the completed and failed sets), however many jobs the run has.
   */
  async states(runId: string, keys: readonly string[]): Promise<Map<string, JobStanding>> {
    const out = new Map<string, JobStanding>();
    if (!keys.length) return out;
    const { completed, failed } = this.queue.keys;
    const batch = this.redis.pipeline();
    for (const key of keys) {
      const id = `${runId}/${key}`;
      batch.hget(this.queue.toKey(id), "failedReason").exists(this.queue.toKey(id));
      batch.zscore(completed!, id).zscore(failed!, id);
    }
    const replies = (await batch.exec()) ?? [];
    for (const [i, key] of keys.entries()) {
      const [reason, exists, done, failedScore] = replies.slice(i * 4, i * 4 + 4).map(([err, value]) => {
        if (err) throw err;
        return value;
      });
      if (!exists) out.set(key, { state: "gone" });
      else if (done !== null) out.set(key, { state: "done" });
      else if (failedScore !== null)
        out.set(key, { state: "failed", reason: (reason as string | null) ?? "unknown" });
      else out.set(key, { state: "pending" });
    }
    return out;
  }

  /** Jobs being played now (any run). */
  async activeCount(): Promise<number> {
    return this.queue.getActiveCount();
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.redis.disconnect();
  }
}
