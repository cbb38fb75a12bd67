import type { LlmClient } from "../llm/client.js";
import type { RunStore } from "../storage/run-store.js";

/** What a runner says when a run starts: its id, how many episodes it plans, how many a resume kept. */
export interface RunStartInfo {
  runId: string;
  total: number;
  kept: number;
  storeDir: string;
}

/**
 * How a run is named, resumed, stopped, budgeted, spread and followed: the options both benchmarks'
 * runners take (`runBenchmark`, `runCustomerSim`), with the progress each reports.
 */
export interface RunControl<Progress> {
  /** Continue this run: finished episodes are kept, the rest (unfinished, errors) play again. */
  resume?: string;
  /** Name a new run (default: a timestamp and the identity's first characters). */
  runId?: string;
  /** A model client to use; default: one from the config, caching under the run store. */
  client?: LlmClient;
  /** A run store to use (and leave open); default: the one the config names. */
  store?: RunStore;
  /** Stop taking new episodes (those in flight finish); the run is `interrupted`. */
  signal?: AbortSignal;
  /**
   * Stop taking new episodes once the run's recorded spend (its ledger, earlier invocations
   * included) reaches this many USD; episodes in flight finish, and the run is marked
   * `budget_exhausted` (a resume with a higher limit continues it). Not part of the run's identity.
   */
  maxCostUsd?: number;
  /**
   * Play the episodes on queue workers (`siturec worker`) instead of in this process: the Redis URL
   * of their queue. The run is planned here, its episodes enqueued and followed to the end.
   */
  queue?: string;
  /** With `queue`: enqueue and return (`status: "detached"`); the workers finish the run. */
  detach?: boolean;
  onStart?: (info: RunStartInfo) => void;
  /** After each episode (a CustomerSim conversation is one). */
  onProgress?: (progress: Progress) => void;
}
