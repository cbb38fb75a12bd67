import type pg from "pg";
import { StorageError } from "./storage-error.js";

/**
 * The Postgres run store's schema version, kept in `siturec_schema`. A store made by a newer
 * siturec (a higher version) is refused rather than misread; older versions are migrated on open.
 */
export const POSTGRES_SCHEMA_VERSION = 3;

/**
 * The SQLite store's tables in Postgres types. Payloads (configs, headers, turns, outcomes, judge
 * scores) are `json`, not `jsonb`: json keeps the text as written, so a trajectory reads back
 * byte-identical to what the runner wrote (jsonb reorders keys), while Postgres's JSON operators
 * still work on it. Keys sort bytewise (`COLLATE "C"`), as in SQLite, whatever the database's locale.
 * Images are content-addressed `bytea` rows (PNG is compressed already: stored out of line, uncompressed).
 */
const TABLES = `
CREATE TABLE IF NOT EXISTS siturec_schema (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version integer NOT NULL
);
CREATE TABLE IF NOT EXISTS runs (
  id text COLLATE "C" PRIMARY KEY,
  identity text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  config json NOT NULL,
  identity_parts json NOT NULL,
  status text NOT NULL,
  planned integer NOT NULL,
  benchmark text NOT NULL DEFAULT 'situ-rec'
);
CREATE TABLE IF NOT EXISTS episodes (
  run_id text COLLATE "C" NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  env text COLLATE "C" NOT NULL,
  task_id text COLLATE "C" NOT NULL,
  position integer NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'finished', 'error')),
  attempt text,
  header json NOT NULL,
  outcome json,
  reason text,
  success boolean NOT NULL DEFAULT false,
  turns integer NOT NULL DEFAULT 0,
  recommendations integer NOT NULL DEFAULT 0,
  cost_usd double precision NOT NULL DEFAULT 0,
  input_tokens bigint NOT NULL DEFAULT 0,
  output_tokens bigint NOT NULL DEFAULT 0,
  cached_input_tokens bigint NOT NULL DEFAULT 0,
  cache_write_tokens bigint NOT NULL DEFAULT 0,
  cache_saving_usd double precision NOT NULL DEFAULT 0,
  format_errors integer NOT NULL DEFAULT 0,
  format_warnings integer NOT NULL DEFAULT 0,
  error text,
  judge json,
  PRIMARY KEY (run_id, env, task_id)
);
CREATE INDEX IF NOT EXISTS episodes_order ON episodes (run_id, env, position);
CREATE TABLE IF NOT EXISTS turns (
  run_id text COLLATE "C" NOT NULL,
  env text COLLATE "C" NOT NULL,
  task_id text COLLATE "C" NOT NULL,
  turn integer NOT NULL,
  record json NOT NULL,
  PRIMARY KEY (run_id, env, task_id, turn),
  FOREIGN KEY (run_id, env, task_id) REFERENCES episodes(run_id, env, task_id) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS model_calls (
  run_id text COLLATE "C" NOT NULL,
  env text COLLATE "C" NOT NULL,
  task_id text COLLATE "C" NOT NULL,
  turn integer NOT NULL,
  body json NOT NULL,
  text_refs json NOT NULL,
  PRIMARY KEY (run_id, env, task_id, turn),
  FOREIGN KEY (run_id, env, task_id) REFERENCES episodes(run_id, env, task_id) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS texts (
  digest text COLLATE "C" PRIMARY KEY CHECK (digest ~ '^[0-9a-f]{64}$'),
  body json NOT NULL
);
CREATE TABLE IF NOT EXISTS spent (
  run_id text COLLATE "C" NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  role text COLLATE "C" NOT NULL,
  model text COLLATE "C" NOT NULL,
  calls bigint NOT NULL DEFAULT 0,
  cached_calls bigint NOT NULL DEFAULT 0,
  input_tokens bigint NOT NULL DEFAULT 0,
  output_tokens bigint NOT NULL DEFAULT 0,
  cost_usd double precision NOT NULL DEFAULT 0,
  cached_input_tokens bigint NOT NULL DEFAULT 0,
  cache_write_tokens bigint NOT NULL DEFAULT 0,
  cache_saving_usd double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (run_id, role, model)
);
CREATE TABLE IF NOT EXISTS records (
  kind text COLLATE "C" NOT NULL,
  id text COLLATE "C" NOT NULL,
  body json NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (kind, id)
);
CREATE TABLE IF NOT EXISTS leases (
  run_id text COLLATE "C" PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  owner text NOT NULL,
  pid integer NOT NULL,
  host text NOT NULL,
  since timestamptz NOT NULL,
  heartbeat timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS images (
  digest text COLLATE "C" PRIMARY KEY CHECK (digest ~ '^[0-9a-f]{64}$'),
  png bytea NOT NULL
);
ALTER TABLE images ALTER COLUMN png SET STORAGE EXTERNAL;
`;

/** Any constant: the advisory lock that makes one worker at a time create or migrate the tables. */
const SCHEMA_LOCK = 0x5175_7265;

/** The version stored in the database; undefined when it holds no siturec tables. */
async function storedVersion(client: pg.ClientBase): Promise<number | undefined> {
  // Asked of the catalog first: a query on a missing table would abort the enclosing transaction.
  const { rows: found } = await client.query<{ present: boolean }>(
    "SELECT to_regclass('siturec_schema') IS NOT NULL AS present",
  );
  if (!found[0]?.present) return undefined;
  const { rows } = await client.query<{ version: number }>("SELECT version FROM siturec_schema");
  return rows[0]?.version;
}

function tooNew(version: number, location: string): StorageError {
  return new StorageError(
    `the run store at ${location} was made by a newer siturec (schema version ${version}; this one knows ${POSTGRES_SCHEMA_VERSION})`,
    { exitCode: 2, hint: "upgrade siturec on this machine to the version the other workers run" },
  );
}

/**
 * Makes the tables if they are missing (idempotent) and records the schema version. Workers that
 * start together take an advisory transaction lock, so one creates the tables and the others then
 * find them made. A store already at this version costs one query.
 */
export async function prepareSchema(client: pg.ClientBase, location: string): Promise<void> {
  const before = await storedVersion(client);
  if (before === POSTGRES_SCHEMA_VERSION) return;
  if (before !== undefined && before > POSTGRES_SCHEMA_VERSION) throw tooNew(before, location);
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
    const version = await storedVersion(client);
    if (version !== undefined && version > POSTGRES_SCHEMA_VERSION) throw tooNew(version, location);
    if (version !== POSTGRES_SCHEMA_VERSION) {
      await client.query(TABLES);
      // Version 2 added `records`, version 3 `model_calls` and `texts`: made by TABLES above (every
      // table is IF NOT EXISTS).
      await client.query(
        `INSERT INTO siturec_schema (singleton, version) VALUES (true, $1)
         ON CONFLICT (singleton) DO UPDATE SET version = excluded.version`,
        [POSTGRES_SCHEMA_VERSION],
      );
    }
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  }
}

/**
 * For a store opened read-only: checks that the database holds a run store this siturec can read,
 * creating nothing (a mistyped URL is an error, not a new empty store).
 */
export async function checkSchema(client: pg.ClientBase, location: string): Promise<void> {
  const version = await storedVersion(client);
  if (version === undefined)
    throw new StorageError(`no run store at ${location} (the database has no siturec tables)`, {
      exitCode: 2,
      hint: "check the database name in the URL; siturec run --store URL makes the tables on its first run",
    });
  if (version > POSTGRES_SCHEMA_VERSION) throw tooNew(version, location);
}
