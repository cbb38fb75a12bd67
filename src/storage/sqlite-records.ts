import type Database from "better-sqlite3";

/** The SQLite store's `records` table: small documents by kind and id (see `RunStore.putRecord`). */
export class SqliteRecords {
  constructor(private readonly db: Database.Database) {}

  put(kind: string, id: string, value: unknown): void {
    this.db
      .prepare(
        `INSERT INTO records (kind, id, body, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (kind, id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`,
      )
      .run(kind, id, JSON.stringify(value), new Date().toISOString());
  }

  get(kind: string, id: string): unknown | undefined {
    if (!this.present()) return undefined;
    const row = this.db.prepare("SELECT body FROM records WHERE kind = ? AND id = ?").get(kind, id) as
      | { body: string }
      | undefined;
    return row ? (JSON.parse(row.body) as unknown) : undefined;
  }

  list(kind: string): { id: string; value: unknown }[] {
    if (!this.present()) return [];
    const rows = this.db.prepare("SELECT id, body FROM records WHERE kind = ? ORDER BY id").all(kind) as {
      id: string;
      body: string;
    }[];
    return rows.map((r) => ({ id: r.id, value: JSON.parse(r.body) as unknown }));
  }

  /** A store from before records, opened read-only (not migrated), has no such table. */
  private present(): boolean {
    return !!this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'records'").get();
  }
}
