import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import {
  type EpisodeHeader,
  type EpisodeOutcome,
  TRAJECTORY_KIND,
  TRAJECTORY_VERSION,
  type Trajectory,
  type TurnRecord,
} from "../trajectory/trajectory.js";
import { totalUsage } from "../trajectory/usage.js";
import { ImageStore } from "./image-store.js";
import type { EpisodeRow, EpisodeStatus, NewRun, RunRow, RunStatus, RunStore } from "./run-store.js";
import { StorageError, storageError } from "./storage-error.js";

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
  format_errors INTEGER NOT NULL DEFAULT 0,
  format_warnings INTEGER NOT NULL DEFAULT 0,
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
  format_errors?: number;
  format_warnings?: number;
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
    // Absent in a store from before the format counts, when it is opened read-only (not migrated).
    formatErrors: r.format_errors ?? 0,
    formatWarnings: r.format_warnings ?? 0,
    error: r.error,
  };
}

/**
 * The default run store: runs, episodes and turns in one SQLite file (WAL; `siturec.db`), images in a
 * content-addressed folder beside it (`images/`). SQLite is synchronous; the methods return settled
 * promises to keep the `RunStore` contract that a database server needs.
 */
export class SqliteRunStore implements RunStore {
  readonly db: Database.Database;
  readonly images: ImageStore;
  readonly location: string;
  private readonly file: string;

  /**
   * Opens (creating if needed) the store in `dir`. With `readonly`, only an existing store is opened,
   * for reading: nothing is created (a mistyped folder is an error, not a new empty store), and a
   * store on read-only storage can be listed, exported and evaluated.
   */
  constructor(
    readonly dir: string,
    opts: { readonly?: boolean } = {},
  ) {
    this.location = dir;
    const file = join(dir, "siturec.db");
    this.file = file;
    if (opts.readonly && !existsSync(file))
      throw new StorageError(`no run store in ${dir} (there is no ${file})`, {
        exitCode: 2,
        hint: "siturec run writes to ./siturec-runs unless --out says otherwise; name that folder with --dir",
      });
    this.db = this.guard(() => {
      if (!opts.readonly) mkdirSync(dir, { recursive: true });
      const db = new Database(file, opts.readonly ? { readonly: true, fileMustExist: true } : {});
      try {
        if (opts.readonly) {
          db.pragma("busy_timeout = 5000");
          db.prepare("SELECT count(*) FROM runs").get();
          return db;
        }
        db.pragma("journal_mode = WAL");
        db.pragma("synchronous = NORMAL");
        db.pragma("foreign_keys = ON");
        db.pragma("busy_timeout = 5000");
        db.exec(SCHEMA);
        // Stores made before the format counts existed gain their columns.
        const columns = new Set(
          (db.prepare("PRAGMA table_info(episodes)").all() as { name: string }[]).map((c) => c.name),
        );
        for (const column of ["format_errors", "format_warnings"])
          if (!columns.has(column))
            db.exec(`ALTER TABLE episodes ADD COLUMN ${column} INTEGER NOT NULL DEFAULT 0`);
        return db;
      } catch (err) {
        db.close();
        throw err;
      }
    });
    this.images = new ImageStore(join(dir, "images"));
  }

