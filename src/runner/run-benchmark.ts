import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { builtinPrompts, type PromptSet } from "../agents/prompts/prompt-set.js";
import type { RoleRegistry } from "../agents/role-registry.js";
import type { EnvId } from "../core/manifest.js";
import type { CallEvent, LlmClient, RetryEvent } from "../llm/client.js";
import type { RenderService } from "../render/render-service.js";
import { openRunStore } from "../storage/open-run-store.js";
import { type LeaseOwner, type RunStore, type SpendRow, spendOf } from "../storage/run-store.js";
import type { EpisodeHeader, EpisodeOutcome } from "../trajectory/trajectory.js";
import { totalUsage } from "../trajectory/usage.js";
import {
  agentIds,
  buildClient,
  buildPolicies,
  type CustomRoles,
  loadKnowledge,
  startRenderPool,
} from "./build.js";
import { codeVersion } from "./code-version.js";
import { type ExecuteContext, executeEpisodes } from "./execute.js";
import { keepLease } from "./lease-heartbeat.js";
import { type AgentIds, identityParts, planRun, type RunPlan, selectEpisodes } from "./plan.js";
import { preflight } from "./preflight.js";
import { EpisodeQueue } from "./queue/episode-queue.js";
import { playOnQueue, type QueuedResult } from "./queue/play-on-queue.js";
import { type ProgressCounters, resumedProgress } from "./resumed-progress.js";
import { playedMaxOutputTokens, playedTemperatures, type RunConfig } from "./run-config.js";
import type { RunControl } from "./run-control.js";
import { runStatus } from "./run-status.js";
import { type StoreSummary, summarize } from "./run-summary.js";

/** Where a run stands, after each episode (`done` counts the kept episodes of a resume too). */
export interface RunProgress extends ProgressCounters {
  /** The episode that just ended. */
  last?: {
    env: EnvId;
    taskId: string;
    outcome: Pick<EpisodeOutcome, "reason" | "success" | "turns" | "error">;
  };
}

/** A SituRecBench run's options: the shared run control, and the roles, prompts and render pool. */
export interface RunOptions extends CustomRoles, RunControl<RunProgress> {
  /** The policies a config may name (default: the built-in ones and model ids). */
  roles?: RoleRegistry;
  prompts?: PromptSet;
  /** A render pool to use (and leave open); default: one started for the run. */
  render?: RenderService;
  /** Check each model the roles use with one tiny call before rendering anything (default true). */
  preflight?: boolean;
  /** A model call failed and is about to be retried (for logs and the progress line). */
  onRetry?: (retry: RetryEvent) => void;
}

export interface RunResult {
  runId: string;
  storeDir: string;
  /** The policy each role was played by. */
  agents: AgentIds;
  /** Every model call the run has made so far, by role and model (failed and restarted episodes' too). */
  spent: SpendRow[];
  /**
   * `interrupted` when stopped by the caller's signal (Ctrl-C) before every episode was played;
   * `budget_exhausted` when stopped by `maxCostUsd`; `detached` when enqueued with `detach`.
   */
  status: "complete" | "incomplete" | "interrupted" | "budget_exhausted" | "detached";
  /** What the run's ledger holds, USD (earlier invocations included): what `maxCostUsd` is checked against. */
  spentUsd: number;
  summaries: StoreSummary[];
  /** On a queue: episodes whose jobs failed past their retries (a worker's failure, not the episode's). */
  failedJobs?: { key: string; reason: string }[];
  /** On a queue: episodes whose job vanished (a Redis that lost it) and was enqueued again. */
  requeued?: string[];
  /** Timing of this invocation (not of earlier, resumed parts); `startupMs` is the part before the first episode. */
  timing: {
    wallMs: number;
    startupMs: number;
    renderMs: number;
    modelMs: number;
    episodes: number;
    turns: number;
  };
}

