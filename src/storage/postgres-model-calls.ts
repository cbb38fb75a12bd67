import type pg from "pg";
import type { RoleModelCalls, TurnModelCalls } from "../core/model-call-record.js";

/**
 * The Postgres store's model calls, as the SQLite store keeps them (`SqliteModelCalls`): one
 * `model_calls` row per turn that made some, the texts they name once each in `texts`. Called on
 * the client of the run store's transaction.
 */

/** Replaces one turn's calls (none: the turn has none). */
export async function writeModelCalls(
  c: pg.ClientBase,
  key: [runId: string, env: string, taskId: string],
  turn: number,
  calls: TurnModelCalls | undefined,
): Promise<void> {
  await c.query("DELETE FROM model_calls WHERE run_id = $1 AND env = $2 AND task_id = $3 AND turn = $4", [
    ...key,
    turn,
  ]);
  if (!calls) return;
  const digests = Object.keys(calls.texts);
  if (digests.length)
    await c.query(
      `INSERT INTO texts (digest, body) SELECT d, b::json FROM unnest($1::text[], $2::text[]) AS t(d, b)
       ON CONFLICT (digest) DO NOTHING`,
      // As JSON: a text may hold characters (NUL) that a text column refuses.
      [digests, digests.map((d) => JSON.stringify(calls.texts[d]!))],
    );
  await c.query(
    "INSERT INTO model_calls (run_id, env, task_id, turn, body, text_refs) VALUES ($1, $2, $3, $4, $5, $6)",
    [...key, turn, JSON.stringify({ roles: calls.roles }), JSON.stringify(digests)],
  );
}

/** Drops every turn's calls of an episode (a restarted attempt keeps none of the abandoned one's). */
export async function clearModelCalls(
  c: pg.ClientBase,
  key: [runId: string, env: string, taskId: string],
): Promise<void> {
  await c.query("DELETE FROM model_calls WHERE run_id = $1 AND env = $2 AND task_id = $3", key);
}

/** One turn's calls with the texts they name; undefined when it has none (or the store predates them). */
export async function readModelCalls(
  c: pg.ClientBase,
  key: [runId: string, env: string, taskId: string],
  turn: number,
): Promise<TurnModelCalls | undefined> {
  // A store of schema version 2, opened read-only (not migrated), has no such table.
  const { rows: found } = await c.query<{ present: boolean }>(
    "SELECT to_regclass('model_calls') IS NOT NULL AS present",
  );
  if (!found[0]?.present) return undefined;
  const { rows } = await c.query<{ body: { roles: RoleModelCalls[] }; text_refs: string[] }>(
    "SELECT body, text_refs FROM model_calls WHERE run_id = $1 AND env = $2 AND task_id = $3 AND turn = $4",
    [...key, turn],
  );
  const row = rows[0];
  if (!row) return undefined;
  const texts: Record<string, string> = {};
  if (row.text_refs.length) {
    const found = await c.query<{ digest: string; body: string }>(
      "SELECT digest, body FROM texts WHERE digest = ANY($1::text[])",
      [row.text_refs],
    );
    const byDigest = new Map(found.rows.map((t) => [t.digest, t.body]));
    for (const d of row.text_refs) {
      const body = byDigest.get(d);
      if (body !== undefined) texts[d] = body;
    }
  }
  return { roles: row.body.roles, texts };
}
