import type pg from "pg";
import { modelCallsOf, type TurnModelCalls } from "../core/model-call-record.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { PostgresDatabase, type PostgresStoreOptions } from "./postgres-database.js";
import { PostgresImageStore } from "./postgres-image-store.js";
import { clearModelCalls, readModelCalls, writeModelCalls } from "./postgres-model-calls.js";
import {
  type EpisodeDbRow,
  episodeOfRow,
  type LeaseDbRow,
  leaseOfRow,
  type RunDbRow,
  runOfRow,
  type SpendDbRow,
  spendOfRow,
} from "./postgres-rows.js";
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
import { lost, summedUsage } from "./sqlite-rows.js";
import { StorageError } from "./storage-error.js";

/** The `episodes` columns a summary reads (not the payloads). */
const EPISODE_COLUMNS = `run_id, env, task_id, position, status, reason, success, turns, recommendations, cost_usd,
  input_tokens, output_tokens, cached_input_tokens, cache_write_tokens, cache_saving_usd, format_errors,
  format_warnings, error`;

/** Whether `url` names a Postgres database (`postgres://` or `postgresql://`) rather than a folder. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/**
 * The run store of distributed runs: the SQLite store's tables and transactions in a Postgres
 * database that every worker reaches. Where SQLite relied on being the only writer, this store
 * locks rows: an episode's row is locked (`FOR UPDATE`) by each write of a turn, so a turn, a
 * restart by another attempt and the finishing write are serialized per episode; a lease is taken
 * under a lock on its run's row; a finished episode is never restarted (a conditional upsert).
 * Images live in the same database (`PostgresImageStore`). Opening connects lazily: the first
 * operation makes the tables.
 */
export class PostgresRunStore implements RunStore {
  readonly location: string;
  readonly images: PostgresImageStore;
  private readonly db: PostgresDatabase;

  /** Opens the store at a `postgres://` URL; with `readonly`, an existing store only, for reading. */
  constructor(url: string, opts: PostgresStoreOptions = {}) {
    this.db = new PostgresDatabase(url, opts);
    this.location = this.db.location;
    this.images = new PostgresImageStore(this.db);
  }

  close(): Promise<void> {
    return this.db.close();
  }

  async createRun(run: NewRun): Promise<void> {
    this.db.requireWritable(`create run ${run.id}`);
    const now = new Date().toISOString();
    await this.db.transaction(async (c, retried) => {
      const made = await c.query(
        `INSERT INTO runs (id, identity, created_at, updated_at, config, identity_parts, status, planned, benchmark)
         VALUES ($1, $2, $3, $3, $4, $5, 'running', $6, $7) ON CONFLICT (id) DO NOTHING RETURNING 1`,
        [
          run.id,
          run.identity,
          now,
          JSON.stringify(run.config),
          JSON.stringify(run.identityParts),
          run.planned,
          run.benchmark ?? DEFAULT_BENCHMARK,
        ],
      );
      // A retry whose first try committed finds its own run; any other existing run is a clash.
      if (!made.rowCount && !retried)
        throw new StorageError(`run ${run.id} exists already in the run store at ${this.location}`, {
          hint: "continue it with --resume, or start a new run",
        });
    });
  }

  async getRun(id: string): Promise<RunRow | undefined> {
    return (await this.runs("WHERE r.id = $1", [id]))[0];
  }

  /** Every run, oldest first. */
  listRuns(): Promise<RunRow[]> {
    return this.runs("", []);
  }

  private async runs(where: string, values: unknown[]): Promise<RunRow[]> {
    const rows = await this.db.query<RunDbRow & Partial<LeaseDbRow>>(
      `SELECT r.*, l.owner, l.pid, l.host, l.since, l.heartbeat
       FROM runs r LEFT JOIN leases l ON l.run_id = r.id ${where} ORDER BY r.created_at, r.id`,
      values,
    );
    return rows.map((r) => runOfRow(r, r.owner ? leaseOfRow(r as LeaseDbRow) : null));
  }

  async setRunStatus(id: string, status: RunStatus): Promise<void> {
    this.db.requireWritable(`set the status of run ${id}`);
    await this.db.query("UPDATE runs SET status = $1, updated_at = $2 WHERE id = $3", [
      status,
      new Date().toISOString(),
      id,
    ]);
  }

