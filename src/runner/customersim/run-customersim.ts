import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import {
  type AgentCall,
  type ChatScoreTable,
  type ChatStore,
  type ConversationResult,
  createChatStore,
  createPushySales,
  createReferenceSales,
  createRuleShopper,
  decisionAlignment,
  defaultChatStore,
  LlmSales,
  LlmShopper,
  loadCustomerSimData,
  type Persona,
  parseRetrieval,
  runConversation,
  type SalesAgent,
  type ShopperAgent,
  scoreConversations,
  type Turn,
  totalsOf,
  type UsageLedger,
} from "../../customersim/index.js";
import type { CallEvent, LlmClient } from "../../llm/client.js";
import { openRunStore } from "../../storage/open-run-store.js";
import { type LeaseOwner, type RunStore, type SpendRow, spendOf } from "../../storage/run-store.js";
import { buildClient } from "../build.js";
import { CUSTOMERSIM_PARTS, codeVersion } from "../code-version.js";
import { keepLease } from "../lease-heartbeat.js";
import { openRun } from "../plan.js";
import { type ProgressCounters, resumedProgress } from "../resumed-progress.js";
import { parseRunConfig } from "../run-config.js";
import { type CustomerSimRunConfig, selectPersonas } from "./customersim-config.js";
import {
  type AgentUsage,
  type CustomerSimHeader,
  type CustomerSimOutcome,
  type CustomerSimRound,
  conversationResult,
  storedConversation,
} from "./stored-conversation.js";

/** Where a CustomerSim run stands, after each conversation (the progress bar's `RunProgress` shape). */
export interface CustomerSimProgress extends ProgressCounters {
  /** `successes` counts conversations whose decision aligned (DA = 1). */
  last?: { env: string; taskId: string; outcome: { error?: string } };
}

export interface CustomerSimRunOptions {
  resume?: string;
  runId?: string;
  /** A model client to use; default one caching under the run store (only when a side is a model). */
  client?: LlmClient;
  store?: RunStore;
  personas?: readonly Persona[];
  signal?: AbortSignal;
  /**
   * Stop starting conversations once the run's recorded spend (earlier invocations included) reaches
   * this many USD; those in flight finish and the run is `budget_exhausted`. Not part of its identity.
   */
  maxCostUsd?: number;
  onStart?: (info: { runId: string; total: number; kept: number; storeDir: string }) => void;
  onProgress?: (p: CustomerSimProgress) => void;
}

export interface CustomerSimRunResult {
  runId: string;
  storeDir: string;
  status: "complete" | "incomplete" | "interrupted" | "budget_exhausted";
  agents: { shopper: string; sales: string };
  /** Every finished conversation of the run (kept ones of a resume included). */
  scores: ChatScoreTable;
  purchases: number;
  abstentions: number;
  errors: number;
  spent: SpendRow[];
  costUsd: number;
  wallMs: number;
}

/** The agents of one conversation, fresh (a model agent's ledger then holds that conversation's calls). */
export interface Pair {
  shopper: ShopperAgent;
  sales: SalesAgent;
  ledgers: UsageLedger[];
}

export function makePair(config: CustomerSimRunConfig, client: LlmClient | undefined): Pair {
  const ledgers: UsageLedger[] = [];
  let shopper: ShopperAgent;
  if (config.shopper === "rule") shopper = createRuleShopper();
  else {
    const llm = new LlmShopper({
      model: config.shopper,
      client: client!,
      seed: config.seed,
      steering: config.steering,
    });
    ledgers.push(llm.usage);
    shopper = llm;
  }
  let sales: SalesAgent;
  if (config.sales === "reference") sales = createReferenceSales();
  else if (config.sales === "pushy") sales = createPushySales();
  else {
    const llm = new LlmSales({ model: config.sales, client: client!, seed: config.seed });
    ledgers.push(llm.usage);
    sales = llm;
  }
  return { shopper, sales, ledgers };
}

/** The ids a run records: the agents' own (a steered LLM shopper's says so). */
function agentIds(config: CustomerSimRunConfig): { shopper: string; sales: string } {
  const shopper =
    config.shopper === "rule"
      ? "rule"
      : config.steering === "human"
        ? `${config.shopper}+human-steering`
        : config.shopper;
  return { shopper, sales: config.sales };
}