/** The header fields every episode of a run shares. */
export function runHeader(
  config: RunConfig,
  runId: string,
  identity: string,
  ids: AgentIds,
  prompts: PromptSet,
): Omit<EpisodeHeader, "env" | "task" | "profile"> {
  return {
    runId,
    identity,
    condition: config.condition,
    maxTurns: config.maxTurns,
    seed: config.seed,
    agents: { assistant: ids.assistant, user: ids.shopper, moderator: ids.moderator },
    promptHash: prompts.hash,
    codeVersion: codeVersion(),
    context: {
      historyImages: config.history.images,
      captionIds: config.captions.ids,
      shopperMap: config.shopperMap,
    },
    temperatures: headerTemperatures(config, ids),
    ...maxOutputTokensOf(config, ids),
    render: {
      width: config.render.width,
      height: config.render.height,
      quality: config.render.quality,
    },
  };
}

/** The temperatures the header records, its roles named as in `agents` (the shopper is `user`). */
function headerTemperatures(config: RunConfig, ids: AgentIds): EpisodeHeader["temperatures"] {
  return asHeaderRoles(playedTemperatures(config, ids));
}

/** The output limits the header records: none for a run of built-in roles, whose trajectories keep their shape. */
function maxOutputTokensOf(config: RunConfig, ids: AgentIds): Pick<EpisodeHeader, "maxOutputTokens"> {
  const limits = asHeaderRoles(playedMaxOutputTokens(config, ids));
  return Object.keys(limits).length ? { maxOutputTokens: limits } : {};
}

/** Per-role values with the roles named as the header's `agents` names them (the shopper is `user`). */
function asHeaderRoles<T>(byRole: { assistant?: T; shopper?: T; moderator?: T }) {
  const { shopper, ...rest } = byRole;
  return { ...rest, ...(shopper !== undefined ? { user: shopper } : {}) };
}

type RunTiming = RunResult["timing"];

/**
 * The run's spend: every call goes on the run's ledger as it completes, whatever becomes of its turn
 * or episode (the preflight's, made before the run exists, once it does). The budget is the ledger's
 * total, kept up to date as calls are recorded; `budget` aborts when it reaches `maxCostUsd`.
 */
class SpendTracker {
  /** The ledger's writes, awaited before the run ends. */
  readonly writes: Promise<void>[] = [];
  readonly budget = new AbortController();
  overBudget = false;
  private spentUsd = 0;
  private runId: string | undefined;
  private readonly early: CallEvent[] = [];

  constructor(
    private readonly store: RunStore,
    private readonly maxCostUsd: number | undefined,
  ) {}

  /** A call completed: it is recorded, or kept until the run exists. */
  take(call: CallEvent): void {
    if (this.runId) this.record(call);
    else this.early.push(call);
  }

  /** The run exists: its ledger's total so far (earlier invocations included), then the calls kept. */
  async open(runId: string): Promise<void> {
    this.spentUsd = (await this.store.spent(runId)).reduce((s, r) => s + r.costUsd, 0);
    this.runId = runId;
    for (const call of this.early.splice(0)) this.record(call);
    this.check();
  }

  private record({ tag, model, response }: CallEvent): void {
    this.spentUsd += response.costUsd;
    this.writes.push(this.store.recordSpend(this.runId!, spendOf(tag ?? "other", model, response)));
    this.check();
  }

  private check(): void {
    if (this.maxCostUsd !== undefined && this.spentUsd >= this.maxCostUsd && !this.overBudget) {
      this.overBudget = true;
      this.budget.abort();
    }
  }
}

/** Puts the client's calls on the ledger and tells `onRetry` of its retries; the function returned stops both. */
function followClient(client: LlmClient, spend: SpendTracker, onRetry: RunOptions["onRetry"]): () => void {
  const stopCalls = client.onCall((call) => spend.take(call));
  const stopRetries = onRetry ? client.onRetry(onRetry) : () => {};
  return () => {
    stopCalls();
    stopRetries();
  };
}

/**
 * What stops the run taking episodes: the caller's signal, the budget, or a lost lease. The run is
 * this process's while its heartbeat is fresh; if another process took it over (this one stalled past
 * the lease), stop taking episodes: the writes of its attempts are refused anyway.
 */
