import { isPostgresUrl, PostgresRunStore } from "./postgres-run-store.js";
import type { RunStore } from "./run-store.js";
import { SqliteRunStore } from "./sqlite-run-store.js";

/**
 * Opens the run store at a location: a `postgres://` (or `postgresql://`) URL names a Postgres
 * database shared by distributed workers (connected lazily: the first operation makes its tables);
 * anything else is a folder holding a SQLite store, created if missing. With `readonly`, an
 * existing store only, for reading (listing, exporting, evaluating).
 */
export function openRunStore(location: string, opts: { readonly?: boolean } = {}): RunStore {
  return isPostgresUrl(location) ? new PostgresRunStore(location, opts) : new SqliteRunStore(location, opts);
}

/**
 * Where a command's run store is: its flag when given, else `SITUREC_STORE_URL` from the
 * environment, else undefined (the command's own default folder).
 */
export function resolveStoreLocation(
  flag?: string,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  if (flag !== undefined && flag !== "") return flag;
  const fromEnv = env.SITUREC_STORE_URL?.trim();
  return fromEnv ? fromEnv : undefined;
}