/** What decides a run's conversations (not concurrency or storage): a resume must match it. */
export function customerSimIdentityParts(config: CustomerSimRunConfig): Record<string, unknown> {
  return {
    benchmark: "customersim",
    config: {
      shopper: config.shopper,
      sales: config.sales,
      category: config.category ?? null,
      personas: config.personas ?? null,
      steering: config.steering,
      turnLimit: config.turnLimit,
      seed: config.seed,
      // Only when not the default, so the identities of BM25 runs stay what they were.
      ...(config.retrieval !== "bm25" ? { retrieval: config.retrieval } : {}),
    },
    // The data (catalog, personas, guides) lives under src/customersim, so this hash covers it.
    codeVersion: codeVersion(CUSTOMERSIM_PARTS),
  };
}

function usageOf(calls: readonly AgentCall[], formatErrors: number): AgentUsage {
  return { ...totalsOf(calls), formatErrors };
}

let attempts = 0;

interface ConversationContext {
  store: RunStore;
  config: CustomerSimRunConfig;
  client: LlmClient | undefined;
  /** The chat store every conversation of the run retrieves from. */
  chat: ChatStore;
  header: Omit<CustomerSimHeader, "env" | "task">;
  owner: string;
}

/**
 * Plays one persona's conversation as an attempt of its episode: each completed round is committed
 * when the next starts; the last with the outcome. A conversation that fails (a model call that
 * failed past its retries) is stored as `error` and played again by a resume; a store failure
 * (a full disk, a lost lease) is thrown.
 */
async function playConversation(
  persona: Persona,
  position: number,
  ctx: ConversationContext,
): Promise<CustomerSimOutcome | undefined> {
  const { store } = ctx;
  const header: CustomerSimHeader = { ...ctx.header, env: persona.category, task: { id: persona.id } };
  const attempt = `${ctx.owner}#${++attempts}`;
  if (!(await store.startEpisode(header, position, attempt))) return undefined;
  const pair = makePair(ctx.config, ctx.client);
  const calls = () => pair.ledgers.flatMap((l) => l.calls);
  const roundOf = (transcript: readonly Turn[], round: number): CustomerSimRound => {
    const turns = transcript.filter((t) => t.round === round);
    return {
      turn: round,
      shopper: turns.find((t) => t.role === "shopper")!,
      sales: turns.find((t) => t.role === "sales") ?? null,
      calls: calls().filter((c) => c.round === round),
    };
  };
  let written = 0;
  let storeFailure: { err: unknown } | undefined;
  const commit = async (transcript: readonly Turn[], upTo: number) => {
    while (written < upTo) {
      try {
        await store.writeTurn(header, roundOf(transcript, written + 1), undefined, attempt);
      } catch (err) {
        storeFailure = { err };
        throw err;
      }
      written++;
    }
  };
  const shopper: ShopperAgent = {
    id: pair.shopper.id,
    shopperTurn: async (view) => {
      await commit(view.transcript, view.round - 1);
      return pair.shopper.shopperTurn(view);
    },
  };
  let result: ConversationResult;
  try {
    result = await runConversation({
      persona,
      shopper,
      sales: pair.sales,
      turnLimit: ctx.config.turnLimit,
      store: ctx.chat,
    });
  } catch (err) {
    if (storeFailure) throw storeFailure.err;
    const all = calls();
    const outcome: CustomerSimOutcome = {
      reason: "error",
      success: false,
      turns: written,
      recommendations: 0,
      error: err instanceof Error ? err.message : String(err),
      usage: {
        shopper: usageOf(
          all.filter((c) => c.role === "shopper"),
          0,
        ),
        sales: usageOf(
          all.filter((c) => c.role === "sales"),
          0,
        ),
      },
      result: null,
      decision: null,
    };
    await store.failEpisode(header, outcome, attempt);
    return outcome;
  }
  await commit(result.transcript, result.rounds - 1);
  const decision = decisionAlignment({ ...result, acceptable: persona.acceptable });
  const all = calls();
  const errorsOf = (role: "shopper" | "sales") => result.formatErrors.filter((e) => e.role === role).length;
  const { transcript: _transcript, ...summary } = result;
  const outcome: CustomerSimOutcome = {
    reason: result.ending,
    success: decision.da === 1,
    turns: result.rounds,
    recommendations: result.recommended.length,
    usage: {
      shopper: usageOf(
        all.filter((c) => c.role === "shopper"),
        errorsOf("shopper"),
      ),
      sales: usageOf(
        all.filter((c) => c.role === "sales"),
        errorsOf("sales"),
      ),
    },
    result: summary,
    decision,
  };
  await store.writeTurn(header, roundOf(result.transcript, result.rounds), outcome, attempt);
  return outcome;
}

