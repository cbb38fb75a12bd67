import { setTimeout as delay } from "node:timers/promises";

/**
 * Time as the code that waits sees it: what retries, deadlines, request timeouts and idle sweeps
 * read and wait on. The real clock is the default everywhere; tests pass a `ManualClock`
 * (`core/testing/manual-clock.ts`) so that time passes when they say, not with the machine's speed.
 */
export interface Clock {
  /** Milliseconds from an arbitrary origin; never goes back. */
  now(): number;
  /** Resolves after `ms`. */
  sleep(ms: number): Promise<void>;
  /** A signal that aborts (with a `TimeoutError`) after `ms`. */
  timeout(ms: number): AbortSignal;
  /** Calls `fn` every `ms` until stopped; the process may exit while it waits. */
  every(ms: number, fn: () => unknown): { stop(): void };
}

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => delay(ms),
  timeout: (ms) => AbortSignal.timeout(ms),
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    timer.unref();
    return { stop: () => clearInterval(timer) };
  },
};
