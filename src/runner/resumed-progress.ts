import type { RunStore } from "../storage/run-store.js";

/** The counters a run's progress starts from: what the episodes kept from earlier invocations add up to. */
export interface ProgressCounters {
  runId: string;
  /** Episodes finished or failed, the kept ones of a resume included. */
  done: number;
  total: number;
  successes: number;
  turns: number;
  errors: number;
  /** Since this invocation started. */
  elapsedMs: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** Counters at zero. */
export function zeroProgress(runId: string, total: number): ProgressCounters {
  return {
    runId,
    done: 0,
    total,
    successes: 0,
    turns: 0,
    errors: 0,
    elapsedMs: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
  };
}

/** Progress at the start of an invocation: `kept` episodes already done, their figures summed. */
export async function resumedProgress(
  store: RunStore,
  runId: string,
  kept: number,
  total: number,
): Promise<ProgressCounters> {
  const progress: ProgressCounters = { ...zeroProgress(runId, total), done: kept };
  for (const row of await store.episodes(runId)) {
    if (row.status !== "finished") continue;
    progress.successes += row.success ? 1 : 0;
    progress.turns += row.turns;
    progress.inputTokens += row.inputTokens;
    progress.outputTokens += row.outputTokens;
    progress.costUsd += row.costUsd;
  }
  return progress;
}
