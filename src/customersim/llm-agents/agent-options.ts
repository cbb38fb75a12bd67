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
  /** The most tokens one answer may take (default: the role's, `CUSTOMERSIM_MAX_OUTPUT_TOKENS`). */
  maxOutputTokens?: number;
  /** The agent's id in results; default the model id (with `+human-steering` for a steered shopper). */
  id?: string;
  /** Hears of every model call as it lands (they are also kept in the agent's `usage` ledger). */
  onCall?: (call: AgentCall) => void;
}

/**
 * The output-token limit each CustomerSim model agent's requests name unless told otherwise, sized
 * to what it writes (counted as Claude counts, o200k × 1.2, with room to spare): the shopper reasons
 * over each recommended product in a `<reasoning>` block before it answers (the ICL example's
 * reasoning is 236 tokens for one product; 6,000 characters of reasoning and answer, about 1,800) → 2,500;
 * the salesperson writes a message and its tool calls (a 2,000-character message with a search and a
 * recommendation, 663) → 2,000.
 */
export const CUSTOMERSIM_MAX_OUTPUT_TOKENS = { shopper: 2500, sales: 2000 } as const;

/** A request's sampling fields from an agent's options, and its output limit (`role`'s by default). */
export function samplingOf(opts: LlmAgentOptions, role: keyof typeof CUSTOMERSIM_MAX_OUTPUT_TOKENS) {
  return {
    ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
    ...(opts.topP !== undefined ? { topP: opts.topP } : {}),
    ...(opts.repetitionPenalty !== undefined ? { repetitionPenalty: opts.repetitionPenalty } : {}),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    maxOutputTokens: opts.maxOutputTokens ?? CUSTOMERSIM_MAX_OUTPUT_TOKENS[role],
  };
}
