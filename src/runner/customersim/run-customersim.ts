import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import {
  type ChatScoreTable,
  loadCustomerSimData,
  type Persona,
  type Sampling,
  sampleTaskId,
  scoreConversations,
} from "../../customersim/index.js";
import { readCustomerSimRun } from "../../customersim/stored-conversation.js";
import type { CallEvent, LlmClient } from "../../llm/client.js";
import { openRunStore } from "../../storage/open-run-store.js";
import {
  type EpisodeRow,
  type LeaseOwner,
  type RunStore,
  type SpendRow,
  spendOf,
} from "../../storage/run-store.js";
import { buildClient } from "../build.js";
import { keepLease } from "../lease-heartbeat.js";
import { openRun } from "../plan.js";
import { EpisodeQueue } from "../queue/episode-queue.js";
import { playOnQueue, type QueuedPlay, type QueuedResult } from "../queue/play-on-queue.js";
import { type ProgressCounters, resumedProgress } from "../resumed-progress.js";
import { parseRunConfig } from "../run-config.js";
import type { RunControl } from "../run-control.js";
import { runStatus } from "../run-status.js";
import {
  type ConversationSlot,
  type CustomerSimRunConfig,
  playedSampling,
  selectConversations,
} from "./customersim-config.js";
import {
  agentIds,
  type ConversationContext,
  conversationContext,
  customerSimIdentityParts,
  customerSimUsesModels,
  playConversation,
} from "./play-conversation.js";

/** Where a CustomerSim run stands, after each conversation (the progress bar's `RunProgress` shape). */
export interface CustomerSimProgress extends ProgressCounters {
  /** `successes` counts conversations whose decision aligned (DA = 1). */
  last?: { env: string; taskId: string; outcome: { error?: string } };
}

/**
 * A CustomerSim run's options: the shared run control (its model client is made only when a side is
 * a model), and the personas to play when not the config's selection.
 */
export interface CustomerSimRunOptions extends RunControl<CustomerSimProgress> {
  personas?: readonly Persona[];
}

export interface CustomerSimRunResult {
  runId: string;
  storeDir: string;
  /** `detached`: enqueued for queue workers (`detach`), who finish the run. */
  status: "complete" | "incomplete" | "interrupted" | "budget_exhausted" | "detached";
  agents: { shopper: string; sales: string };
  /** Each model-backed role's sampling as sent (none for built-in agents). */
  sampling: Partial<Record<"shopper" | "sales", Sampling>>;
  /** Rollouts per persona. */
  samples: number;
  /** Every finished conversation of the run (kept ones of a resume included). */
  scores: ChatScoreTable;
  purchases: number;
  abstentions: number;
  errors: number;
  spent: SpendRow[];
  costUsd: number;
  /** On a queue: conversations whose jobs failed past their retries, or kept vanishing from it. */
  failedJobs?: { key: string; reason: string }[];
  /** On a queue: conversations whose job vanished (a Redis that lost it) and was enqueued again. */
  requeued?: string[];
  wallMs: number;
}

/**
 * Plays the conversations in this process, `concurrency` at a time; a failure that is not a
 * conversation's own (the store) stops the others from starting and is thrown.
 */
async function playHere(
  todo: readonly ConversationSlot[],
  ctx: ConversationContext,
  progress: CustomerSimProgress,
  opts: {
    stop: AbortSignal;
    overBudget: () => boolean;
    started: number;
    onProgress: ((p: CustomerSimProgress) => void) | undefined;
  },
): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    while (next < todo.length && !opts.stop.aborted && !failure && !opts.overBudget()) {
      const { persona, position, sample } = todo[next++]!;
      try {
        const outcome = await playConversation(persona, position, ctx, sample);
        if (!outcome) continue;
        progress.done++;
        progress.turns += outcome.turns;
        if (outcome.success) progress.successes++;
        if (outcome.reason === "error") progress.errors++;
        for (const u of Object.values(outcome.usage)) {
          progress.inputTokens += u.inputTokens;
          progress.outputTokens += u.outputTokens;
          progress.costUsd += u.costUsd;
        }
        progress.elapsedMs = performance.now() - opts.started;
        progress.last = {
          env: persona.category,
          taskId: sampleTaskId(persona.id, sample),
          outcome: outcome.error ? { error: outcome.error } : {},
        };
        opts.onProgress?.({ ...progress });
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(ctx.config.concurrency, Math.max(1, todo.length)) }, worker),
  );
  if (failure) throw failure.err;
}

/** The model client, made from the config's `llm` settings only when a side is a model. */
function modelClient(
  config: CustomerSimRunConfig,
  opts: CustomerSimRunOptions,
  usesModels: boolean,
  storeDir: string,
): LlmClient | undefined {
  return (
    opts.client ??
    (usesModels
      ? buildClient(parseRunConfig({ storeDir, ...(config.llm ? { llm: config.llm } : {}) }, "llm"), storeDir)
      : undefined)
  );
}

/**
 * The budget: the ledger's total, kept up to date as calls are recorded (each one's write pushed to
 * `ledger`, awaited before the run ends).
 */
async function trackSpend(
  store: RunStore,
  runId: string,
  client: LlmClient | undefined,
  ledger: Promise<void>[],
  maxCostUsd: number | undefined,
): Promise<{ overBudget: () => boolean; unsubscribe: (() => void) | undefined }> {
  let spentUsd = (await store.spent(runId)).reduce((s, r) => s + r.costUsd, 0);
  const overBudget = () => maxCostUsd !== undefined && spentUsd >= maxCostUsd;
  const unsubscribe = client?.onCall(({ tag, model, response }: CallEvent) => {
    spentUsd += response.costUsd;
    ledger.push(store.recordSpend(runId, spendOf(tag ?? "other", model, response)));
  });
  return { overBudget, unsubscribe };
}

