import { envOrder } from "../envs/registry.js";
import { type ErrorCount, errorCounts } from "../storage/error-counts.js";
import type { EpisodeRow } from "../storage/run-store.js";

import type { TerminationReason } from "../trajectory/trajectory.js";

export interface StoreSummary {
  env: string;
  episodes: number;
  finished: number;
  errors: number;
  successRate: number;
  meanTurns: number;
  meanRecommendations: number;
  reasons: Partial<Record<TerminationReason, number>>;
  inputTokens: number;
  outputTokens: number;
  /** Of `inputTokens`, those the provider read from its prompt cache, and those written to it. */
  cachedInputTokens: number;
  cacheWriteTokens: number;
  costUsd: number;
  /** What the providers' prompt caches saved, USD. */
  cacheSavingUsd: number;
  /** Model outputs replaced by a fallback, and fixes lenient validation made, over all roles. */
  formatErrors: number;
  formatWarnings: number;
  /** Why episodes failed: each distinct message with how many episodes it ended, most frequent first. */
  errorMessages: ErrorCount[];
}

/** Per-store figures of a run's episodes (finished ones; errors counted apart). */
export function summarize(rows: EpisodeRow[]): StoreSummary[] {
  const envs = [...new Set(rows.map((r) => r.env))].sort((a, b) => envOrder(a) - envOrder(b));
  return envs.map((env) => {
    const all = rows.filter((r) => r.env === env);
    const done = all.filter((r) => r.status === "finished");
    const n = Math.max(1, done.length);
    const reasons: StoreSummary["reasons"] = {};
    for (const r of all)
      if (r.reason)
        reasons[r.reason as TerminationReason] = (reasons[r.reason as TerminationReason] ?? 0) + 1;
    return {
      env,
      episodes: all.length,
      finished: done.length,
      errors: all.filter((r) => r.status === "error").length,
      successRate: done.filter((r) => r.success).length / n,
      meanTurns: done.reduce((s, r) => s + r.turns, 0) / n,
      meanRecommendations: done.reduce((s, r) => s + r.recommendations, 0) / n,
      reasons,
      inputTokens: all.reduce((s, r) => s + r.inputTokens, 0),
      outputTokens: all.reduce((s, r) => s + r.outputTokens, 0),
      cachedInputTokens: all.reduce((s, r) => s + r.cachedInputTokens, 0),
      cacheWriteTokens: all.reduce((s, r) => s + r.cacheWriteTokens, 0),
      costUsd: all.reduce((s, r) => s + r.costUsd, 0),
      cacheSavingUsd: all.reduce((s, r) => s + r.cacheSavingUsd, 0),
      formatErrors: all.reduce((s, r) => s + r.formatErrors, 0),
      formatWarnings: all.reduce((s, r) => s + r.formatWarnings, 0),
      errorMessages: errorCounts(all),
    };
  });
}
