import { redactUrlsIn } from "../core/redact-urls.js";
import { StorageError } from "./storage-error.js";

/** A Postgres URL with its password replaced by `***`, for messages and `RunStore.location`. */
export const redactUrl = (url: string): string => redactUrlsIn(url);

/** The code of a pg or socket error (a Node AggregateError carries its first cause's). */
function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown })?.code;
  if (typeof code === "string") return code;
  const first = (err as { errors?: unknown[] })?.errors?.[0];
  const inner = (first as { code?: unknown })?.code;
  return typeof inner === "string" ? inner : undefined;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)) || codeOf(err) || "";

const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** A connection that broke or never came up: the server or the network, not the query. */
function connectionFault(err: unknown): boolean {
  const code = codeOf(err);
  if (code && (UNREACHABLE.has(code) || code === "ECONNRESET" || code === "ETIMEDOUT" || code === "EPIPE"))
    return true;
  // 08: connection exception; 57P01-03: the server shut down or is starting.
  if (code && (code.startsWith("08") || /^57P0[123]$/.test(code))) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
    messageOf(err),
  );
}

/**
 * Whether an operation that failed this way may be tried again: the connection broke (a server
 * restart, a network blip), or Postgres chose this transaction as a deadlock's or a serialization
 * failure's victim. A query's own error (a constraint, a bug) is never retried.
 */
export function transientPostgresError(err: unknown): boolean {
  const code = codeOf(err);
  return connectionFault(err) || code === "40001" || code === "40P01" || code === "53300";
}

/** The server could not be reached at all (nothing listens, no such host): retrying only waits longer. */
export function unreachablePostgres(err: unknown): boolean {
  const code = codeOf(err);
  return code !== undefined && UNREACHABLE.has(code);
}

/**
 * What a Postgres fault means for the user, naming the store's (redacted) URL and what to do next.
 * Undefined for anything else (a bug, reported as such).
 */
export function postgresStorageError(err: unknown, location: string): StorageError | undefined {
  if (err instanceof StorageError) return err;
  const code = codeOf(err);
  const text = messageOf(err);
  const opts = { cause: err };
  if (connectionFault(err))
    return new StorageError(`cannot reach the run store at ${location} (${text})`, {
      ...opts,
      hint: "check that the Postgres server is running and reachable from this machine (host, port, firewall); a run it stopped continues with --resume",
    });
  switch (code) {
    case "28P01":
    case "28000":
      return new StorageError(`the Postgres server at ${location} refused the login (${text})`, {
        ...opts,
        exitCode: 2,
        hint: "check the user and password in the URL (or PGPASSWORD) and the server's pg_hba.conf",
      });
    case "3D000":
      return new StorageError(`there is no database at ${location} (${text})`, {
        ...opts,
        exitCode: 2,
        hint: "create it first (createdb NAME, or CREATE DATABASE) or name an existing database in the URL",
      });
    case "42501":
      return new StorageError(`the Postgres user of ${location} may not do this (${text})`, {
        ...opts,
        hint: "grant the user rights on the database (the first run needs CREATE on its schema to make the tables)",
      });
    case "25006":
      return new StorageError(
        `cannot write the run store at ${location}: the server is read-only (${text})`,
        {
          ...opts,
          hint: "point the URL at the primary server, not a standby",
        },
      );
    case "53100":
      return new StorageError(`the disk of the Postgres server at ${location} is full (${text})`, {
        ...opts,
        hint: "free some space on the database server, then continue the run with --resume",
      });
    case "53300":
      return new StorageError(`the Postgres server at ${location} has no connection left (${text})`, {
        ...opts,
        hint: "run fewer workers or a lower --concurrency, or raise the server's max_connections",
      });
  }
  return undefined;
}