  /** Runs a database call, turning a storage fault into a clear StorageError. */
  private guard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      throw storageError(err, this.file) ?? err;
    }
  }

  /**
   * Closes the store. A writer leaves the database out of write-ahead-log mode when it is the last
   * one holding it, so the finished store can be read where nothing can be written (a read-only
   * disk or share): a WAL database needs its `-shm` file created even to be read.
   */
  async close(): Promise<void> {
    if (!this.db.readonly) {
      try {
        this.db.pragma("wal_checkpoint(TRUNCATE)");
        this.db.pragma("journal_mode = DELETE");
      } catch {
        // Another process still has it open: it stays in WAL mode until the last writer closes.
      }
    }
    this.db.close();
  }

  async createRun(run: NewRun): Promise<void> {
    return this.guard(() => {
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
    });
  }

  async getRun(id: string): Promise<RunRow | undefined> {
    return this.guard(() => {
      const r = this.db.prepare("SELECT * FROM runs WHERE id = ?").get(id) as
        | Record<string, string | number>
        | undefined;
      return r ? runRow(r) : undefined;
    });
  }

  async listRuns(): Promise<RunRow[]> {
    return this.guard(() => {
      return (
        this.db.prepare("SELECT * FROM runs ORDER BY created_at, id").all() as Record<
          string,
          string | number
        >[]
      ).map(runRow);
    });
  }

  async setRunStatus(id: string, status: RunStatus): Promise<void> {
    return this.guard(() => {
      this.db
        .prepare("UPDATE runs SET status = ?, updated_at = ? WHERE id = ?")
        .run(status, new Date().toISOString(), id);
    });
  }

  /** Starts (or restarts cleanly) an episode: any turns of an earlier unfinished attempt are dropped. */
  async startEpisode(header: EpisodeHeader, position: number): Promise<void> {
    return this.guard(() => {
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
             reason = NULL, success = 0, turns = 0, recommendations = 0, cost_usd = 0, input_tokens = 0, output_tokens = 0,
             format_errors = 0, format_warnings = 0, error = NULL`,
          )
          .run(runId, env, taskId, position, JSON.stringify(header));
      })();
    });
  }

  /** Commits one turn; with the outcome, also finishes the episode in the same transaction. */
  async writeTurn(header: EpisodeHeader, record: TurnRecord, outcome?: EpisodeOutcome): Promise<void> {
    return this.guard(() => {
      const { runId, env } = header;
      const taskId = header.task.id;
      this.db.transaction(() => {
        this.db
          .prepare("INSERT OR REPLACE INTO turns (run_id, env, task_id, turn, record) VALUES (?, ?, ?, ?, ?)")
          .run(runId, env, taskId, record.turn, JSON.stringify(record));
        if (outcome) this.finish(runId, env, taskId, outcome);
      })();
    });
  }

  /** Ends an episode without a last turn (an infrastructure error); `error` episodes are retried on resume. */
  async failEpisode(header: EpisodeHeader, outcome: EpisodeOutcome): Promise<void> {
    return this.guard(() => {
      this.finish(header.runId, header.env, header.task.id, outcome);
    });
  }

  private finish(runId: string, env: string, taskId: string, outcome: EpisodeOutcome): void {
    const t = totalUsage(outcome.usage);
    this.db
      .prepare(
        `UPDATE episodes SET status = ?, outcome = ?, reason = ?, success = ?, turns = ?, recommendations = ?, cost_usd = ?,
           input_tokens = ?, output_tokens = ?, format_errors = ?, format_warnings = ?, error = ?
           WHERE run_id = ? AND env = ? AND task_id = ?`,
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
        t.formatErrors,
        t.formatWarnings,
        outcome.error ?? null,
        runId,
        env,
        taskId,
      );
  }

  async episodes(runId: string): Promise<EpisodeRow[]> {
    return this.guard(() => {
      return (
        this.db
          .prepare("SELECT * FROM episodes WHERE run_id = ? ORDER BY env, position")
          .all(runId) as EpisodeDbRow[]
      ).map(episodeRow);
    });
  }

  /** Finished episodes' keys (`env/taskId`): what a resume keeps. */
  async finishedKeys(runId: string): Promise<Set<string>> {
    return this.guard(() => {
      const rows = this.db
        .prepare("SELECT env, task_id FROM episodes WHERE run_id = ? AND status = 'finished'")
        .all(runId) as { env: string; task_id: string }[];
      return new Set(rows.map((r) => `${r.env}/${r.task_id}`));
    });
  }

  async setJudge(runId: string, env: string, taskId: string, judge: unknown): Promise<void> {
    return this.guard(() => {
      this.db
        .prepare("UPDATE episodes SET judge = ? WHERE run_id = ? AND env = ? AND task_id = ?")
        .run(JSON.stringify(judge), runId, env, taskId);
    });
  }

  /** The finished trajectories of a run, in store then task-bank order. */
  async *trajectories(runId: string, opts: { includeErrors?: boolean } = {}): AsyncGenerator<Trajectory> {
    const statuses = opts.includeErrors ? "('finished', 'error')" : "('finished')";
    const rows = this.guard(
      () =>
        this.db
          .prepare(`SELECT * FROM episodes WHERE run_id = ? AND status IN ${statuses} ORDER BY env, position`)
          .all(runId) as EpisodeDbRow[],
    );
    const turnsOf = this.guard(() =>
      this.db.prepare("SELECT record FROM turns WHERE run_id = ? AND env = ? AND task_id = ? ORDER BY turn"),
    );
    for (const row of rows) {
      const turns = (this.guard(() => turnsOf.all(runId, row.env, row.task_id)) as { record: string }[]).map(
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
    status: String(r.status) as RunStatus,
    planned: Number(r.planned),
  };
}
