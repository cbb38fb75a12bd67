import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { ImageStore } from "../episode/image-store.js";
import {
  type EpisodeHeader,
  type EpisodeOutcome,
  TRAJECTORY_KIND,
  TRAJECTORY_VERSION,
  type Trajectory,
  type TurnRecord,
  totalUsage,
} from "../episode/trajectory.js";

export type EpisodeStatus = "running" | "finished" | "error";

export interface RunRow {
  id: string;
  identity: string;
  createdAt: string;
  updatedAt: string;
  /** The run's configuration as given (validated JSON). */
  config: unknown;
  /** What makes the identity, for explaining a refused resume. */
  identityParts: Record<string, unknown>;
  status: "running" | "complete" | "incomplete";
  planned: number;
}

export interface EpisodeRow {
  runId: string;
  env: string;
  taskId: string;
  position: number;
  status: EpisodeStatus;
  reason: string | null;
  success: boolean;
  turns: number;
  recommendations: number;
  costUsd: number;
  inputTokens: number;
  outputTokens: number;
  error: string | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY,
  identity TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  config TEXT NOT NULL,
  identity_parts TEXT NOT NULL,
  status TEXT NOT NULL,
  planned INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS episodes (
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  env TEXT NOT NULL,
  task_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'error')),
  header TEXT NOT NULL,
  outcome TEXT,
  reason TEXT,
  success INTEGER NOT NULL DEFAULT 0,
  turns INTEGER NOT NULL DEFAULT 0,
  recommendations INTEGER NOT NULL DEFAULT 0,
  cost_usd REAL NOT NULL DEFAULT 0,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  judge TEXT,
  PRIMARY KEY (run_id, env, task_id)
);
CREATE TABLE IF NOT EXISTS turns (
  run_id TEXT NOT NULL,
  env TEXT NOT NULL,
  task_id TEXT NOT NULL,
  turn INTEGER NOT NULL,
  record TEXT NOT NULL,
  PRIMARY KEY (run_id, env, task_id, turn),
  FOREIGN KEY (run_id, env, task_id) REFERENCES episodes(run_id, env, task_id) ON DELETE CASCADE
);
`;

interface EpisodeDbRow {
  run_id: string;
  env: string;
  task_id: string;
  position: number;
  status: EpisodeStatus;
  header: string;
  outcome: string | null;
  reason: string | null;
  success: number;
  turns: number;
  recommendations: number;
  cost_usd: number;
  input_tokens: number;
  output_tokens: number;
  error: string | null;
  judge: string | null;
}

function episodeRow(r: EpisodeDbRow): EpisodeRow {
  return {
    runId: r.run_id,
    env: r.env,
    taskId: r.task_id,
    position: r.position,
    status: r.status,
    reason: r.reason,
    success: r.success === 1,
    turns: r.turns,
    recommendations: r.recommendations,
    costUsd: r.cost_usd,
    inputTokens: r.input_tokens,
    outputTokens: r.output_tokens,
    error: r.error,
  };
}

/**
 * Runs, episodes and turns in SQLite (WAL), images in a content-addressed folder beside it. Each turn
 * is committed when it completes; an episode becomes `finished` only in the transaction that writes
 * its last turn, so a process killed at any moment leaves finished episodes whole and never makes a
 * half-written one look finished.
 */
export class RunStore {
  readonly db: Database.Database;
  readonly images: ImageStore;

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.db = new Database(join(dir, "siturec.db"));
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("foreign_keys = ON");
    this.db.pragma("busy_timeout = 5000");
    this.db.exec(SCHEMA);
    this.images = new ImageStore(join(dir, "images"));
  }

  close(): void {
    this.db.close();
  }

  createRun(run: {
    id: string;
    identity: string;
    config: unknown;
    identityParts: Record<string, unknown>;
    planned: number;
  }): void {
    const now = new Date().toISOString();
    this.db
      .prepare(
        "INSERT INTO runs (id, identity, created_at, updated_at, config, identity_parts, status, planned) VALUES (?, ?, ?, ?, ?, ?, 'running', ?)",
      )
      .run(
        run.id,
        run.identity,
        now,
        now,
        JSON.stringify(run.config),
        JSON.stringify(run.identityParts),
        run.planned,
      );
  }

  getRun(id: string): RunRow | undefined {
    const r = this.db.prepare("SELECT * FROM runs WHERE id = ?").get(id) as
      | Record<string, string | number>
      | undefined;
    return r ? runRow(r) : undefined;
  }

  listRuns(): RunRow[] {
    return (
      this.db.prepare("SELECT * FROM runs ORDER BY created_at, id").all() as Record<string, string | number>[]
    ).map(runRow);
  }

  setRunStatus(id: string, status: RunRow["status"]): void {
    this.db
      .prepare("UPDATE runs SET status = ?, updated_at = ? WHERE id = ?")
      .run(status, new Date().toISOString(), id);
  }

  /** Starts (or restarts cleanly) an episode: any turns of an earlier unfinished attempt are dropped. */
  startEpisode(header: EpisodeHeader, position: number): void {
    const { runId, env } = header;
    const taskId = header.task.id;
    this.db.transaction(() => {
      this.db
        .prepare("DELETE FROM turns WHERE run_id = ? AND env = ? AND task_id = ?")
        .run(runId, env, taskId);
      this.db
        .prepare(
          `INSERT INTO episodes (run_id, env, task_id, position, status, header) VALUES (?, ?, ?, ?, 'running', ?)
           ON CONFLICT (run_id, env, task_id) DO UPDATE SET status = 'running', header = excluded.header, outcome = NULL,
             reason = NULL, success = 0, turns = 0, recommendations = 0, cost_usd = 0, input_tokens = 0, output_tokens = 0, error = NULL`,
        )
        .run(runId, env, taskId, position, JSON.stringify(header));
    })();
  }

  /** Commits one turn; with the outcome, also finishes the episode in the same transaction. */
  writeTurn(header: EpisodeHeader, record: TurnRecord, outcome?: EpisodeOutcome): void {
    const { runId, env } = header;
    const taskId = header.task.id;
    this.db.transaction(() => {
      this.db
        .prepare("INSERT OR REPLACE INTO turns (run_id, env, task_id, turn, record) VALUES (?, ?, ?, ?, ?)")
        .run(runId, env, taskId, record.turn, JSON.stringify(record));
      if (outcome) this.finishEpisode(runId, env, taskId, outcome);
    })();
  }

  /** Ends an episode without a last turn (an infrastructure error); `error` episodes are retried on resume. */
  failEpisode(header: EpisodeHeader, outcome: EpisodeOutcome): void {
    this.finishEpisode(header.runId, header.env, header.task.id, outcome);
  }

  private finishEpisode(runId: string, env: string, taskId: string, outcome: EpisodeOutcome): void {
    const t = totalUsage(outcome.usage);
    this.db
      .prepare(
        `UPDATE episodes SET status = ?, outcome = ?, reason = ?, success = ?, turns = ?, recommendations = ?, cost_usd = ?,
           input_tokens = ?, output_tokens = ?, error = ? WHERE run_id = ? AND env = ? AND task_id = ?`,
      )
      .run(
        outcome.reason === "error" ? "error" : "finished",
        JSON.stringify(outcome),
        outcome.reason,
        outcome.success ? 1 : 0,
        outcome.turns,
        outcome.recommendations,
        t.costUsd,
        t.inputTokens,
        t.outputTokens,
        outcome.error ?? null,
        runId,
        env,
        taskId,
      );
  }

  episodes(runId: string): EpisodeRow[] {
    return (
      this.db
        .prepare("SELECT * FROM episodes WHERE run_id = ? ORDER BY env, position")
        .all(runId) as EpisodeDbRow[]
    ).map(episodeRow);
  }

  /** Finished episodes' keys (`env/taskId`): what a resume keeps. */
  finishedKeys(runId: string): Set<string> {
    const rows = this.db
      .prepare("SELECT env, task_id FROM episodes WHERE run_id = ? AND status = 'finished'")
      .all(runId) as { env: string; task_id: string }[];
    return new Set(rows.map((r) => `${r.env}/${r.task_id}`));
  }

  setJudge(runId: string, env: string, taskId: string, judge: unknown): void {
    this.db
      .prepare("UPDATE episodes SET judge = ? WHERE run_id = ? AND env = ? AND task_id = ?")
      .run(JSON.stringify(judge), runId, env, taskId);
  }

  /** The finished trajectories of a run, in store then task-bank order. */
  *trajectories(runId: string, opts: { includeErrors?: boolean } = {}): Generator<Trajectory> {
    const statuses = opts.includeErrors ? "('finished', 'error')" : "('finished')";
    const rows = this.db
      .prepare(`SELECT * FROM episodes WHERE run_id = ? AND status IN ${statuses} ORDER BY env, position`)
      .all(runId) as EpisodeDbRow[];
    const turnsOf = this.db.prepare(
      "SELECT record FROM turns WHERE run_id = ? AND env = ? AND task_id = ? ORDER BY turn",
    );
    for (const row of rows) {
      const turns = (turnsOf.all(runId, row.env, row.task_id) as { record: string }[]).map(
        (t) => JSON.parse(t.record) as TurnRecord,
      );
      yield {
        kind: TRAJECTORY_KIND,
        version: TRAJECTORY_VERSION,
        header: JSON.parse(row.header) as EpisodeHeader,
        turns,
        outcome: JSON.parse(row.outcome!) as EpisodeOutcome,
        ...(row.judge ? { judge: JSON.parse(row.judge) as unknown } : {}),
      };
    }
  }
}

function runRow(r: Record<string, string | number>): RunRow {
  return {
    id: String(r.id),
    identity: String(r.identity),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    config: JSON.parse(String(r.config)) as unknown,
    identityParts: JSON.parse(String(r.identity_parts)) as Record<string, unknown>,
    status: String(r.status) as RunRow["status"],
    planned: Number(r.planned),
  };
}