/** Plays the conversations on queue workers; how that stopped. */
function playQueued(
  store: RunStore,
  play: Omit<QueuedPlay, "detach" | "maxCostUsd" | "onProgress">,
  opts: CustomerSimRunOptions,
): Promise<QueuedResult> {
  return playOnQueue(store, {
    ...play,
    ...(opts.detach ? { detach: true } : {}),
    ...(opts.maxCostUsd !== undefined ? { maxCostUsd: opts.maxCostUsd } : {}),
    // An ended episode's figures are a CustomerSimProgress's `last` as they are.
    onProgress: (p) => opts.onProgress?.(p),
  });
}

/** What the run did: the scores of every finished conversation (kept ones included) and what it spent. */
async function runResult(
  store: RunStore,
  run: Pick<CustomerSimRunResult, "runId" | "status" | "agents" | "sampling" | "samples"> & {
    started: number;
  },
  rows: readonly EpisodeRow[],
  personas: readonly Persona[],
): Promise<CustomerSimRunResult> {
  const { runId, status, agents, sampling, samples, started } = run;
  const { results } = await readCustomerSimRun(store, runId);
  const spent = await store.spent(runId);
  return {
    runId,
    storeDir: store.location,
    status,
    agents,
    sampling,
    samples,
    scores: scoreConversations(results, personas),
    purchases: results.filter((r) => r.purchased !== null).length,
    abstentions: results.filter((r) => r.purchased === null).length,
    errors: rows.filter((r) => r.status === "error").length,
    spent,
    costUsd: spent.length
      ? spent.reduce((s, r) => s + r.costUsd, 0)
      : rows.reduce((s, r) => s + r.costUsd, 0),
    wallMs: performance.now() - started,
  };
}

/**
 * Runs CustomerSim conversations as a run of the run store: plan (personas, identity, create or
 * resume under the run's lease), then `concurrency` conversations at once, every model call on the
 * run's spend ledger. Everything it opened is closed when it returns or throws.
 */
export async function runCustomerSim(
  config: CustomerSimRunConfig,
  opts: CustomerSimRunOptions = {},
): Promise<CustomerSimRunResult> {
  const started = performance.now();
  const personas = opts.personas ?? loadCustomerSimData().personas.personas;
  const selected = selectConversations(personas, config);
  const store = opts.store ?? openRunStore(config.storeDir);
  const owner: LeaseOwner = { id: randomUUID(), pid: process.pid, host: hostname() };
  const usesModels = customerSimUsesModels(config);
  let heartbeat: NodeJS.Timeout | undefined;
  let queue: EpisodeQueue | undefined;
  let leased: string | undefined;
  let unsubscribe: (() => void) | undefined;
  const ledger: Promise<void>[] = [];
  try {
    const client = modelClient(config, opts, usesModels, store.location);
    const parts = customerSimIdentityParts(config);
    // The queue first: one that cannot be reached leaves no planned run behind.
    queue = opts.queue ? await EpisodeQueue.open(opts.queue) : undefined;
    const { runId, identity, kept } = await openRun(
      store,
      { benchmark: "customersim", config, parts, planned: selected.length },
      { ...opts, owner },
    );
    leased = runId;
    const spend = await trackSpend(store, runId, client, ledger, opts.maxCostUsd);
    unsubscribe = spend.unsubscribe;
    const stop = new AbortController();
    let lost: unknown;
    opts.signal?.addEventListener("abort", () => stop.abort(), { once: true });
    heartbeat = keepLease(store, runId, owner.id, (err) => {
      lost ??= err;
      stop.abort();
    });
    const todo = selected.filter((s) => !kept.has(s.key));
    const keptCount = selected.length - todo.length;
    opts.onStart?.({ runId, total: selected.length, kept: keptCount, storeDir: store.location });

    const progress: CustomerSimProgress = await resumedProgress(store, runId, keptCount, selected.length);
    const ids = agentIds(config);
    const ctx = conversationContext({ store, config, client, runId, identity, owner: owner.id });
    let played: QueuedResult | undefined;
    if (queue) {
      const keys = todo.map((t) => t.key);
      const play = { queue, runId, todo: keys, kept: keptCount, total: selected.length, signal: stop.signal };
      played = await playQueued(store, play, opts);
    } else
      await playHere(todo, ctx, progress, {
        stop: stop.signal,
        overBudget: spend.overBudget,
        started,
        onProgress: opts.onProgress,
      });
    if (lost) throw lost;
    await Promise.all(ledger);

    const rows = await store.episodes(runId);
    const complete = rows.length === selected.length && rows.every((r) => r.status === "finished");
    const status = runStatus(complete, played, opts.signal, spend.overBudget());
    if (status !== "detached") await store.setRunStatus(runId, status);
    return {
      ...(await runResult(
        store,
        { runId, status, agents: ids, sampling: playedSampling(config), samples: config.samples, started },
        rows,
        personas,
      )),
      ...(played?.failedJobs.length ? { failedJobs: played.failedJobs } : {}),
      ...(played?.requeued.length ? { requeued: played.requeued } : {}),
    };
  } finally {
    unsubscribe?.();
    await Promise.allSettled(ledger);
    clearInterval(heartbeat);
    await queue?.close();
    if (leased) await store.releaseLease(leased, owner.id).catch(() => {});
    if (!opts.store) await store.close();
  }
}
