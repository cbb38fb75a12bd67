import {
  type Benchmark,
  type EpisodeRow,
  type EpisodeStatus,
  type Lease,
  leaseAlive,
  type RunRow,
  type RunStatus,
  type SpendRow,
} from "./run-store.js";

// How pg hands rows over: json parsed, timestamptz as Date, bigint as a string (it may pass 2^53).

/** A `runs` row as pg reads it. */
export interface RunDbRow {
  id: string;
  benchmark: string;
  identity: string;
  created_at: Date;
  updated_at: Date;
  config: unknown;
  identity_parts: Record<string, unknown>;
  status: string;
  planned: number;
}

/** A `leases` row as pg reads it. */
export interface LeaseDbRow {
  owner: string;
  pid: number;
  host: string;
  since: Date;
  heartbeat: Date;
}

/** An `episodes` row as pg reads it (the payload columns only where a query asks for them). */
export interface EpisodeDbRow {
  run_id: string;
  env: string;
  task_id: string;
  position: number;
  status: EpisodeStatus;
  reason: string | null;
  success: boolean;
  turns: number;
  recommendations: number;
  cost_usd: number;
  input_tokens: string;
  output_tokens: string;
  cached_input_tokens: string;
  cache_write_tokens: string;
  cache_saving_usd: number;
  format_errors: number;
  format_warnings: number;
  error: string | null;
}

/** A `spent` row as pg reads it. */
export interface SpendDbRow {
  role: string;
  model: string;
  calls: string;
  cached_calls: string;
  input_tokens: string;
  output_tokens: string;
  cost_usd: number;
  cached_input_tokens: string;
  cache_write_tokens: string;
  cache_saving_usd: number;
}

export function leaseOfRow(r: LeaseDbRow): Lease {
  return {
    id: r.owner,
    pid: r.pid,
    host: r.host,
    since: r.since.toISOString(),
    heartbeat: r.heartbeat.toISOString(),
  };
}

export function runOfRow(r: RunDbRow, lease: Lease | null): RunRow {
  const stored = r.status as RunStatus;
  // A run is running only while its owner is alive: a stale heartbeat (or none) means it was stopped or killed.
  const alive = lease !== null && leaseAlive(lease);
  return {
    id: r.id,
    benchmark: r.benchmark as Benchmark,
    identity: r.identity,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    config: r.config,
    identityParts: r.identity_parts,
    status: stored === "running" && !alive ? "interrupted" : stored,
    planned: r.planned,
    lease,
  };
}

export function episodeOfRow(r: EpisodeDbRow): EpisodeRow {
  return {
    runId: r.run_id,
    env: r.env,
    taskId: r.task_id,
    position: r.position,
    status: r.status,
    reason: r.reason,
    success: r.success,
    turns: r.turns,
    recommendations: r.recommendations,
    costUsd: r.cost_usd,
    inputTokens: Number(r.input_tokens),
    outputTokens: Number(r.output_tokens),
    cachedInputTokens: Number(r.cached_input_tokens),
    cacheWriteTokens: Number(r.cache_write_tokens),
    cacheSavingUsd: r.cache_saving_usd,
    formatErrors: r.format_errors,
    formatWarnings: r.format_warnings,
    error: r.error,
  };
}

export function spendOfRow(r: SpendDbRow): SpendRow {
  return {
    role: r.role,
    model: r.model,
    calls: Number(r.calls),
    cachedCalls: Number(r.cached_calls),
    inputTokens: Number(r.input_tokens),
    outputTokens: Number(r.output_tokens),
    costUsd: r.cost_usd,
    cachedInputTokens: Number(r.cached_input_tokens),
    cacheWriteTokens: Number(r.cache_write_tokens),
    cacheSavingUsd: r.cache_saving_usd,
  };
}