  async acquireLease(runId: string, owner: LeaseOwner): Promise<void> {
    this.db.requireWritable(`take run ${runId}`);
    await this.db.transaction(async (c) => {
      // The run's row lock makes takers of one run wait for each other (NO KEY: episode writes,
      // whose foreign keys share-lock the row, go on meanwhile).
      await c.query("SELECT 1 FROM runs WHERE id = $1 FOR NO KEY UPDATE", [runId]);
      const held = await leaseOf(c, runId);
      if (held && held.id !== owner.id && leaseAlive(held))
        throw new RunBusyError(
          `run ${runId} is being run by pid ${held.pid} on ${held.host} since ${held.since}`,
          {
            hint: `wait for it to finish or stop it; a run whose process died is free again ${LEASE_STALE_MS / 1000} s after its last heartbeat`,
          },
        );
      const now = new Date().toISOString();
      await c.query(
        `INSERT INTO leases (run_id, owner, pid, host, since, heartbeat) VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (run_id) DO UPDATE SET owner = excluded.owner, pid = excluded.pid, host = excluded.host,
           since = excluded.since, heartbeat = excluded.heartbeat`,
        [runId, owner.id, owner.pid, owner.host, now],
      );
    });
  }

  async renewLease(runId: string, ownerId: string): Promise<void> {
    this.db.requireWritable(`renew the lease of run ${runId}`);
    const renewed = await this.db.query(
      "UPDATE leases SET heartbeat = $1 WHERE run_id = $2 AND owner = $3 RETURNING 1",
      [new Date().toISOString(), runId, ownerId],
    );
    if (!renewed.length) throw lost(`run ${runId} was taken over by another process`);
  }

  async releaseLease(runId: string, ownerId: string): Promise<void> {
    this.db.requireWritable(`release run ${runId}`);
    await this.db.query("DELETE FROM leases WHERE run_id = $1 AND owner = $2", [runId, ownerId]);
  }

  /**
   * Starts (or restarts cleanly) an episode as `attempt`; a finished one is never restarted
   * (false). One upsert decides, under the episode's row lock, so two workers starting the same
   * episode leave it to exactly one attempt, and a finished episode stays as it is.
   */
  async startEpisode(header: StoredHeader, position: number, attempt: string): Promise<boolean> {
    this.db.requireWritable(`start episode ${header.task.id} of run ${header.runId}`);
    const key = [header.runId, header.env, header.task.id];
    return this.db.transaction(async (c) => {
      const taken = await c.query(
        `INSERT INTO episodes (run_id, env, task_id, position, status, header, attempt)
         VALUES ($1, $2, $3, $4, 'running', $5, $6)
         ON CONFLICT (run_id, env, task_id) DO UPDATE SET status = 'running', header = excluded.header,
           outcome = NULL, reason = NULL, success = false, turns = 0, recommendations = 0, cost_usd = 0,
           input_tokens = 0, output_tokens = 0, cached_input_tokens = 0, cache_write_tokens = 0,
           cache_saving_usd = 0, format_errors = 0, format_warnings = 0, error = NULL, attempt = excluded.attempt
         WHERE episodes.status <> 'finished'
         RETURNING 1`,
        [...key, position, JSON.stringify(header), attempt],
      );
      if (!taken.rowCount) return false;
      await clearModelCalls(c, [header.runId, header.env, header.task.id]);
      await c.query("DELETE FROM turns WHERE run_id = $1 AND env = $2 AND task_id = $3", key);
      return true;
    });
  }

  /** Commits one turn of `attempt`; with the outcome, also finishes the episode in the same transaction. */
  async writeTurn(
    header: StoredHeader,
    record: StoredTurn,
    outcome: StoredOutcome | undefined,
    attempt: string,
  ): Promise<void> {
    this.db.requireWritable(`write a turn of episode ${header.task.id} of run ${header.runId}`);
    await this.db.transaction(async (c, retried) => {
      if (!(await this.ownEpisode(c, header, attempt, retried))) return;
      await c.query(
        `INSERT INTO turns (run_id, env, task_id, turn, record) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (run_id, env, task_id, turn) DO UPDATE SET record = excluded.record`,
        [header.runId, header.env, header.task.id, record.turn, JSON.stringify(record)],
      );
      await writeModelCalls(c, [header.runId, header.env, header.task.id], record.turn, modelCallsOf(record));
      if (outcome) await finish(c, header, outcome);
    });
  }