/** The finished conversations of a CustomerSim run, in category then persona order. */
export async function readCustomerSimRun(
  store: RunStore,
  runId: string,
): Promise<{ results: ConversationResult[]; headers: CustomerSimHeader[] }> {
  const results: ConversationResult[] = [];
  const headers: CustomerSimHeader[] = [];
  for await (const e of store.storedEpisodes(runId)) {
    const c = storedConversation(e);
    results.push(conversationResult(c));
    headers.push(c.header);
  }
  return { results, headers };
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
  const selected = selectPersonas(personas, config);
  const store = opts.store ?? openRunStore(config.storeDir);
  const owner: LeaseOwner = { id: randomUUID(), pid: process.pid, host: hostname() };
  const usesModels =
    config.shopper !== "rule" ||
    !["reference", "pushy"].includes(config.sales) ||
    config.retrieval !== "bm25";
  let heartbeat: NodeJS.Timeout | undefined;
  let leased: string | undefined;
  let unsubscribe: (() => void) | undefined;
  const ledger: Promise<void>[] = [];
  try {
    const client =
      opts.client ??
      (usesModels
        ? buildClient(
            parseRunConfig({ storeDir: store.location, ...(config.llm ? { llm: config.llm } : {}) }, "llm"),
            store.location,
          )
        : undefined);
    const parts = customerSimIdentityParts(config);
    const { runId, identity, kept } = await openRun(
      store,
      { benchmark: "customersim", config, parts, planned: selected.length },
      { ...opts, owner },
    );
    leased = runId;
    // The budget: the ledger's total, kept up to date as calls are recorded.
    let spentUsd = (await store.spent(runId)).reduce((s, r) => s + r.costUsd, 0);
    const overBudget = () => opts.maxCostUsd !== undefined && spentUsd >= opts.maxCostUsd;
    if (client)
      unsubscribe = client.onCall(({ tag, model, response }: CallEvent) => {
        spentUsd += response.costUsd;
        ledger.push(store.recordSpend(runId, spendOf(tag ?? "other", model, response)));
      });
    const stop = new AbortController();
    let lost: unknown;
    opts.signal?.addEventListener("abort", () => stop.abort(), { once: true });
    heartbeat = keepLease(store, runId, owner.id, (err) => {
      lost ??= err;
      stop.abort();
    });
    const todo = selected.filter((s) => !kept.has(`${s.persona.category}/${s.persona.id}`));
    const keptCount = selected.length - todo.length;
    opts.onStart?.({ runId, total: selected.length, kept: keptCount, storeDir: store.location });

    const progress: CustomerSimProgress = await resumedProgress(store, runId, keptCount, selected.length);
    const ids = agentIds(config);
    const ctx: ConversationContext = {
      store,
      config,
      client,
      // Embedding retrieval embeds each category's documents once for the run (cached under the store).
      chat:
        config.retrieval === "bm25"
          ? defaultChatStore()
          : createChatStore(loadCustomerSimData(), {
              retrieval: parseRetrieval(config.retrieval),
              llm: client!,
            }),
      owner: owner.id,
      header: {
        benchmark: "customersim",
        runId,
        identity,
        agents: ids,
        steering: config.steering,
        turnLimit: config.turnLimit,
        seed: config.seed,
        codeVersion: codeVersion(CUSTOMERSIM_PARTS),
      },
    };
    let next = 0;
    let failure: { err: unknown } | undefined;
    const worker = async () => {
      while (next < todo.length && !stop.signal.aborted && !failure && !overBudget()) {
        const { persona, position } = todo[next++]!;
        try {
          const outcome = await playConversation(persona, position, ctx);
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
          progress.elapsedMs = performance.now() - started;
          progress.last = {
            env: persona.category,
            taskId: persona.id,
            outcome: outcome.error ? { error: outcome.error } : {},
          };
          opts.onProgress?.({ ...progress });
        } catch (err) {
          failure ??= { err };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(config.concurrency, Math.max(1, todo.length)) }, worker));
    if (failure) throw failure.err;
    if (lost) throw lost;
    await Promise.all(ledger);

    const rows = await store.episodes(runId);
    const complete = rows.length === selected.length && rows.every((r) => r.status === "finished");
    const status = complete
      ? "complete"
      : opts.signal?.aborted
        ? "interrupted"
        : overBudget()
          ? "budget_exhausted"
          : "incomplete";
    await store.setRunStatus(runId, status);
    const { results } = await readCustomerSimRun(store, runId);
    const spent = await store.spent(runId);
    return {
      runId,
      storeDir: store.location,
      status,
      agents: ids,
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
  } finally {
    unsubscribe?.();
    await Promise.allSettled(ledger);
    clearInterval(heartbeat);
    if (leased) await store.releaseLease(leased, owner.id).catch(() => {});
    if (!opts.store) await store.close();
  }
}