function stopSignals(
  store: RunStore,
  runId: string,
  ownerId: string,
  signal: AbortSignal | undefined,
  budget: AbortSignal,
): { stop: AbortController; heartbeat: NodeJS.Timeout; lost: () => unknown } {
  const stop = new AbortController();
  let lost: unknown;
  signal?.addEventListener("abort", () => stop.abort(), { once: true });
  if (budget.aborted) stop.abort();
  budget.addEventListener("abort", () => stop.abort(), { once: true });
  const heartbeat = keepLease(store, runId, ownerId, (err) => {
    lost ??= err;
    stop.abort();
  });
  return { stop, heartbeat, lost: () => lost };
}

/** Plays the plan's episodes on queue workers, each ended one reported as a `RunProgress`. */
function playQueued(
  store: RunStore,
  queue: EpisodeQueue,
  plan: RunPlan,
  signal: AbortSignal,
  opts: RunOptions,
): Promise<QueuedResult> {
  return playOnQueue(store, {
    queue,
    runId: plan.runId,
    todo: plan.todo.map((e) => `${e.env}/${e.task.id}`),
    kept: plan.kept,
    total: plan.episodes.length,
    signal,
    ...(opts.detach ? { detach: true } : {}),
    ...(opts.maxCostUsd !== undefined ? { maxCostUsd: opts.maxCostUsd } : {}),
    onProgress: ({ last, ...p }) =>
      opts.onProgress?.({
        ...p,
        ...(last
          ? {
              last: {
                env: last.env as EnvId,
                taskId: last.taskId,
                outcome: { ...last.outcome, reason: last.outcome.reason as EpisodeOutcome["reason"] },
              },
            }
          : {}),
      }),
  });
}

/** This invocation's timing, its startup (the part before the first episode) measured now. */
function startTiming(started: number): RunTiming {
  return {
    wallMs: 0,
    startupMs: performance.now() - started,
    renderMs: 0,
    modelMs: 0,
    episodes: 0,
    turns: 0,
  };
}

/** Counts each episode played here into this invocation's timing and the run's progress, and reports it. */
function countEpisode(
  timing: RunTiming,
  progress: RunProgress,
  started: number,
  onProgress: RunOptions["onProgress"],
): NonNullable<ExecuteContext["onEpisode"]> {
  return (e, t, stats) => {
    timing.renderMs += stats.renderMs;
    timing.modelMs += stats.modelMs;
    timing.episodes++;
    timing.turns += t.turns.length;
    progress.done++;
    progress.turns += t.turns.length;
    if (t.outcome.success) progress.successes++;
    if (t.outcome.reason === "error") progress.errors++;
    const u = totalUsage(t.outcome.usage);
    progress.inputTokens += u.inputTokens;
    progress.outputTokens += u.outputTokens;
    progress.costUsd += u.costUsd;
    progress.elapsedMs = performance.now() - started;
    progress.last = { env: e.env, taskId: e.task.id, outcome: t.outcome };
    onProgress?.({ ...progress });
  };
}

/**
 * Ends this invocation of the run: its status (stored unless queue workers now own the run), and what
 * it did: spend and summaries per store, and this invocation's timing.
 */
async function finishRun(
  store: RunStore,
  run: {
    runId: string;
    agents: AgentIds;
    planned: number;
    played: QueuedResult | undefined;
    started: number;
  },
  stopped: { signal: AbortSignal | undefined; spend: SpendTracker },
  timing: RunTiming,
): Promise<RunResult> {
  const { runId, agents, played } = run;
  const rows = await store.episodes(runId);
  const complete = rows.length === run.planned && rows.every((r) => r.status === "finished");
  const status = runStatus(complete, played, stopped.signal, stopped.spend.overBudget);
  if (status !== "detached") await store.setRunStatus(runId, status);
  if (played) {
    // The workers' episodes, as the store has them (their render and model times stay with them).
    timing.episodes = rows.length;
    timing.turns = rows.reduce((s, r) => s + r.turns, 0);
  }
  timing.wallMs = performance.now() - run.started;
  const spent = await store.spent(runId);
  return {
    runId,
    storeDir: store.location,
    agents,
    spent,
    status,
    spentUsd: spent.reduce((s, r) => s + r.costUsd, 0),
    summaries: summarize(rows),
    timing,
    ...(played?.failedJobs.length ? { failedJobs: played.failedJobs } : {}),
    ...(played?.requeued.length ? { requeued: played.requeued } : {}),
  };
}

