import type { LlmResponse } from "../../llm/client.js";
import type { CallUsage } from "../types.js";

export function usageOf(model: string, responses: LlmResponse[]): CallUsage[] {
  return responses.map((r) => ({
    model,
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    costUsd: r.costUsd,
    cached: r.cached,
    attempts: r.attempts,
    latencyMs: r.latencyMs,
  }));
}
