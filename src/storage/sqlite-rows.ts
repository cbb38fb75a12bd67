import {
  type Benchmark,
  DEFAULT_BENCHMARK,
  type EpisodeRow,
  type EpisodeStatus,
  type Lease,
  LeaseLostError,
  leaseAlive,
  type RunRow,
  type RunStatus,
  type StoredUsage,
} from "./run-store.js";

/** The SQLite run store's tables (created if missing; older stores gain new columns on open). */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY,
  identity TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  config TEXT NOT NULL,
  identity_parts TEXT NOT NULL,
  status TEXT NOT NULL,
  planned INTEGER NOT NULL,
  benchmark TEXT NOT NULL DEFAULT 'situ-rec'
);
CREATE TABLE IF NOT EXISTS episodes (
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  env TEXT NOT NULL,
  task_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'error')),
  header TEXT NOT NULL,
  outcome TEXT,
  reason TEXT,
  success INTEGER NOT NULL DEFAULT 0,
  turns INTEGER NOT NULL DEFAULT 0,
  recommendations INTEGER NOT NULL DEFAULT 0,
  cost_usd REAL NOT NULL DEFAULT 0,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  cached_input_tokens INTEGER NOT NULL DEFAULT 0,
  cache_write_tokens INTEGER NOT NULL DEFAULT 0,
  cache_saving_usd REAL NOT NULL DEFAULT 0,
  format_errors INTEGER NOT NULL DEFAULT 0,
  format_warnings INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  judge TEXT,
  PRIMARY KEY (run_id, env, task_id)
);
CREATE TABLE IF NOT EXISTS turns (
  run_id TEXT NOT NULL,
  env TEXT NOT NULL,
  task_id TEXT NOT NULL,
  turn INTEGER NOT NULL,
  record TEXT NOT NULL,
  PRIMARY KEY (run_id, env, task_id, turn),
  FOREIGN KEY (run_id, env, task_id) REFERENCES episodes(run_id, env, task_id) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS model_calls (
  run_id TEXT NOT NULL,
  env TEXT NOT NULL,
  task_id TEXT NOT NULL,
  turn INTEGER NOT NULL,
  body TEXT NOT NULL,
  text_refs TEXT NOT NULL,
  PRIMARY KEY (run_id, env, task_id, turn),
  FOREIGN KEY (run_id, env, task_id) REFERENCES episodes(run_id, env, task_id) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS texts (
  digest TEXT PRIMARY KEY,
  body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS spent (
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  role TEXT NOT NULL,
  model TEXT NOT NULL,
  calls INTEGER NOT NULL DEFAULT 0,
  cached_calls INTEGER NOT NULL DEFAULT 0,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  cost_usd REAL NOT NULL DEFAULT 0,
  cached_input_tokens INTEGER NOT NULL DEFAULT 0,
  cache_write_tokens INTEGER NOT NULL DEFAULT 0,
  cache_saving_usd REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (run_id, role, model)
);
CREATE TABLE IF NOT EXISTS records (
  kind TEXT NOT NULL,
  id TEXT NOT NULL,
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (kind, id)
);
CREATE TABLE IF NOT EXISTS leases (
  run_id TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  owner TEXT NOT NULL,
  pid INTEGER NOT NULL,
  host TEXT NOT NULL,
  since TEXT NOT NULL,
  heartbeat TEXT NOT NULL
);
`;

export interface EpisodeDbRow {
  run_id: string;
  env: string;
  task_id: string;
  position: number;
  status: EpisodeStatus;
  header: string;
  outcome: string | null;
  reason: string | null;
  success: number;
  turns: number;
  recommendations: number;
  cost_usd: number;
  input_tokens: number;
  output_tokens: number;
  cached_input_tokens?: number;
  cache_write_tokens?: number;
  cache_saving_usd?: number;
  format_errors?: number;
  format_warnings?: number;
  error: string | null;
  judge: string | null;
}

export function episodeRow(r: EpisodeDbRow): EpisodeRow {
  return {
    runId: r.run_id,
    env: r.env,
    taskId: r.task_id,
    position: r.position,
    status: r.status,
    reason: r.reason,
    success: r.success === 1,
    turns: r.turns,
    recommendations: r.recommendations,
    costUsd: r.cost_usd,
    inputTokens: r.input_tokens,
    outputTokens: r.output_tokens,
    // Absent in a store from before the prompt-cache figures, when opened read-only (not migrated).
    cachedInputTokens: r.cached_input_tokens ?? 0,
    cacheWriteTokens: r.cache_write_tokens ?? 0,
    cacheSavingUsd: r.cache_saving_usd ?? 0,
    // Absent in a store from before the format counts, when it is opened read-only (not migrated).
    formatErrors: r.format_errors ?? 0,
    formatWarnings: r.format_warnings ?? 0,
    error: r.error,
  };
}

export function lost(message: string): LeaseLostError {
  return new LeaseLostError(message, {
    hint: "another process resumed this run after this one stopped answering",
  });
}

export function runRow(r: Record<string, string | number>, lease: Lease | null): RunRow {
  const stored = String(r.status) as RunStatus;
  // A run is running only while its owner is alive: a stale heartbeat (or none) means it was stopped or killed.
  const alive = lease !== null && leaseAlive(lease);
  return {
    id: String(r.id),
    // Absent in a store from before CustomerSim, opened read-only (not migrated): SituRecBench's.
    benchmark: r.benchmark === undefined ? DEFAULT_BENCHMARK : (String(r.benchmark) as Benchmark),
    identity: String(r.identity),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    config: JSON.parse(String(r.config)) as unknown,
    identityParts: JSON.parse(String(r.identity_parts)) as Record<string, unknown>,
    status: stored === "running" && !alive ? "interrupted" : stored,
    planned: Number(r.planned),
    lease,
  };
}

/**
 * Every role's figures summed, in the outcome's role order (SituRecBench's assistant, shopper,
 * moderator: the same sums, to the bit, as `totalUsage`).
 */
export function summedUsage(usage: Record<string, StoredUsage>) {
  const t = {
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    cachedInputTokens: 0,
    cacheWriteTokens: 0,
    cacheSavingUsd: 0,
    formatErrors: 0,
    formatWarnings: 0,
  };
  for (const u of Object.values(usage)) {
    t.inputTokens += u.inputTokens;
    t.outputTokens += u.outputTokens;
    t.costUsd += u.costUsd;
    t.cachedInputTokens += u.cachedInputTokens ?? 0;
    t.cacheWriteTokens += u.cacheWriteTokens ?? 0;
    t.cacheSavingUsd += u.cacheSavingUsd ?? 0;
    t.formatErrors += u.formatErrors;
    t.formatWarnings += u.formatWarnings ?? 0;
  }
  return t;
}
