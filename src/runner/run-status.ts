import type { QueuedResult } from "./queue/play-on-queue.js";

/**
 * A run's status once this invocation stopped playing it (both benchmarks): the first that applies of
 * handed to queue workers, every episode finished, stopped by a signal, stopped by the budget.
 */
export function runStatus(
  complete: boolean,
  played: Pick<QueuedResult, "detached" | "stoppedBy"> | undefined,
  signal: AbortSignal | undefined,
  overBudget: boolean,
): "detached" | "complete" | "interrupted" | "budget_exhausted" | "incomplete" {
  if (played?.detached) return "detached";
  if (complete) return "complete";
  if (signal?.aborted || played?.stoppedBy === "signal") return "interrupted";
  if (overBudget || played?.stoppedBy === "budget") return "budget_exhausted";
  return "incomplete";
}
