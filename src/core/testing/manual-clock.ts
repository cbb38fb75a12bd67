import type { Clock } from "../clock.js";

interface Timer {
  at: number;
  seq: number;
  fire: () => unknown;
  /** For `every`: the period it fires again after. */
  period?: number;
}

/**
 * A clock for tests: time stands still until the test moves it with `advance`, which fires what
 * fell due, in order, and waits for what those callbacks return. With `autoSleep`, a `sleep` moves
 * the clock itself (a backoff passes at once, and `now()` shows it passed), so a test of retries
 * needs no real waiting and no race against the machine's speed.
 */
export class ManualClock implements Clock {
  private t = 0;
  private seq = 0;
  private timers: Timer[] = [];
  /** Every `sleep` asked for, in order. */
  readonly slept: number[] = [];

  constructor(private readonly opts: { autoSleep?: boolean } = {}) {}

  now(): number {
    return this.t;
  }

  sleep(ms: number): Promise<void> {
    this.slept.push(ms);
    if (this.opts.autoSleep) return this.advance(ms);
    return new Promise((resolve) => this.add(ms, resolve));
  }

  timeout(ms: number): AbortSignal {
    const controller = new AbortController();
    this.add(ms, () =>
      controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
    );
    return controller.signal;
  }

  every(ms: number, fn: () => unknown): { stop(): void } {
    const timer = this.add(ms, fn, ms);
    return { stop: () => this.remove(timer) };
  }

  /** Timers still to fire (sleeps, timeouts, intervals). */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time on by `ms`, firing every timer that falls due (intervals as often as they do). */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const next = this.timers.reduce<Timer | undefined>(
        (a, b) => (!a || b.at < a.at || (b.at === a.at && b.seq < a.seq) ? b : a),
        undefined,
      );
      if (!next || next.at > end) break;
      this.t = next.at;
      this.remove(next);
      if (next.period !== undefined) this.add(next.period, next.fire, next.period);
      await next.fire();
    }
    this.t = end;
  }

  /** Moves time to the next timer and fires it (and any due at the same moment); false when none. */
  async advanceToNext(): Promise<boolean> {
    const at = Math.min(...this.timers.map((x) => x.at));
    if (!Number.isFinite(at)) return false;
    await this.advance(at - this.t);
    return true;
  }

  private add(ms: number, fire: () => unknown, period?: number): Timer {
    const timer: Timer = {
      at: this.t + Math.max(0, ms),
      seq: this.seq++,
      fire,
      ...(period ? { period } : {}),
    };
    this.timers.push(timer);
    return timer;
  }

  private remove(timer: Timer): void {
    this.timers = this.timers.filter((x) => x !== timer);
  }
}
