import { isPostgresUrl, PostgresRunStore } from "./postgres-run-store.js";
import type { RunStore } from "./run-store.js";
import { SqliteRunStore } from "./sqlite-run-store.js";

// Its own module, so the command line can resolve --store without loading the stores.
export { resolveStoreLocation } from "./store-location.js";

/**
 * Opens the run store at a location: a `postgres://` (or `postgresql://`) URL names a Postgres
 * database shared by distributed workers (connected lazily: the first operation makes its tables);
 * anything else is a folder holding a SQLite store, created if missing. With `readonly`, an
 * existing store only, for reading (listing, exporting, evaluating).
 */
export function openRunStore(location: string, opts: { readonly?: boolean } = {}): RunStore {
  return isPostgresUrl(location) ? new PostgresRunStore(location, opts) : new SqliteRunStore(location, opts);
}
