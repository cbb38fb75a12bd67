import { SiturecError } from "../core/errors.js";
import type { MODEL_CALLS, TurnModelCalls } from "../core/model-call-record.js";
import { processAlive } from "../core/process-alive.js";
import {
  type EpisodeHeader,
  type EpisodeOutcome,
  TRAJECTORY_KIND,
  TRAJECTORY_VERSION,
  type Trajectory,
  type TurnRecord,
} from "../trajectory/trajectory.js";
import type { StoredImages } from "./stored-images.js";

export type EpisodeStatus = "running" | "finished" | "error";
/** `running` only while its owner's heartbeat is fresh; `interrupted` when it stopped or died mid-way. */
/** `budget_exhausted`: stopped taking episodes when the recorded spend reached `--max-cost`. */
/** `queued`: planned onto a queue and left to its workers (`--detach`); the last of them ends it. */
export type RunStatus = "running" | "queued" | "complete" | "incomplete" | "interrupted" | "budget_exhausted";

/** The process running a run: its own id, and where it is, for "run R is being run by pid P on H". */
export interface LeaseOwner {
  id: string;
  pid: number;
  host: string;
}

/** A run's lease: who holds it, since when, and its last heartbeat (ISO 8601). */
export interface Lease extends LeaseOwner {
  since: string;
  heartbeat: string;
}

/** A heartbeat older than this means the process holding the run is gone. */
export const LEASE_STALE_MS = 30_000;

/**
 * Whether a lease's holder is alive: its heartbeat is fresh and, when it runs on this host, its
 * process still exists (so a run killed here is free at once, not only when its heartbeat goes stale).
 */
export function leaseAlive(lease: Lease, now = Date.now()): boolean {
  if (now - Date.parse(lease.heartbeat) >= LEASE_STALE_MS) return false;
  return processAlive(lease.pid, lease.host);
}

/** Another live process holds the run. */
export class RunBusyError extends SiturecError {
  override readonly name = "RunBusyError";
}

/** This process's claim on a run or an episode was taken over (its heartbeat went stale); it must stop writing. */
export class LeaseLostError extends SiturecError {
  override readonly name = "LeaseLostError";
}

/**
 * The benchmark a run belongs to. SituRecBench's runs (`situ-rec`, the default: every run made before
 * there was a second benchmark is one) store `EpisodeHeader` / `TurnRecord` / `EpisodeOutcome`
 * payloads; CustomerSim's (`customersim`) store its own (see `src/runner/customersim/`). The store
 * itself reads only the key and figures below (`StoredHeader`, `StoredTurn`, `StoredOutcome`).
 */
export type Benchmark = "situ-rec" | "customersim";
export const DEFAULT_BENCHMARK: Benchmark = "situ-rec";

/** A run as stored: what it was asked to do and how far it got. */
export interface RunRow {
  id: string;
  /** The benchmark whose episodes the run holds. */
  benchmark: Benchmark;
  /** Hash of what decides the run's episodes (config, prompts, task banks, code); a resume must match it. */
  identity: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, the last change of status. */
  updatedAt: string;
  /** The run's configuration as given (validated JSON). */
  config: unknown;
  /** What makes the identity, for explaining a refused resume. */
  identityParts: Record<string, unknown>;
  status: RunStatus;
  /** Episodes the run selected. */
  planned: number;
  /** Who holds the run now, if anyone. */
  lease: Lease | null;
}

/** One episode of a run: its state and the figures a summary needs without reading its turns. */
export interface EpisodeRow {
  runId: string;
  env: string;
  taskId: string;
  /** The task's place in its store's task bank (runs list episodes in bank order). */
  position: number;
  status: EpisodeStatus;
  /** The termination reason once ended. */
  reason: string | null;
  success: boolean;
  turns: number;
  recommendations: number;
  costUsd: number;
  inputTokens: number;
  outputTokens: number;
  /** Of `inputTokens`, those read from / written to the provider's prompt cache; the saving it made. */
  cachedInputTokens: number;
  cacheWriteTokens: number;
  cacheSavingUsd: number;
  /** Model outputs that stayed invalid after the repair request (each replaced by a fallback). */
  formatErrors: number;
  /** Fixes lenient validation made to model outputs. */
  formatWarnings: number;
  /** Why an `error` episode failed. */
  error: string | null;
}

