import type Database from "better-sqlite3";
import { SCHEMA } from "./sqlite-rows.js";

/**
 * Makes a store's missing tables (`SCHEMA`: every table is IF NOT EXISTS, so a store from before
 * model calls were kept gains `model_calls` and `texts`) and gives older stores the columns added
 * since. Run on every open for writing.
 */
export function migrateSqliteStore(db: Database.Database): void {
  db.exec(SCHEMA);
  // Stores made before the format counts existed gain their columns.
  const columns = new Set(
    (db.prepare("PRAGMA table_info(episodes)").all() as { name: string }[]).map((c) => c.name),
  );
  for (const column of ["format_errors", "format_warnings"])
    if (!columns.has(column)) db.exec(`ALTER TABLE episodes ADD COLUMN ${column} INTEGER NOT NULL DEFAULT 0`);
  if (!columns.has("attempt")) db.exec("ALTER TABLE episodes ADD COLUMN attempt TEXT");
  // Stores made before the provider prompt-cache figures gain their columns.
  const spentColumns = new Set(
    (db.prepare("PRAGMA table_info(spent)").all() as { name: string }[]).map((c) => c.name),
  );
  for (const [table, have] of [
    ["episodes", columns],
    ["spent", spentColumns],
  ] as const)
    for (const [column, type] of [
      ["cached_input_tokens", "INTEGER"],
      ["cache_write_tokens", "INTEGER"],
      ["cache_saving_usd", "REAL"],
    ] as const)
      if (!have.has(column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type} NOT NULL DEFAULT 0`);
  // Stores made before CustomerSim: every run in them is SituRecBench's.
  const runColumns = new Set(
    (db.prepare("PRAGMA table_info(runs)").all() as { name: string }[]).map((c) => c.name),
  );
  if (!runColumns.has("benchmark"))
    db.exec("ALTER TABLE runs ADD COLUMN benchmark TEXT NOT NULL DEFAULT 'situ-rec'");
}
