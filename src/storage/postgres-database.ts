import { createRequire } from "node:module";
import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import {
  postgresStorageError,
  redactUrl,
  transientPostgresError,
  unreachablePostgres,
} from "./postgres-error.js";
import { checkSchema, prepareSchema } from "./postgres-schema.js";
import { StorageError } from "./storage-error.js";

// pg (CommonJS) is required when a Postgres store is opened, not when this module loads: most
// commands use a SQLite store, and the client costs ~100 ms to load.
const require = createRequire(import.meta.url);

/** How a Postgres run store connects, and how long it keeps trying when the connection breaks. */
export interface PostgresStoreOptions {
  /** Open for reading only: no table is created, every write is refused, and the store must exist. */
  readonly?: boolean;
  /** The most connections this store holds at once (default 10). */
  maxConnections?: number;
  /** How many times an operation is tried again after the connection broke (default 8). */
  retries?: number;
  /** The wait before the first retry, doubling each time up to 8 s (default 250 ms: about 30 s in all). */
  retryDelayMs?: number;
  /** How long to wait for a new connection before giving up on it (default 10 s). */
  connectTimeoutMs?: number;
}

/** Runs one operation on a pooled client; `retried` says an earlier try may have committed. */
export type PostgresWork<T> = (client: pg.PoolClient, retried: boolean) => Promise<T>;

/**
 * A pool of connections to one Postgres database, shared by a run store and its images: the tables
 * are made (or, read-only, checked) lazily by the first operation, so opening stays synchronous;
 * every operation turns a Postgres fault into a StorageError naming the URL (password redacted);
 * an operation whose connection broke is retried with backoff, so a server restart or a network
 * blip delays a run rather than failing it.
 */
export class PostgresDatabase {
  /** The URL with its password redacted. */
  readonly location: string;
  readonly readonly: boolean;
  private readonly pool: pg.Pool;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private ready: Promise<void> | undefined;
  /** Whether any connection ever came up (until then an unreachable server is reported at once). */
  private connected = false;
  private closed = false;

  constructor(url: string, opts: PostgresStoreOptions = {}) {
    this.location = redactUrl(url);
    if (!URL.canParse(url) || !/^postgres(ql)?:$/.test(new URL(url).protocol))
      throw new StorageError(`${this.location} is not a Postgres URL`, {
        exitCode: 2,
        hint: "write it as postgres://USER:PASSWORD@HOST:PORT/DATABASE",
      });
    this.readonly = opts.readonly ?? false;
    this.retries = opts.retries ?? 8;
    this.retryDelayMs = opts.retryDelayMs ?? 250;
    const { Pool } = require("pg") as typeof pg;
    this.pool = new Pool({
      connectionString: url,
      max: opts.maxConnections ?? 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
      application_name: "siturec",
    });
    // An idle connection that breaks (a server restart) must not crash the process: the next
    // operation on the pool notices, and is retried on a new connection.
    this.pool.on("error", () => {});
    if (this.readonly)
      this.pool.on("connect", (client) => {
        client.query("SET default_transaction_read_only = on").catch(() => {});
      });
  }

  /** Refuses a write on a store opened read-only, saying which. */
  requireWritable(what: string): void {
    if (this.readonly)
      throw new StorageError(`cannot ${what}: the run store at ${this.location} was opened read-only`, {
        hint: "open it for writing (a command that writes, such as siturec run or siturec judge)",
      });
  }

  /** Runs `work` in one transaction (committed when it resolves), retried when the connection breaks. */
  transaction<T>(work: PostgresWork<T>): Promise<T> {
    return this.withRetries((client, retried) => this.inTransaction(client, work, retried));
  }

  /** Runs one statement outside an explicit transaction, retried when the connection breaks. */
  async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    return this.withRetries(async (client) => (await client.query<R>(text, values)).rows);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }

  private async inTransaction<T>(client: pg.PoolClient, work: PostgresWork<T>, retried: boolean): Promise<T> {
    await client.query("BEGIN");
    try {
      const result = await work(client, retried);
      await client.query("COMMIT");
      return result;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    }
  }

  private async withRetries<T>(work: PostgresWork<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(work, attempt > 0);
      } catch (err) {
        const giveUp =
          this.closed ||
          attempt >= this.retries ||
          !transientPostgresError(err) ||
          (!this.connected && unreachablePostgres(err));
        if (giveUp) throw postgresStorageError(err, this.location) ?? err;
        await sleep(Math.min(this.retryDelayMs * 2 ** attempt, 8_000));
      }
    }
  }

  private async once<T>(work: PostgresWork<T>, retried: boolean): Promise<T> {
    if (this.closed)
      throw new StorageError(`the run store at ${this.location} is closed`, {
        hint: "this is a bug: an operation came after the store was closed",
      });
    const client = await this.pool.connect();
    this.connected = true;
    let broken: Error | undefined;
    // A connection that breaks between two queries says so on the client (unheard, it would crash
    // the process); the next query then fails, and the operation is retried.
    const onError = (err: Error) => {
      broken = err;
    };
    client.on("error", onError);
    try {
      await this.prepared(client);
      return await work(client, retried);
    } catch (err) {
      if (transientPostgresError(err)) broken ??= err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.removeListener("error", onError);
      // A connection that broke is dropped, not handed to the next operation.
      client.release(broken);
    }
  }

  /** Makes (or checks) the tables once per store, on the first operation. */
  private prepared(client: pg.PoolClient): Promise<void> {
    this.ready ??= (
      this.readonly ? checkSchema(client, this.location) : prepareSchema(client, this.location)
    ).catch((err: unknown) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }
}
