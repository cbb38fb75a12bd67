import type { ImageSink } from "../trajectory/image-sink.js";
import type { EpisodeHeader, EpisodeOutcome, Trajectory, TurnRecord } from "../trajectory/trajectory.js";

export type EpisodeStatus = "running" | "finished" | "error";
export type RunStatus = "running" | "complete" | "incomplete";

/** A run as stored: what it was asked to do and how far it got. */
export interface RunRow {
  id: string;
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
  /** Model outputs that stayed invalid after the repair request (each replaced by a fallback). */
  formatErrors: number;
  /** Fixes lenient validation made to model outputs. */
  formatWarnings: number;
  /** Why an `error` episode failed. */
  error: string | null;
}

export interface NewRun {
  id: string;
  identity: string;
  config: unknown;
  identityParts: Record<string, unknown>;
  planned: number;
}

/**
 * What the runner, the evaluation and the command line need of a run store. The contract every
 * implementation keeps (SQLite here; a database server behind the same interface): a turn is
 * committed when it completes; an episode becomes `finished` only in the transaction that writes
 * its last turn, so a process killed at any moment leaves finished episodes whole and never makes a
 * half-written one look finished; `error` and `running` episodes are run again by a resume.
 */
export interface RunStore {
  /** Where the store lives, for messages (a folder for SQLite). */
  readonly location: string;
  /** The runs' images, content-addressed and shared by all runs of the store. */
  readonly images: ImageSink;

  createRun(run: NewRun): Promise<void>;
  getRun(id: string): Promise<RunRow | undefined>;
  /** Every run, oldest first. */
  listRuns(): Promise<RunRow[]>;
  setRunStatus(id: string, status: RunStatus): Promise<void>;

  /** Starts (or restarts cleanly) an episode: any turns of an earlier unfinished attempt are dropped. */
  startEpisode(header: EpisodeHeader, position: number): Promise<void>;
  /** Commits one turn; with the outcome, also finishes the episode in the same transaction. */
  writeTurn(header: EpisodeHeader, record: TurnRecord, outcome?: EpisodeOutcome): Promise<void>;
  /** Ends an episode without a last turn (an infrastructure error); a resume runs it again. */
  failEpisode(header: EpisodeHeader, outcome: EpisodeOutcome): Promise<void>;

  /** A run's episodes, by store then task-bank position. */
  episodes(runId: string): Promise<EpisodeRow[]>;
  /** Finished episodes' keys (`env/taskId`): what a resume keeps. */
  finishedKeys(runId: string): Promise<Set<string>>;
  /** Stores dialogue-quality scores with a finished episode. */
  setJudge(runId: string, env: string, taskId: string, judge: unknown): Promise<void>;
  /** The finished trajectories of a run (with `includeErrors`, the failed ones too), by store then task-bank order. */
  trajectories(runId: string, opts?: { includeErrors?: boolean }): AsyncIterable<Trajectory>;

  close(): Promise<void>;
}
