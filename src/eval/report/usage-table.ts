import { uncachedInputTokens } from "../../llm/prices.js";
import type { Table } from "./write-report.js";

/** One row's model calls: tokens split by the providers' prompt caches, cost, and what the caches saved. */
export interface UsageRow {
  /** The cohort or run the calls belong to. */
  label: string;
  role: string;
  model?: string;
  calls: number;
  inputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  costUsd: number;
  cacheSavingUsd: number;
}

/**
 * The report's "Model calls" table: per row, input tokens split into uncached / cached (/ written to
 * the cache), output tokens, the cost and the prompt caches' saving. Rows with no call are left out.
 */
export function usageTable(rows: readonly UsageRow[], note: string): Table {
  const used = rows.filter((r) => r.calls > 0);
  return {
    name: "model-calls",
    title: "Model calls: tokens, prompt caching and cost",
    note,
    headers: [
      "Run",
      "Role",
      "Model",
      "Calls",
      "Input",
      "Uncached",
      "Cached",
      "Cache writes",
      "Output",
      "Cost (USD)",
      "Cache saved (USD)",
    ],
    csvHeaders: [
      "label",
      "role",
      "model",
      "calls",
      "input_tokens",
      "uncached_input_tokens",
      "cached_input_tokens",
      "cache_write_tokens",
      "output_tokens",
      "cost_usd",
      "cache_saving_usd",
    ],
    rows: used.map((r) => {
      const uncached = uncachedInputTokens(r);
      return {
        cells: [
          r.label,
          r.role,
          r.model ?? "",
          String(r.calls),
          String(r.inputTokens),
          String(uncached),
          String(r.cachedInputTokens),
          String(r.cacheWriteTokens),
          String(r.outputTokens),
          r.costUsd.toFixed(4),
          r.cacheSavingUsd.toFixed(4),
        ],
        csv: [
          r.label,
          r.role,
          r.model ?? null,
          r.calls,
          r.inputTokens,
          uncached,
          r.cachedInputTokens,
          r.cacheWriteTokens,
          r.outputTokens,
          r.costUsd,
          r.cacheSavingUsd,
        ],
      };
    }),
  };
}
