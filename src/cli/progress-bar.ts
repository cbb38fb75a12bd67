import type { RunProgress } from "../runner/run-benchmark.js";

/**
 * What the line shows of a run's progress: SituRecBench's `RunProgress`, or CustomerSim's (whose
 * successes are aligned decisions, shown as DA).
 */
export type ProgressFigures = Omit<RunProgress, "last"> & {
  last?: { env: string; taskId: string; outcome: { error?: string } };
};

function duration(ms: number): string {
  if (!Number.isFinite(ms)) return "--";
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60
    ? `${m}m${String(s % 60).padStart(2, "0")}s`
    : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}

function tokens(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : String(n);
}

/**
 * One status line for a run: a bar with done/total, success so far, turns per second, ETA, tokens
 * and cost. Written by hand: it is one line of arithmetic, and progress libraries assume a TTY
 * (this also prints plain lines when stderr is a pipe or a CI log).
 */
export function progressLine(p: ProgressFigures, startedDone: number, width = 24, label = "SR"): string {
  const share = p.total ? p.done / p.total : 1;
  const filled = Math.round(share * width);
  const bar = `${"█".repeat(filled)}${"░".repeat(width - filled)}`;
  const ranNow = p.done - startedDone;
  const sr = p.done ? `${Math.round((100 * p.successes) / p.done)}%` : "--";
  const tps = p.elapsedMs > 0 ? (p.turns / (p.elapsedMs / 1000)).toFixed(1) : "--";
  const eta = ranNow > 0 ? duration(((p.total - p.done) * p.elapsedMs) / ranNow) : "--";
  const errors = p.errors ? ` · ${p.errors} errors` : "";
  return `${bar} ${p.done}/${p.total} · ${label} ${sr} · ${tps} turns/s · ETA ${eta} · ${tokens(p.inputTokens + p.outputTokens)} tok · $${p.costUsd.toFixed(4)}${errors}`;
}

export class ProgressReporter {
  private lastPlain = 0;
  private startedDone = 0;
  private last?: ProgressFigures;
  /** What the run waits for now ("waiting for MODEL (attempt 3/5)"), until the next episode ends. */
  private waiting?: string;
  /** Error messages already shown: each is printed once, the summary counts them all. */
  private readonly shownErrors = new Set<string>();

  constructor(
    private readonly write: (text: string) => void,
    private readonly tty: boolean,
    /** What a success is called on the line (SR: success rate; DA: decision alignment). */
    private readonly label = "SR",
  ) {}

  start(done: number): void {
    this.startedDone = done;
  }

  /** A retry to show on the live line (and as a plain line where there is no terminal). */
  retry(model: string, attempt: number, maxAttempts: number, reason: string, waitMs: number): void {
    this.waiting = `waiting for ${model} (attempt ${attempt + 1}/${maxAttempts})`;
    if (this.tty && this.last)
      this.write(`\r\x1b[2K${progressLine(this.last, this.startedDone, 24, this.label)} · ${this.waiting}`);
    else
      this.write(
        `${model}: attempt ${attempt}/${maxAttempts} failed (${reason}); retrying in ${(waitMs / 1000).toFixed(1)} s\n`,
      );
  }

  update(p: ProgressFigures): void {
    this.last = p;
    this.waiting = undefined;
    const error = p.last?.outcome.error;
    if (error && !this.shownErrors.has(error)) {
      this.shownErrors.add(error);
      this.write(`${this.tty ? "\r\x1b[2K" : ""}${p.last!.env} ${p.last!.taskId} failed: ${error}\n`);
    }
    // Turns per second over this invocation only (resumed episodes took no time here).
    const line = progressLine(p, this.startedDone, 24, this.label);
    if (this.tty) {
      this.write(`\r\x1b[2K${line}`);
      if (p.done === p.total) this.write("\n");
      return;
    }
    const now = Date.now();
    if (p.done === p.total || now - this.lastPlain > 10_000) {
      this.lastPlain = now;
      this.write(`${line}\n`);
    }
  }
}
