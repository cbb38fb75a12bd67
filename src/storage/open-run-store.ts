import type { RunStore } from "./run-store.js";
import { SqliteRunStore } from "./sqlite-run-store.js";

/**
 * Opens the run store at a location: a folder holding a SQLite store, created if missing; with
 * `readonly`, an existing store only, for reading (listing, exporting, evaluating).
 */
export function openRunStore(location: string, opts: { readonly?: boolean } = {}): RunStore {
  return new SqliteRunStore(location, opts);
}
