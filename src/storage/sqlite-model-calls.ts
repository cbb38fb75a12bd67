import type Database from "better-sqlite3";
import type { RoleModelCalls, TurnModelCalls } from "../core/model-call-record.js";

/**
 * The SQLite store's model calls: one `model_calls` row per turn that made some (its roles' calls as
 * JSON, and the digests of the texts they name), and the texts once each in `texts`, by SHA-256.
 * Called inside the run store's transactions.
 */
export class SqliteModelCalls {
  constructor(private readonly db: Database.Database) {}

  /** Replaces one turn's calls (none: the turn has none). */
  write(runId: string, env: string, taskId: string, turn: number, calls: TurnModelCalls | undefined): void {
    this.db
      .prepare("DELETE FROM model_calls WHERE run_id = ? AND env = ? AND task_id = ? AND turn = ?")
      .run(runId, env, taskId, turn);
    if (!calls) return;
    const text = this.db.prepare("INSERT INTO texts (digest, body) VALUES (?, ?) ON CONFLICT DO NOTHING");
    for (const [digest, body] of Object.entries(calls.texts)) text.run(digest, body);
    this.db
      .prepare(
        "INSERT INTO model_calls (run_id, env, task_id, turn, body, text_refs) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(
        runId,
        env,
        taskId,
        turn,
        JSON.stringify({ roles: calls.roles }),
        JSON.stringify(Object.keys(calls.texts)),
      );
  }

  /** Drops every turn's calls of an episode (a restarted attempt keeps none of the abandoned one's). */
  clear(runId: string, env: string, taskId: string): void {
    this.db
      .prepare("DELETE FROM model_calls WHERE run_id = ? AND env = ? AND task_id = ?")
      .run(runId, env, taskId);
  }

  /** One turn's calls with the texts they name; undefined when it has none. */
  read(runId: string, env: string, taskId: string, turn: number): TurnModelCalls | undefined {
    if (!this.present()) return undefined;
    const row = this.db
      .prepare(
        "SELECT body, text_refs FROM model_calls WHERE run_id = ? AND env = ? AND task_id = ? AND turn = ?",
      )
      .get(runId, env, taskId, turn) as { body: string; text_refs: string } | undefined;
    if (!row) return undefined;
    const body = JSON.parse(row.body) as { roles: RoleModelCalls[] };
    const texts: Record<string, string> = {};
    const read = this.db.prepare("SELECT body FROM texts WHERE digest = ?");
    for (const digest of JSON.parse(row.text_refs) as string[]) {
      const t = read.get(digest) as { body: string } | undefined;
      if (t) texts[digest] = t.body;
    }
    return { roles: body.roles, texts };
  }

  /** A store from before model calls were kept, opened read-only (not migrated), has no such table. */
  private present(): boolean {
    return !!this.db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'model_calls'")
      .get();
  }
}