  /** Ends `attempt` of an episode without a last turn (a failure); `error` episodes are retried on resume. */
  async failEpisode(header: StoredHeader, outcome: StoredOutcome, attempt: string): Promise<void> {
    this.db.requireWritable(`end episode ${header.task.id} of run ${header.runId}`);
    await this.db.transaction(async (c, retried) => {
      if (await this.ownEpisode(c, header, attempt, retried)) await finish(c, header, outcome);
    });
  }

  /**
   * Locks the episode's row and checks that `attempt` still owns it, running: LeaseLostError when
   * another attempt has taken it. False when a retried write finds its own attempt already ended:
   * the earlier try committed before its connection broke, and there is nothing left to do.
   */
  private async ownEpisode(
    c: pg.ClientBase,
    header: StoredHeader,
    attempt: string,
    retried: boolean,
  ): Promise<boolean> {
    const { rows } = await c.query<{ attempt: string | null; status: EpisodeStatus }>(
      "SELECT attempt, status FROM episodes WHERE run_id = $1 AND env = $2 AND task_id = $3 FOR UPDATE",
      [header.runId, header.env, header.task.id],
    );
    const owner = rows[0];
    if (retried && owner?.attempt === attempt && owner.status !== "running") return false;
    if (owner?.attempt !== attempt || owner.status !== "running")
      throw lost(`episode ${header.task.id} of run ${header.runId} was taken by another attempt`);
    return true;
  }

  /** A run's episodes, by store then task-bank position. */
  async episodes(runId: string): Promise<EpisodeRow[]> {
    const rows = await this.db.query<EpisodeDbRow>(
      `SELECT ${EPISODE_COLUMNS} FROM episodes WHERE run_id = $1 ORDER BY env, position`,
      [runId],
    );
    return rows.map(episodeOfRow);
  }

  /** Finished episodes' keys (`env/taskId`): what a resume keeps. */
  async finishedKeys(runId: string): Promise<Set<string>> {
    const rows = await this.db.query<{ env: string; task_id: string }>(
      "SELECT env, task_id FROM episodes WHERE run_id = $1 AND status = 'finished'",
      [runId],
    );
    return new Set(rows.map((r) => `${r.env}/${r.task_id}`));
  }

  /** Adds one call to the ledger; one atomic upsert, so workers recording at once all count. */
  async recordSpend(runId: string, spend: Spend): Promise<void> {
    this.db.requireWritable(`record what run ${runId} spent`);
    await this.db.query(
      `INSERT INTO spent (run_id, role, model, calls, cached_calls, input_tokens, output_tokens, cost_usd,
         cached_input_tokens, cache_write_tokens, cache_saving_usd)
       VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (run_id, role, model) DO UPDATE SET calls = spent.calls + 1,
         cached_calls = spent.cached_calls + excluded.cached_calls,
         input_tokens = spent.input_tokens + excluded.input_tokens,
         output_tokens = spent.output_tokens + excluded.output_tokens,
         cost_usd = spent.cost_usd + excluded.cost_usd,
         cached_input_tokens = spent.cached_input_tokens + excluded.cached_input_tokens,
         cache_write_tokens = spent.cache_write_tokens + excluded.cache_write_tokens,
         cache_saving_usd = spent.cache_saving_usd + excluded.cache_saving_usd`,
      [
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
      ],
    );
  }

  /** The run's spend ledger, by role and model. */
  async spent(runId: string): Promise<SpendRow[]> {
    const rows = await this.db.query<SpendDbRow>(
      "SELECT * FROM spent WHERE run_id = $1 ORDER BY role, model",
      [runId],
    );
    return rows.map(spendOfRow);
  }

  async putRecord(kind: string, id: string, value: unknown): Promise<void> {
    this.db.requireWritable(`store the ${kind} record ${id}`);
    await this.db.query(
      `INSERT INTO records (kind, id, body, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (kind, id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`,
      [kind, id, JSON.stringify(value), new Date().toISOString()],
    );
  }

  async getRecord(kind: string, id: string): Promise<unknown | undefined> {
    const rows = await this.db.query<{ body: unknown }>(
      "SELECT body FROM records WHERE kind = $1 AND id = $2",
      [kind, id],
    );
    return rows[0]?.body;
  }

  async listRecords(kind: string): Promise<{ id: string; value: unknown }[]> {
    const rows = await this.db.query<{ id: string; body: unknown }>(
      "SELECT id, body FROM records WHERE kind = $1 ORDER BY id",
      [kind],
    );
    return rows.map((r) => ({ id: r.id, value: r.body }));
  }

