import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { DelayedError, type Job, UnrecoverableError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { PromptSet } from "../../agents/prompts/prompt-set.js";
import type { RoleRegistry } from "../../agents/role-registry.js";
import { openRunStore } from "../../storage/open-run-store.js";
import type { RunStore } from "../../storage/run-store.js";
import { playConversation } from "../customersim/play-conversation.js";
import { playEpisode } from "../execute.js";
import type { RunConfig } from "../run-config.js";
import { EPISODE_QUEUE, EpisodeJob } from "./episode-job.js";
import { connectRedis } from "./redis-url.js";
import { RedisResponseCache } from "./shared-model-cache.js";
import { redisSharedLimit, runSlot } from "./shared-model-limit.js";
import { openWorkerRun, RunRefusedError, renderPools, type WorkerRun } from "./worker-runs.js";

const DEFAULT_TAKE_OVER_MS = 20_000;

export interface WorkerOptions {
  /** Redis URL of the queue (`redis://HOST:PORT`). */
  queue: string;
  /** The run store: a folder (SQLite, one machine) or a `postgres://` URL. */
  store: string;
  /** Episodes played at once (default 2). */
  concurrency?: number;
  /**
   * How long the job of a worker that died waits before another worker takes it over (default
   * 20 000 ms): the job's lock lasts this long (renewed at half of it while the episode plays), and
   * stalled jobs are looked for every half of it. Below a few seconds, a busy machine can delay a
   * renewal past the lock and an episode still playing is handed on too.
   */
  takeOverAfterMs?: number;
  /** Policies a run's config may name beyond the built-in ones (must match the planner's). */
  roles?: RoleRegistry;
  prompts?: PromptSet;
  /** One line per job taken, ended or refused, for the worker's log. */
  onEvent?: (event: WorkerEvent) => void;
}

export type WorkerEvent =
  | { kind: "start"; runId: string; env: string; taskId: string; attempt: number }
  | { kind: "end"; runId: string; env: string; taskId: string; ms: number }
  | { kind: "failed"; runId: string; env: string; taskId: string; message: string; final: boolean };

export interface RunningWorker {
  /** This worker's name (its attempts are `ID#n`). */
  id: string;
  /** Stops taking jobs, lets those in flight finish, and closes what it opened. */
  close(): Promise<void>;
}

/**
 * Ends a run whose every episode has ended (the last worker to end one does it): `complete` when all
 * finished, whoever stopped following it; `incomplete` when some failed and it was still playing.
 */
async function completeIfDone(store: RunStore, runId: string): Promise<void> {
  const run = await store.getRun(runId);
  if (!run || run.status === "complete") return;
  const rows = await store.episodes(runId);
  if (rows.length < run.planned || rows.some((r) => r.status !== "finished" && r.status !== "error")) return;
  if (rows.every((r) => r.status === "finished")) await store.setRunStatus(runId, "complete");
  else if (run.status === "queued" || run.status === "running") await store.setRunStatus(runId, "incomplete");
}

/** What a worker shares between the runs whose jobs it takes. */
interface WorkerShared {
  /** The worker's name, the owner of its attempts. */
  id: string;
  store: RunStore;
  pools: ReturnType<typeof renderPools>;
  /** The Redis connection for the model cache, the provider limits and the run slots. */
  shared: Redis;
  opts: WorkerOptions;
}

/**
 * Opens each run once (its config checked against the run's identity): a run refused stays refused,
 * one that could not be opened for a passing reason (the store was down) is tried again.
 */
function runOpener({ id, store, pools, shared, opts }: WorkerShared): (runId: string) => Promise<WorkerRun> {
  const sharedCache = new RedisResponseCache(shared);
  const runs = new Map<string, Promise<WorkerRun>>();
  return async (runId: string): Promise<WorkerRun> => {
    let run = runs.get(runId);
    if (!run) {
      run = (async () => {
        const row = await store.getRun(runId);
        if (!row) throw new RunRefusedError(`no run ${runId} in ${store.location}`);
        return openWorkerRun(row, {
          store,
          owner: id,
          ...(opts.roles ? { roles: opts.roles } : {}),
          ...(opts.prompts ? { prompts: opts.prompts } : {}),
          renderFor: pools.renderFor,
          modelSharing: (config: RunConfig) => ({
            sharedCache,
            // One count per provider for all runs on the queue: a provider's quota is not per run.
            sharedLimit: redisSharedLimit(shared, {
              concurrency: config.llm.concurrency,
              acquireTimeoutMs: config.llm.callDeadlineMs,
            }),
          }),
        });
      })();
      runs.set(runId, run);
      run.catch((err) => {
        if (!(err instanceof RunRefusedError)) runs.delete(runId);
      });
    }
    return run;
  };
}

/** Plays one job's episode or conversation, then ends its run if that was the last. */
async function playJob(
  data: EpisodeJob,
  key: string,
  run: WorkerRun,
  store: RunStore,
  onEvent: WorkerOptions["onEvent"],
): Promise<void> {
  const started = performance.now();
  onEvent?.({ kind: "start", ...data });
  if (run.benchmark === "situ-rec") {
    const episode = run.episodes.get(key);
    if (!episode) throw new UnrecoverableError(`run ${data.runId} selected no episode ${key}`);
    await playEpisode(episode, run.execute);
  } else {
    const p = run.personas.get(key);
    if (!p) throw new UnrecoverableError(`run ${data.runId} selected no conversation ${key}`);
    await playConversation(p.persona, p.position, run.conversation, p.sample);
  }
  await completeIfDone(store, data.runId);
  onEvent?.({
    kind: "end",
    runId: data.runId,
    env: data.env,
    taskId: data.taskId,
    ms: performance.now() - started,
  });
}

/** Reports a failed job (`final` when it will not be tried again). */
function reportFailure(onEvent: WorkerOptions["onEvent"]): (job: Job | undefined, err: Error) => void {
  return (job, err) => {
    if (!job) return;
    const data = EpisodeJob.safeParse(job.data);
    if (!data.success) return;
    const final = err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    onEvent?.({
      kind: "failed",
      runId: data.data.runId,
      env: data.data.env,
      taskId: data.data.taskId,
      message: err.message,
      final,
    });
  };
}

/**
 * A queue worker: takes episode jobs of any run, checks once per run that it computes the run's
 * identity (else refuses its jobs for good), plays each episode through the same code as a local run
 * (each turn committed, attempts owned), with the model cache and per-provider limits shared through
 * Redis. A job whose worker dies is taken over by another (BullMQ's stalled-job check).
 */
export async function startWorker(opts: WorkerOptions): Promise<RunningWorker> {
  const id = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const concurrency = opts.concurrency ?? 2;
  const shared: Redis = await connectRedis(opts.queue);
  const blocking: Redis = await connectRedis(opts.queue);
  const store = openRunStore(opts.store);
  const pools = renderPools(concurrency);
  const runOf = runOpener({ id, store, pools, shared, opts });

  const processor = async (job: Job, token?: string): Promise<void> => {
    const data = EpisodeJob.parse(job.data);
    const key = `${data.env}/${data.taskId}`;
    let run: WorkerRun;
    try {
      run = await runOf(data.runId);
    } catch (err) {
      if (err instanceof RunRefusedError) throw new UnrecoverableError(err.message);
      throw err;
    }
    // The run's own limit across all workers: a job over it waits a moment in the queue, leaving
    // this worker free for other runs' jobs.
    const limit =
      run.benchmark === "situ-rec"
        ? run.execute.config.queueConcurrency
        : run.conversation.config.queueConcurrency;
    const slot = limit ? runSlot(shared, data.runId, limit) : undefined;
    if (slot && !(await slot.tryAcquire())) {
      await job.moveToDelayed(Date.now() + 250 + Math.floor(Math.random() * 250), token);
      throw new DelayedError();
    }
    try {
      await playJob(data, key, run, store, opts.onEvent);
    } finally {
      await slot?.release().catch(() => {});
    }
  };

  // A dead worker's job is handed on after its lock lapses at the next stalled check.
  const lockDuration = opts.takeOverAfterMs ?? DEFAULT_TAKE_OVER_MS;
  const worker = new Worker(EPISODE_QUEUE, processor, {
    connection: blocking,
    concurrency,
    lockDuration,
    stalledInterval: Math.ceil(lockDuration / 2),
    maxStalledCount: 2,
  });
  worker.on("failed", reportFailure(opts.onEvent));
  // Errors of the connection are retried by BullMQ; they must not crash the process.
  worker.on("error", () => {});
  return {
    id,
    close: async () => {
      await worker.close();
      await pools.close();
      await store.close();
      shared.disconnect();
      blocking.disconnect();
    },
  };
}
