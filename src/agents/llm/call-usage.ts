import type { LlmResponse } from "../../llm/client.js";
import type { CallUsage } from "../types.js";

/**
 * Each response's tokens, cost, cache hit, attempts and latency, without its text. Listed field by
 * field so the key order, and so the recorded trajectory, is the same for cached and fresh responses.
 */
export function usageOf(model: string, responses: LlmResponse[]): CallUsage[] {
  return responses.map((r) => ({
    model,
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    // Provider prompt-cache figures only when there are some, so other records keep their shape.
    ...(r.cachedInputTokens ? { cachedInputTokens: r.cachedInputTokens } : {}),
    ...(r.cacheWriteTokens ? { cacheWriteTokens: r.cacheWriteTokens } : {}),
    costUsd: r.costUsd,
    ...(r.cacheSavingUsd !== undefined ? { cacheSavingUsd: r.cacheSavingUsd } : {}),
    cached: r.cached,
    attempts: r.attempts,
    latencyMs: r.latencyMs,
    // The same on a rerun from the response cache, which keeps the fetching call's warnings.
    ...(r.warnings?.length ? { warnings: r.warnings } : {}),
  }));
}