  async setJudge(runId: string, env: string, taskId: string, judge: unknown): Promise<void> {
    this.db.requireWritable(`store judge scores in run ${runId}`);
    await this.db.query("UPDATE episodes SET judge = $1 WHERE run_id = $2 AND env = $3 AND task_id = $4", [
      JSON.stringify(judge),
      runId,
      env,
      taskId,
    ]);
  }

  /**
   * The finished episodes of a run with their payloads as stored, in store then task-bank order;
   * one episode's turns at a time, so a large run is never held in memory whole.
   */
  async *storedEpisodes(
    runId: string,
    opts: { includeErrors?: boolean } = {},
  ): AsyncGenerator<StoredEpisode> {
    const statuses = opts.includeErrors ? ["finished", "error"] : ["finished"];
    const keys = await this.db.query<{ env: string; task_id: string }>(
      "SELECT env, task_id FROM episodes WHERE run_id = $1 AND status = ANY($2) ORDER BY env, position",
      [runId, statuses],
    );
    for (const { env, task_id } of keys) {
      const episode = await this.db.transaction((c) => storedEpisode(c, runId, env, task_id));
      if (episode) yield episode;
    }
  }

  storedEpisode(runId: string, env: string, taskId: string): Promise<StoredEpisode | undefined> {
    return this.db.transaction((c) => storedEpisode(c, runId, env, taskId));
  }

  modelCalls(runId: string, env: string, taskId: string, turn: number): Promise<TurnModelCalls | undefined> {
    return this.db.transaction((c) => readModelCalls(c, [runId, env, taskId], turn));
  }

  /** The finished trajectories of a run, in store then task-bank order (SituRecBench's payloads). */
  async *trajectories(runId: string, opts: { includeErrors?: boolean } = {}): AsyncGenerator<Trajectory> {
    for await (const e of this.storedEpisodes(runId, opts)) yield asTrajectory(e);
  }
}

async function leaseOf(c: pg.ClientBase, runId: string): Promise<Lease | null> {
  const { rows } = await c.query<LeaseDbRow>(
    "SELECT owner, pid, host, since, heartbeat FROM leases WHERE run_id = $1",
    [runId],
  );
  return rows[0] ? leaseOfRow(rows[0]) : null;
}

/** Writes an episode's outcome and its summed figures; `error` unless it ended properly. */
async function finish(c: pg.ClientBase, header: StoredHeader, outcome: StoredOutcome): Promise<void> {
  const t = summedUsage(outcome.usage);
  await c.query(
    `UPDATE episodes SET status = $1, outcome = $2, reason = $3, success = $4, turns = $5, recommendations = $6,
       cost_usd = $7, input_tokens = $8, output_tokens = $9, cached_input_tokens = $10, cache_write_tokens = $11,
       cache_saving_usd = $12, format_errors = $13, format_warnings = $14, error = $15
     WHERE run_id = $16 AND env = $17 AND task_id = $18`,
    [
      outcome.reason === "error" ? "error" : "finished",
      JSON.stringify(outcome),
      outcome.reason,
      outcome.success,
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
      header.runId,
      header.env,
      header.task.id,
    ],
  );
}

/**
 * One ended episode's payloads, read in one transaction (one snapshot of its row and turns, which
 * a restart could otherwise change in between); undefined if it was restarted since it was listed.
 */
async function storedEpisode(
  c: pg.ClientBase,
  runId: string,
  env: string,
  taskId: string,
): Promise<StoredEpisode | undefined> {
  await c.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
  const key = [runId, env, taskId];
  const { rows } = await c.query<{ header: unknown; outcome: unknown; judge: unknown; judged: boolean }>(
    "SELECT header, outcome, judge, judge IS NOT NULL AS judged FROM episodes WHERE run_id = $1 AND env = $2 AND task_id = $3 AND status <> 'running'",
    key,
  );
  const row = rows[0];
  if (!row) return undefined;
  const turns = await c.query<{ record: unknown }>(
    "SELECT record FROM turns WHERE run_id = $1 AND env = $2 AND task_id = $3 ORDER BY turn",
    key,
  );
  return {
    header: row.header,
    turns: turns.rows.map((t) => t.record),
    outcome: row.outcome,
    ...(row.judged ? { judge: row.judge } : {}),
  };
}
