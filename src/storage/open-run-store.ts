import type { RunStore } from "./run-store.js";
import { SqliteRunStore } from "./sqlite-run-store.js";

/** Opens the run store at a location: a folder (created if missing) holding a SQLite store. */
export function openRunStore(location: string): RunStore {
  return new SqliteRunStore(location);
}
