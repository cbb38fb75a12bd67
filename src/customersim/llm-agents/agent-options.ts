import type { LlmClient } from "../../llm/client.js";
import type { AgentCall } from "./usage.js";

/** What every model-backed CustomerSim agent takes. */
export interface LlmAgentOptions {
  /** A model id: `openai:gpt-4o`, `openai-compatible:qwen3-vl-8b@http://127.0.0.1:8000/v1`, … */
  model: string;
  client: LlmClient;
  /** Passed through to the provider (and part of the cache key). */
  temperature?: number;
  /** Nucleus sampling (part of the cache key). */
  topP?: number;
  /** Sent to OpenAI-compatible servers only (others warn); part of the cache key either way. */
  repetitionPenalty?: number;
  /** Passed to providers that take one (OpenAI-compatible, Google); part of the cache key either way. */
  seed?: number;
  maxOutputTokens?: number;
  /** The agent's id in results; default the model id (with `+human-steering` for a steered shopper). */
  id?: string;
  /** Hears of every model call as it lands (they are also kept in the agent's `usage` ledger). */
  onCall?: (call: AgentCall) => void;
}

export function samplingOf(opts: LlmAgentOptions) {
  return {
    ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
    ...(opts.topP !== undefined ? { topP: opts.topP } : {}),
    ...(opts.repetitionPenalty !== undefined ? { repetitionPenalty: opts.repetitionPenalty } : {}),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    ...(opts.maxOutputTokens !== undefined ? { maxOutputTokens: opts.maxOutputTokens } : {}),
  };
}
