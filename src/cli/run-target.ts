import { SiturecError } from "../core/errors.js";
import { checkQueueUrl } from "../runner/queue/redis-url.js";
import { resolveStoreLocation } from "../storage/open-run-store.js";

/** Where a run's results go and who plays its episodes, as flags, a config file and the environment say. */
export interface RunTarget {
  /** The run store: a folder or a `postgres://` URL (undefined: the default folder). */
  store?: string;
  /** The queue's Redis URL (undefined: episodes play in this process). */
  queue?: string;
  /** The config file's fields without `store` and `queue` (they are not part of a run's config). */
  file: Record<string, unknown>;
}

const text = (v: unknown, key: string): string | undefined => {
  if (v === undefined) return undefined;
  if (typeof v !== "string" || !v)
    throw new SiturecError(`config: ${key} must be a non-empty string`, { exitCode: 2, field: key });
  return v;
};

/**
 * The store: `--store` or `--out` (one of them), else the config file's `store` (or `storeDir`),
 * else `SITUREC_STORE_URL`. The queue: `--queue`, else the file's `queue`, else `SITUREC_QUEUE_URL`.
 */
export function runTarget(
  flags: { store?: string; out?: string; queue?: string },
  file: Record<string, unknown> = {},
  env: NodeJS.ProcessEnv = process.env,
): RunTarget {
  if (flags.store && flags.out && flags.store !== flags.out)
    throw new SiturecError("--store and --out name the same thing (the run store); give one of them", {
      exitCode: 2,
    });
  const { store: fileStore, queue: fileQueue, ...rest } = file;
  const store =
    flags.store ??
    flags.out ??
    text(fileStore, "store") ??
    (typeof rest.storeDir === "string" ? rest.storeDir : undefined) ??
    resolveStoreLocation(undefined, env);
  const queue = flags.queue ?? text(fileQueue, "queue") ?? (env.SITUREC_QUEUE_URL || undefined);
  return { ...(store ? { store } : {}), ...(queue ? { queue: checkQueueUrl(queue) } : {}), file: rest };
}

/**
 * The command that continues run `runId` where it ran: the store and the queue it used, each named
 * (a password in either is hidden when printed; give it again as you did).
 */
export function resumeCommand(
  command: string,
  runId: string,
  target: { store?: string; queue?: string },
): string {
  return `${command} --resume ${runId}${target.store ? ` --store ${target.store}` : ""}${target.queue ? ` --queue ${target.queue}` : ""}`;
}

/** What a queued run says about jobs the queue lost or that failed on the workers (one line each). */
export function queueTroubleLines(
  result: { failedJobs?: { key: string; reason: string }[]; requeued?: string[] },
  what: "episodes" | "conversations",
): string {
  const lines = (result.failedJobs ?? []).map(
    (f) => `${f.key}: its job failed on the workers past its retries: ${f.reason}\n`,
  );
  if (result.requeued?.length)
    lines.push(
      `warning: the jobs of ${result.requeued.length} ${what} vanished from the queue and were enqueued again (${result.requeued.slice(0, 3).join(", ")}${result.requeued.length > 3 ? ", …" : ""}): was Redis restarted without persistence, or evicting keys? docs/distributed.md says how to run it\n`,
    );
  return lines.join("");
}
