import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { modelCallsOf, type TurnModelCalls } from "../core/model-call-record.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { ImageStore } from "./image-store.js";
import {
  asTrajectory,
  DEFAULT_BENCHMARK,
  type EpisodeRow,
  type EpisodeStatus,
  LEASE_STALE_MS,
  type Lease,
  type LeaseOwner,
  leaseAlive,
  type NewRun,
  RunBusyError,
  type RunRow,
  type RunStatus,
  type RunStore,
  type Spend,
  type SpendRow,
  type StoredEpisode,
  type StoredHeader,
  type StoredOutcome,
  type StoredTurn,
} from "./run-store.js";
import { migrateSqliteStore } from "./sqlite-migrate.js";
import { SqliteModelCalls } from "./sqlite-model-calls.js";
import { SqliteRecords } from "./sqlite-records.js";
import { type EpisodeDbRow, episodeRow, lost, runRow, summedUsage } from "./sqlite-rows.js";
import { StorageError, storageError } from "./storage-error.js";

/**
 * The default run store: runs, episodes and turns in one SQLite file (WAL; `siturec.db`), images in a
 * content-addressed folder beside it (`images/`). SQLite is synchronous; the methods return settled
 * promises to keep the `RunStore` contract that a database server needs.
 */
export class SqliteRunStore implements RunStore {
  readonly db: Database.Database;
  readonly images: ImageStore;
  private readonly records: SqliteRecords;
  private readonly calls: SqliteModelCalls;
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
        hint: "siturec run writes to ./siturec-runs unless --store says otherwise; name that store with --store",
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
        migrateSqliteStore(db);
        return db;
      } catch (err) {
        db.close();
        throw err;
      }
    });
    this.images = new ImageStore(join(dir, "images"));
    this.records = new SqliteRecords(this.db);
    this.calls = new SqliteModelCalls(this.db);
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
          "INSERT INTO runs (id, identity, created_at, updated_at, config, identity_parts, status, planned, benchmark) VALUES (?, ?, ?, ?, ?, ?, 'running', ?, ?)",
        )
        .run(
          run.id,
          run.identity,
          now,
          now,
          JSON.stringify(run.config),
          JSON.stringify(run.identityParts),
          run.planned,
          run.benchmark ?? DEFAULT_BENCHMARK,
        );
    });
  }

  async getRun(id: string): Promise<RunRow | undefined> {
    return this.guard(() => {
      const r = this.db.prepare("SELECT * FROM runs WHERE id = ?").get(id) as
        | Record<string, string | number>
        | undefined;
      return r ? runRow(r, this.leaseOf(id)) : undefined;
    });
  }

  async listRuns(): Promise<RunRow[]> {
    return this.guard(() => {
      return (
        this.db.prepare("SELECT * FROM runs ORDER BY created_at, id").all() as Record<
          string,
          string | number
        >[]
      ).map((r) => runRow(r, this.leaseOf(String(r.id))));
    });
  }

  async setRunStatus(id: string, status: RunStatus): Promise<void> {
    return this.guard(() => {
      this.db
        .prepare("UPDATE runs SET status = ?, updated_at = ? WHERE id = ?")
        .run(status, new Date().toISOString(), id);
    });
  }

  async acquireLease(runId: string, owner: LeaseOwner): Promise<void> {
    return this.guard(() =>
      this.db
        .transaction(() => {
          const held = this.leaseOf(runId);
          if (held && held.id !== owner.id && leaseAlive(held))
            throw new RunBusyError(
              `run ${runId} is being run by pid ${held.pid} on ${held.host} since ${held.since}`,
              {
                hint: `wait for it to finish or stop it; a run whose process died is free again ${LEASE_STALE_MS / 1000} s after its last heartbeat`,
              },
            );
          const now = new Date().toISOString();
          this.db
            .prepare(
              `INSERT INTO leases (run_id, owner, pid, host, since, heartbeat) VALUES (?, ?, ?, ?, ?, ?)
               ON CONFLICT (run_id) DO UPDATE SET owner = excluded.owner, pid = excluded.pid, host = excluded.host,
                 since = excluded.since, heartbeat = excluded.heartbeat`,
            )
            .run(runId, owner.id, owner.pid, owner.host, now, now);
        })
        .immediate(),
    );
  }

  async renewLease(runId: string, ownerId: string): Promise<void> {
    return this.guard(() => {
      const changed = this.db
        .prepare("UPDATE leases SET heartbeat = ? WHERE run_id = ? AND owner = ?")
        .run(new Date().toISOString(), runId, ownerId).changes;
      if (!changed) throw lost(`run ${runId} was taken over by another process`);
    });
  }

  async releaseLease(runId: string, ownerId: string): Promise<void> {
    return this.guard(() => {
      this.db.prepare("DELETE FROM leases WHERE run_id = ? AND owner = ?").run(runId, ownerId);
    });
  }

  private leaseOf(runId: string): Lease | null {
    const r = this.db.prepare("SELECT * FROM leases WHERE run_id = ?").get(runId) as
      | { owner: string; pid: number; host: string; since: string; heartbeat: string }
      | undefined;
    return r ? { id: r.owner, pid: r.pid, host: r.host, since: r.since, heartbeat: r.heartbeat } : null;
  }

  /** The attempt that owns an episode now, and its status (undefined: no such episode yet). */
  private attemptOf(
    runId: string,
    env: string,
    taskId: string,
  ): { attempt: string | null; status: EpisodeStatus } | undefined {
    return this.db
      .prepare("SELECT attempt, status FROM episodes WHERE run_id = ? AND env = ? AND task_id = ?")
      .get(runId, env, taskId) as { attempt: string | null; status: EpisodeStatus } | undefined;
  }

  private requireAttempt(header: StoredHeader, attempt: string): void {
    const owner = this.attemptOf(header.runId, header.env, header.task.id);
    if (owner?.attempt !== attempt || owner.status !== "running")
      throw lost(`episode ${header.task.id} of run ${header.runId} was taken by another attempt`);
  }

  /** Starts (or restarts cleanly) an episode as `attempt`; a finished one is never restarted (false). */
  async startEpisode(header: StoredHeader, position: number, attempt: string): Promise<boolean> {
    const { runId, env } = header;
    const taskId = header.task.id;
    return this.guard(() =>
      this.db
        .transaction(() => {
          if (this.attemptOf(runId, env, taskId)?.status === "finished") return false;
          this.calls.clear(runId, env, taskId);
          this.db
            .prepare("DELETE FROM turns WHERE run_id = ? AND env = ? AND task_id = ?")
            .run(runId, env, taskId);
          this.db
            .prepare(
              `INSERT INTO episodes (run_id, env, task_id, position, status, header, attempt) VALUES (?, ?, ?, ?, 'running', ?, ?)
               ON CONFLICT (run_id, env, task_id) DO UPDATE SET status = 'running', header = excluded.header, outcome = NULL,
                 reason = NULL, success = 0, turns = 0, recommendations = 0, cost_usd = 0, input_tokens = 0, output_tokens = 0,
                 cached_input_tokens = 0, cache_write_tokens = 0, cache_saving_usd = 0,
                 format_errors = 0, format_warnings = 0, error = NULL, attempt = excluded.attempt`,
            )
            .run(runId, env, taskId, position, JSON.stringify(header), attempt);
          return true;
        })
        .immediate(),
    );
  }

  /** Commits one turn of `attempt`; with the outcome, also finishes the episode in the same transaction. */
  async writeTurn(
    header: StoredHeader,
    record: StoredTurn,
    outcome: StoredOutcome | undefined,
    attempt: string,
  ): Promise<void> {
    const { runId, env } = header;
    const taskId = header.task.id;
    return this.guard(() =>
      this.db
        .transaction(() => {
          this.requireAttempt(header, attempt);
          this.db
            .prepare(
              "INSERT OR REPLACE INTO turns (run_id, env, task_id, turn, record) VALUES (?, ?, ?, ?, ?)",
            )
            .run(runId, env, taskId, record.turn, JSON.stringify(record));
          this.calls.write(runId, env, taskId, record.turn, modelCallsOf(record));
          if (outcome) this.finish(runId, env, taskId, outcome);
        })
        .immediate(),
    );
  }

  /** Ends `attempt` of an episode without a last turn (a failure); `error` episodes are retried on resume. */
  async failEpisode(header: StoredHeader, outcome: StoredOutcome, attempt: string): Promise<void> {
    return this.guard(() =>
      this.db
        .transaction(() => {
          this.requireAttempt(header, attempt);
          this.finish(header.runId, header.env, header.task.id, outcome);
        })
        .immediate(),
    );
  }

  private finish(runId: string, env: string, taskId: string, outcome: StoredOutcome): void {
    const t = summedUsage(outcome.usage);
    this.db
      .prepare(
        `UPDATE episodes SET status = ?, outcome = ?, reason = ?, success = ?, turns = ?, recommendations = ?, cost_usd = ?,
           input_tokens = ?, output_tokens = ?, cached_input_tokens = ?, cache_write_tokens = ?, cache_saving_usd = ?,
           format_errors = ?, format_warnings = ?, error = ?
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
        t.cachedInputTokens,
        t.cacheWriteTokens,
        t.cacheSavingUsd,
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

  async recordSpend(runId: string, spend: Spend): Promise<void> {
    return this.guard(() => {
      this.db
        .prepare(
          `INSERT INTO spent (run_id, role, model, calls, cached_calls, input_tokens, output_tokens, cost_usd,
             cached_input_tokens, cache_write_tokens, cache_saving_usd)
           VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (run_id, role, model) DO UPDATE SET calls = calls + 1, cached_calls = cached_calls + excluded.cached_calls,
             input_tokens = input_tokens + excluded.input_tokens, output_tokens = output_tokens + excluded.output_tokens,
             cost_usd = cost_usd + excluded.cost_usd,
             cached_input_tokens = cached_input_tokens + excluded.cached_input_tokens,
             cache_write_tokens = cache_write_tokens + excluded.cache_write_tokens,
             cache_saving_usd = cache_saving_usd + excluded.cache_saving_usd`,
        )
        .run(
          runId,
          spend.role,
          spend.model,
          spend.cached ? 1 : 0,
          spend.inputTokens,
          spend.outputTokens,
          spend.costUsd,
          spend.cachedInputTokens ?? 0,
          spend.cacheWriteTokens ?? 0,
          spend.cacheSavingUsd ?? 0,
        );
    });
  }

  async spent(runId: string): Promise<SpendRow[]> {
    return this.guard(() => {
      // A store from before the ledger, opened read-only (not migrated), has no such table.
      if (!this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'spent'").get())
        return [];
      const rows = this.db
        .prepare("SELECT * FROM spent WHERE run_id = ? ORDER BY role, model")
        .all(runId) as {
        role: string;
        model: string;
        calls: number;
        cached_calls: number;
        input_tokens: number;
        output_tokens: number;
        cost_usd: number;
        cached_input_tokens?: number;
        cache_write_tokens?: number;
        cache_saving_usd?: number;
      }[];
      return rows.map((r) => ({
        role: r.role,
        model: r.model,
        calls: r.calls,
        cachedCalls: r.cached_calls,
        inputTokens: r.input_tokens,
        outputTokens: r.output_tokens,
        costUsd: r.cost_usd,
        cachedInputTokens: r.cached_input_tokens ?? 0,
        cacheWriteTokens: r.cache_write_tokens ?? 0,
        cacheSavingUsd: r.cache_saving_usd ?? 0,
      }));
    });
  }

  async setJudge(runId: string, env: string, taskId: string, judge: unknown): Promise<void> {
    return this.guard(() => {
      this.db
        .prepare("UPDATE episodes SET judge = ? WHERE run_id = ? AND env = ? AND task_id = ?")
        .run(JSON.stringify(judge), runId, env, taskId);
    });
  }

  /** The finished episodes of a run with their payloads as stored, in store then task-bank order. */
  async *storedEpisodes(
    runId: string,
    opts: { includeErrors?: boolean } = {},
  ): AsyncGenerator<StoredEpisode> {
    const statuses = opts.includeErrors ? "('finished', 'error')" : "('finished')";
    const rows = this.guard(
      () =>
        this.db
          .prepare(`SELECT * FROM episodes WHERE run_id = ? AND status IN ${statuses} ORDER BY env, position`)
          .all(runId) as EpisodeDbRow[],
    );
    for (const row of rows) yield this.episodeOf(row);
  }

  async storedEpisode(runId: string, env: string, taskId: string): Promise<StoredEpisode | undefined> {
    const row = this.guard(
      () =>
        this.db
          .prepare(
            "SELECT * FROM episodes WHERE run_id = ? AND env = ? AND task_id = ? AND status IN ('finished', 'error')",
          )
          .get(runId, env, taskId) as EpisodeDbRow | undefined,
    );
    return row ? this.episodeOf(row) : undefined;
  }

  async modelCalls(
    runId: string,
    env: string,
    taskId: string,
    turn: number,
  ): Promise<TurnModelCalls | undefined> {
    return this.guard(() => this.calls.read(runId, env, taskId, turn));
  }

  async putRecord(kind: string, id: string, value: unknown): Promise<void> {
    this.guard(() => this.records.put(kind, id, value));
  }

  async getRecord(kind: string, id: string): Promise<unknown | undefined> {
    return this.guard(() => this.records.get(kind, id));
  }

  async listRecords(kind: string): Promise<{ id: string; value: unknown }[]> {
    return this.guard(() => this.records.list(kind));
  }

  /** An ended episode's row with its turns, as stored. */
  private episodeOf(row: EpisodeDbRow): StoredEpisode {
    const turns = this.guard(
      () =>
        this.db
          .prepare("SELECT record FROM turns WHERE run_id = ? AND env = ? AND task_id = ? ORDER BY turn")
          .all(row.run_id, row.env, row.task_id) as { record: string }[],
    );
    return {
      header: JSON.parse(row.header) as unknown,
      turns: turns.map((t) => JSON.parse(t.record) as unknown),
      outcome: JSON.parse(row.outcome!) as unknown,
      ...(row.judge ? { judge: JSON.parse(row.judge) as unknown } : {}),
    };
  }

  /** The finished trajectories of a run, in store then task-bank order (SituRecBench's payloads). */
  async *trajectories(runId: string, opts: { includeErrors?: boolean } = {}): AsyncGenerator<Trajectory> {
    for await (const e of this.storedEpisodes(runId, opts)) yield asTrajectory(e);
  }
}
