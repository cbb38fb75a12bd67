import {
  type AgentCall,
  type ChatStore,
  type ConversationResult,
  createChatStore,
  decisionAlignment,
  defaultChatStore,
  loadCustomerSimData,
  type Persona,
  parseRetrieval,
  runConversation,
  type SalesAgent,
  type ShopperAgent,
  sampleSeed,
  sampleTaskId,
  type Turn,
  totalsOf,
  type UsageLedger,
} from "../../customersim/index.js";
import type {
  AgentUsage,
  CustomerSimHeader,
  CustomerSimOutcome,
} from "../../customersim/stored-conversation.js";
import { storedRound } from "../../customersim/stored-conversation.js";
import type { LlmClient } from "../../llm/client.js";
import type { RunStore } from "../../storage/run-store.js";
import { CUSTOMERSIM_PARTS, codeVersion } from "../code-version.js";
import { CUSTOMERSIM_AGENTS, type CustomerSimRunConfig, playedSampling } from "./customersim-config.js";

/** The agents of one conversation, fresh (a model agent's ledger then holds that conversation's calls). */
export interface Pair {
  shopper: ShopperAgent;
  sales: SalesAgent;
  ledgers: UsageLedger[];
}

export function makePair(
  config: CustomerSimRunConfig,
  client: LlmClient | undefined,
  seed: number = config.seed,
): Pair {
  const opts = { ...(client ? { client } : {}), seed, steering: config.steering };
  const sampling = (role: "shopper" | "sales") =>
    config.sampling?.[role] ? { sampling: config.sampling[role] } : {};
  const shopper = CUSTOMERSIM_AGENTS.resolve("shopper", config.shopper).create({
    ...opts,
    ...sampling("shopper"),
  });
  const sales = CUSTOMERSIM_AGENTS.resolve("sales", config.sales).create({ ...opts, ...sampling("sales") });
  const ledgers = [shopper.usage, sales.usage].filter((u): u is UsageLedger => u !== undefined);
  return { shopper: shopper.agent, sales: sales.agent, ledgers };
}

/** The ids a run records: the agents' own (a steered LLM shopper's says so). */
export function agentIds(config: CustomerSimRunConfig): { shopper: string; sales: string } {
  const steered = config.steering === "human" && !CUSTOMERSIM_AGENTS.isBuiltin("shopper", config.shopper);
  return { shopper: steered ? `${config.shopper}+human-steering` : config.shopper, sales: config.sales };
}

/** Whether a run's agents call models (a model on either side). */
export function customerSimAgentsUseModels(config: CustomerSimRunConfig): boolean {
  return (
    !CUSTOMERSIM_AGENTS.isBuiltin("shopper", config.shopper) ||
    !CUSTOMERSIM_AGENTS.isBuiltin("sales", config.sales)
  );
}

/** Whether a run calls models (an LLM side, or embedding retrieval). */
export function customerSimUsesModels(config: CustomerSimRunConfig): boolean {
  return customerSimAgentsUseModels(config) || config.retrieval !== "bm25";
}

/** The context a run's conversations share: its store, client, chat store and episode header. */
export function conversationContext(run: {
  store: RunStore;
  config: CustomerSimRunConfig;
  client: LlmClient | undefined;
  runId: string;
  identity: string;
  owner: string;
}): ConversationContext {
  const { config, client } = run;
  const sampling = playedSampling(config);
  return {
    store: run.store,
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
    owner: run.owner,
    header: {
      benchmark: "customersim",
      runId: run.runId,
      identity: run.identity,
      agents: agentIds(config),
      steering: config.steering,
      turnLimit: config.turnLimit,
      seed: config.seed,
      ...(Object.keys(sampling).length ? { sampling } : {}),
      codeVersion: codeVersion(CUSTOMERSIM_PARTS),
    },
  };
}

/** What decides a run's conversations (not concurrency or storage): a resume must match it. */
export function customerSimIdentityParts(config: CustomerSimRunConfig): Record<string, unknown> {
  const sampling = playedSampling(config);
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
      ...(config.samples > 1 ? { samples: config.samples } : {}),
      // As sent (defaults included), for model-backed roles only: built-in runs keep their identity.
      ...(Object.keys(sampling).length ? { sampling } : {}),
    },
    // The data (catalog, personas, guides) lives under src/customersim, so this hash covers it.
    codeVersion: codeVersion(CUSTOMERSIM_PARTS),
  };
}

function usageOf(calls: readonly AgentCall[], formatErrors: number): AgentUsage {
  return { ...totalsOf(calls), formatErrors };
}

let attempts = 0;

/** What every conversation of a run shares (a worker builds one per run it serves). */
export interface ConversationContext {
  store: RunStore;
  config: CustomerSimRunConfig;
  client: LlmClient | undefined;
  /** The chat store every conversation of the run retrieves from. */
  chat: ChatStore;
  header: Omit<CustomerSimHeader, "env" | "task">;
  owner: string;
}

/**
 * Plays one persona's conversation (its sample `sample`, with that sample's seed) as an attempt of its episode: each completed round is committed
 * when the next starts; the last with the outcome. A conversation that fails (a model call that
 * failed past its retries) is stored as `error` and played again by a resume; a store failure
 * (a full disk, a lost lease) is thrown.
 */
export async function playConversation(
  persona: Persona,
  position: number,
  ctx: ConversationContext,
  sample = 0,
): Promise<CustomerSimOutcome | undefined> {
  const { store } = ctx;
  const seed = sampleSeed(ctx.config.seed, persona.id, sample);
  const header: CustomerSimHeader = {
    ...ctx.header,
    env: persona.category,
    task: { id: sampleTaskId(persona.id, sample) },
    seed,
    ...(ctx.config.samples > 1 ? { sample } : {}),
  };
  const attempt = `${ctx.owner}#${++attempts}`;
  if (!(await store.startEpisode(header, position, attempt))) return undefined;
  const pair = makePair(ctx.config, ctx.client, seed);
  const calls = () => pair.ledgers.flatMap((l) => l.calls);
  const roundOf = (transcript: readonly Turn[], round: number) => storedRound(transcript, round, calls());
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
