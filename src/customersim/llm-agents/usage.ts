import type { CallTranscript } from "../../llm/call-record.js";
import type { LlmResponse } from "../../llm/client.js";

/**
 * One model call's cost, field for field SituRecBench's `CallUsage` (`{ model } & Omit<LlmResponse,
 * "text">`, which this layer may not import), plus where in the conversation it was made.
 */
export interface ModelCallUsage {
  model: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  cached: boolean;
  attempts: number;
  latencyMs: number;
  warnings?: string[];
}

export interface AgentCall extends ModelCallUsage {
  role: "shopper" | "sales";
  /** The conversation round the call was made in, from 1. */
  round: number;
  /** The model call's place within the turn, from 0 (the sales agent's tool loop makes several). */
  step: number;
}

/** Where an `AgentCall` keeps the request it sent and the response it got: never in its JSON. */
const TRANSCRIPT: unique symbol = Symbol("siturec.customersim.callTranscript");

/** The request and response of a recorded call, when its agent kept them (the model-backed agents do). */
export function transcriptOf(call: AgentCall): CallTranscript | undefined {
  return (call as { [TRANSCRIPT]?: CallTranscript })[TRANSCRIPT];
}

export interface UsageTotals {
  calls: number;
  /** Calls answered from the cache (they cost nothing). */
  cachedCalls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** Listed field by field so a cached and a fresh call record the same keys in the same order. */
export function usageOf(model: string, r: LlmResponse): ModelCallUsage {
  return {
    model,
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    costUsd: r.costUsd,
    cached: r.cached,
    attempts: r.attempts,
    latencyMs: r.latencyMs,
    ...(r.warnings?.length ? { warnings: r.warnings } : {}),
  };
}

export function totalsOf(calls: readonly ModelCallUsage[]): UsageTotals {
  return {
    calls: calls.length,
    cachedCalls: calls.filter((c) => c.cached).length,
    inputTokens: calls.reduce((n, c) => n + c.inputTokens, 0),
    outputTokens: calls.reduce((n, c) => n + c.outputTokens, 0),
    costUsd: calls.reduce((n, c) => n + c.costUsd, 0),
  };
}

/**
 * An agent's model calls, in order. A runner reads `calls` (or `takeCalls()` after each conversation,
 * when one agent plays many) and stores them beside the transcript; `onCall` hears each as it lands.
 */
export class UsageLedger {
  readonly calls: AgentCall[] = [];

  constructor(private readonly listener?: (call: AgentCall) => void) {}

  /**
   * Adds a call; with its `transcript` (the request as sent, the response as received), which a run
   * stores beside the round (`storedRound`), out of the call's JSON.
   */
  record(call: AgentCall, transcript?: CallTranscript): void {
    if (transcript) Object.defineProperty(call, TRANSCRIPT, { value: transcript, enumerable: false });
    this.calls.push(call);
    this.listener?.(call);
  }

  totals(): UsageTotals {
    return totalsOf(this.calls);
  }

  /** The calls so far, removed from the ledger. */
  takeCalls(): AgentCall[] {
    return this.calls.splice(0, this.calls.length);
  }
}