/** One model call as the spend ledger records it. */
export interface Spend {
  role: string;
  model: string;
  /** Served from the cache (nothing paid). */
  cached: boolean;
  inputTokens: number;
  outputTokens: number;
  /** Of `inputTokens`, those read from and written to the provider's prompt cache. */
  cachedInputTokens?: number;
  cacheWriteTokens?: number;
  costUsd: number;
  /** What the provider's prompt cache saved on the call (USD). */
  cacheSavingUsd?: number;
}

/** What a run spent with one model in one role: every call, whatever became of its episode. */
export interface SpendRow {
  role: string;
  model: string;
  calls: number;
  cachedCalls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Of `inputTokens`, those the provider read from its prompt cache (0 in stores from before). */
  cachedInputTokens: number;
  /** Of `inputTokens`, those written to the provider's prompt cache. */
  cacheWriteTokens: number;
  /** What the provider's prompt cache saved, USD. */
  cacheSavingUsd: number;
}

export interface NewRun {
  id: string;
  /** Default `situ-rec`. */
  benchmark?: Benchmark;
  identity: string;
  config: unknown;
  identityParts: Record<string, unknown>;
  planned: number;
}

/**
 * What the store reads of an episode's header: its key (run, `env`, task id). The whole header is
 * stored as given. SituRecBench's `EpisodeHeader` is one; CustomerSim's names the category as `env`
 * and the persona as the task.
 */
export interface StoredHeader {
  runId: string;
  env: string;
  task: { id: string };
}

/** What the store reads of a turn record: its number (the key among the episode's turns). */
export interface StoredTurn {
  turn: number;
  /**
   * The turn's model calls, stored beside it in the same transaction and never in its JSON (set
   * with `withModelCalls`; absent for built-in policies).
   */
  readonly [MODEL_CALLS]?: TurnModelCalls;
}

/** One role's figures in an outcome (`RoleUsage` has them, among others). */
export interface StoredUsage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens?: number;
  cacheWriteTokens?: number;
  costUsd: number;
  cacheSavingUsd?: number;
  formatErrors: number;
  formatWarnings?: number;
}

/**
 * What the store reads of an episode's outcome for its row (`EpisodeRow`): SituRecBench's
 * `EpisodeOutcome` is one; `reason` "error" marks a failed attempt. Each role's usage is summed.
 */
export interface StoredOutcome {
  reason: string;
  success: boolean;
  turns: number;
  recommendations: number;
  error?: string;
  usage: Record<string, StoredUsage>;
}

/** An episode as stored, its payloads as written (a benchmark parses its own). */
export interface StoredEpisode {
  header: unknown;
  turns: unknown[];
  outcome: unknown;
  judge?: unknown;
}

/**
 * What the runner, the evaluation and the command line need of a run store. The contract every
 * implementation keeps (SQLite, the default; Postgres for distributed runs): a turn is
 * committed when it completes; an episode becomes `finished` only in the transaction that writes
 * its last turn, so a process killed at any moment leaves finished episodes whole and never makes a
 * half-written one look finished; `error` and `running` episodes are run again by a resume.
 */
export interface RunStore {
  /** Where the store lives, for messages (a folder for SQLite, a URL with its password redacted for Postgres). */
  readonly location: string;
  /** The runs' images, content-addressed and shared by all runs of the store. */
  readonly images: StoredImages;

  createRun(run: NewRun): Promise<void>;
  getRun(id: string): Promise<RunRow | undefined>;
  /** Every run, oldest first. */
  listRuns(): Promise<RunRow[]>;
  setRunStatus(id: string, status: RunStatus): Promise<void>;

  /**
   * Takes the run for `owner` (a run is played by one process at a time): refused with RunBusyError
   * while another owner's heartbeat is fresh; an owner whose heartbeat went stale is taken over.
   */
  acquireLease(runId: string, owner: LeaseOwner): Promise<void>;
  /** The owner's heartbeat; LeaseLostError when another owner has taken the run. */
  renewLease(runId: string, ownerId: string): Promise<void>;
  releaseLease(runId: string, ownerId: string): Promise<void>;

