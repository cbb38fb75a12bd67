import type { Redis } from "ioredis";
import { Semaphore } from "redis-semaphore";
import type { SharedLimit } from "../../llm/client.js";

export interface SharedLimitOptions {
  /** Calls at once per provider pool, across every worker (a run's `llm.concurrency`). */
  concurrency: number;
  /** The longest a call may wait for a slot (its deadline). */
  acquireTimeoutMs: number;
}

/**
 * A per-provider concurrency limit that holds across processes and runs: a counting semaphore in
 * Redis (`redis-semaphore`, atomic Lua scripts) per provider pool, each call counted against its
 * own run's limit (runs with different limits share the count). A slot is held for the whole call, its
 * retries and waits included, refreshed while held, and expires 30 s after its holder died.
 */
export function redisSharedLimit(redis: Redis, opts: SharedLimitOptions): SharedLimit {
  return async (pool, fn) => {
    const slot = new Semaphore(redis, `siturec:provider:${pool}`, opts.concurrency, {
      lockTimeout: 30_000,
      acquireTimeout: opts.acquireTimeoutMs,
      retryInterval: 25,
      onLockLost: () => {},
    });
    await slot.acquire();
    try {
      return await fn();
    } finally {
      await slot.release().catch(() => {});
    }
  };
}

/**
 * One of a run's `limit` episode slots across all workers (`queueConcurrency`): taken with
 * `tryAcquire`, refreshed while held, lapsing 30 s after its worker died.
 */
export function runSlot(redis: Redis, runId: string, limit: number): Semaphore {
  return new Semaphore(redis, `siturec:run:${runId}:episodes`, limit, {
    lockTimeout: 30_000,
    acquireAttemptsLimit: 1,
    onLockLost: () => {},
  });
}
