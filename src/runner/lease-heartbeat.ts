import type { RunStore } from "../storage/run-store.js";

/** How often a running process renews its lease (a lease is stale after LEASE_STALE_MS). */
export const HEARTBEAT_MS = 5_000;

/**
 * Renews the run's lease every HEARTBEAT_MS while the run plays (clear the returned timer when it
 * stops); `onLost` hears the first renewal that fails (another process took the run over).
 */
export function keepLease(
  store: RunStore,
  runId: string,
  ownerId: string,
  onLost: (err: unknown) => void,
): NodeJS.Timeout {
  const timer = setInterval(() => {
    store.renewLease(runId, ownerId).catch(onLost);
  }, HEARTBEAT_MS);
  timer.unref();
  return timer;
}
