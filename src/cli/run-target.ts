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