  /**
   * Starts (or restarts cleanly) an episode as `attempt`: any turns of an earlier unfinished attempt
   * are dropped. A finished episode is never restarted: false.
   */
  startEpisode(header: StoredHeader, position: number, attempt: string): Promise<boolean>;
  /**
   * Commits one turn of `attempt`; with the outcome, also finishes the episode in the same
   * transaction. LeaseLostError when another attempt has taken the episode.
   */
  writeTurn(
    header: StoredHeader,
    record: StoredTurn,
    outcome: StoredOutcome | undefined,
    attempt: string,
  ): Promise<void>;
  /** Ends `attempt` of an episode without a last turn (a failure); a resume runs it again. */
  failEpisode(header: StoredHeader, outcome: StoredOutcome, attempt: string): Promise<void>;

  /** A run's episodes, by store then task-bank position. */
  episodes(runId: string): Promise<EpisodeRow[]>;
  /** Finished episodes' keys (`env/taskId`): what a resume keeps. */
  finishedKeys(runId: string): Promise<Set<string>>;
  /** Adds one model call to the run's spend ledger (paid or cached), whatever becomes of its turn. */
  recordSpend(runId: string, spend: Spend): Promise<void>;
  /** The run's spend ledger, by role and model. */
  spent(runId: string): Promise<SpendRow[]>;
  /** Stores dialogue-quality scores with a finished episode. */
  setJudge(runId: string, env: string, taskId: string, judge: unknown): Promise<void>;
  /** The finished trajectories of a run (with `includeErrors`, the failed ones too), by store then task-bank order. */
  trajectories(runId: string, opts?: { includeErrors?: boolean }): AsyncIterable<Trajectory>;
  /**
   * The same episodes with their payloads as stored, for a benchmark other than SituRecBench to
   * parse (`trajectories` is SituRecBench's typed view of them).
   */
  storedEpisodes(runId: string, opts?: { includeErrors?: boolean }): AsyncIterable<StoredEpisode>;
  /** One ended (finished or failed) episode by its key, as stored; undefined while it plays or when there is none. */
  storedEpisode(runId: string, env: string, taskId: string): Promise<StoredEpisode | undefined>;
  /**
   * The model calls stored with one turn of an episode (`turn` as its record numbers it), with the
   * texts they name; undefined when none were (built-in policies, or a store from before calls were
   * kept). A restarted episode's calls went with its turns.
   */
  modelCalls(runId: string, env: string, taskId: string, turn: number): Promise<TurnModelCalls | undefined>;

  /**
   * Small documents beside the runs that are not episodes (a human-evaluation study, its
   * participants' progress and answers), by kind and id. `putRecord` replaces the whole document.
   */
  putRecord(kind: string, id: string, value: unknown): Promise<void>;
  getRecord(kind: string, id: string): Promise<unknown | undefined>;
  /** Every document of a kind, by id (bytewise). */
  listRecords(kind: string): Promise<{ id: string; value: unknown }[]>;

  close(): Promise<void>;
}

/** One model call as the spend ledger records it (prompt-cache figures only where the provider gave some). */
export function spendOf(
  role: string,
  model: string,
  response: {
    cached: boolean;
    inputTokens: number;
    outputTokens: number;
    costUsd: number;
    cachedInputTokens?: number;
    cacheWriteTokens?: number;
    cacheSavingUsd?: number;
  },
): Spend {
  return {
    role,
    model,
    cached: response.cached,
    inputTokens: response.inputTokens,
    outputTokens: response.outputTokens,
    costUsd: response.costUsd,
    ...(response.cachedInputTokens ? { cachedInputTokens: response.cachedInputTokens } : {}),
    ...(response.cacheWriteTokens ? { cacheWriteTokens: response.cacheWriteTokens } : {}),
    ...(response.cacheSavingUsd ? { cacheSavingUsd: response.cacheSavingUsd } : {}),
  };
}

/** A stored SituRecBench episode as the published trajectory format (the payloads as they were written). */
export function asTrajectory(e: StoredEpisode): Trajectory {
  return {
    kind: TRAJECTORY_KIND,
    version: TRAJECTORY_VERSION,
    header: e.header as EpisodeHeader,
    turns: e.turns as TurnRecord[],
    outcome: e.outcome as EpisodeOutcome,
    ...("judge" in e ? { judge: e.judge } : {}),
  };
}