/**
 * Runs a benchmark in three steps (see README.md here): build (policies, model client, render pool),
 * plan (selection, identity, resume), execute (`concurrency` episodes at once, each turn committed to
 * the run store as it completes). Everything it opened is closed when it returns or throws.
 */
export async function runBenchmark(config: RunConfig, opts: RunOptions = {}): Promise<RunResult> {
  const started = performance.now();
  const prompts = opts.prompts ?? builtinPrompts();
  const policies = buildPolicies(config, opts, opts.roles);
  const store = opts.store ?? openRunStore(config.storeDir);
  const owner: LeaseOwner = { id: randomUUID(), pid: process.pid, host: hostname() };
  const spend = new SpendTracker(store, opts.maxCostUsd);
  let render: RenderService | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let queue: EpisodeQueue | undefined;
  let leased: string | undefined;
  let unsubscribe: (() => void) | undefined;
  try {
    const ids = agentIds(policies);
    const client = opts.client ?? buildClient(config, store.location);
    unsubscribe = followClient(client, spend, opts.onRetry);
    // A missing key or a wrong URL stops here, before a run is made or anything rendered.
    if (opts.preflight !== false) await preflight(client, policies);
    // The browser is part of the run's identity, so it starts before planning; a selection that
    // selects nothing is refused first, without starting it.
    if (!opts.render) selectEpisodes(config);
    render = opts.render ?? (await startRenderPool(config));
    const browser = { version: render.browserVersion, renderer: render.rendererName };

    // The queue first: one that cannot be reached leaves no planned run behind.
    queue = opts.queue ? await EpisodeQueue.open(opts.queue) : undefined;
    const plan = await planRun(store, config, identityParts(config, prompts.hash, ids, browser), {
      ...opts,
      owner,
    });
    const { runId, todo } = plan;
    leased = runId;
    await spend.open(runId);
    const { stop, lost, ...lease } = stopSignals(store, runId, owner.id, opts.signal, spend.budget.signal);
    heartbeat = lease.heartbeat;
    opts.onStart?.({ runId, total: plan.episodes.length, kept: plan.kept, storeDir: store.location });
    // On a queue the workers load what the agents know; here nothing plays.
    const knowledge = opts.queue ? new Map<EnvId, never>() : await loadKnowledge(todo.map((e) => e.env));

    const progress: RunProgress = await resumedProgress(store, runId, plan.kept, plan.episodes.length);
    const timing = startTiming(started);
    let played: QueuedResult | undefined;
    if (queue) {
      // The workers render; this process only needed the browser's identity.
      if (!opts.render) await render.close();
      render = undefined;
      played = await playQueued(store, queue, plan, stop.signal, opts);
    } else if (todo.length)
      await executeEpisodes(todo, {
        store,
        config,
        policies,
        client,
        prompts,
        render,
        knowledge,
        header: runHeader(config, runId, plan.identity, ids, prompts),
        owner: owner.id,
        signal: stop.signal,
        retireStores: !opts.render,
        onEpisode: countEpisode(timing, progress, started, opts.onProgress),
      });
    if (lost()) throw lost();
    await Promise.all(spend.writes);
    const run = { runId, agents: ids, planned: plan.episodes.length, played, started };
    return await finishRun(store, run, { signal: opts.signal, spend }, timing);
  } finally {
    unsubscribe?.();
    await Promise.allSettled(spend.writes);
    clearInterval(heartbeat);
    await queue?.close();
    if (leased) await store.releaseLease(leased, owner.id).catch(() => {});
    if (!opts.render) await render?.close();
    if (!opts.store) await store.close();
  }
}
