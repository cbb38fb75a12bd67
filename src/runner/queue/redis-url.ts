import { Redis } from "ioredis";
import { SiturecError } from "../../core/errors.js";
import { redactUrl } from "../../storage/postgres-error.js";

export { redactUrl };

/** Refuses what is not a Redis URL, naming the flag the user can fix. */
export function checkQueueUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    parsed = new URL("invalid://");
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:")
    throw new SiturecError(`--queue ${redactUrl(url)}: not a Redis URL`, {
      exitCode: 2,
      hint: "give redis://HOST:PORT (or rediss:// for TLS), e.g. redis://127.0.0.1:6379",
    });
  return url;
}

/**
 * A Redis connection for BullMQ and siturec's shared cache and limits: no per-command retry limit
 * (BullMQ's blocking commands need that), and a first connection that fails with a message saying
 * what to do instead of retrying forever.
 */
export async function connectRedis(url: string): Promise<Redis> {
  checkQueueUrl(url);
  const redis = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true, enableOfflineQueue: true });
  // A lost connection is retried by ioredis (commands wait in its offline queue meanwhile); without
  // a listener it would also print each failed attempt. The last one explains a failed first connect.
  let last: Error | undefined;
  redis.on("error", (err: Error) => {
    last = err;
  });
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new SiturecError(
      `cannot reach the queue at ${redactUrl(url)}: ${(last ?? (err as Error)).message}`,
      {
        exitCode: 1,
        hint: "start Redis there (redis-server), or point --queue / SITUREC_QUEUE_URL at a running one",
      },
    );
  }
  return redis;
}
