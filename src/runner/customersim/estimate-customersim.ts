import { defaultChatStore } from "../../customersim/chat-store/chat-store.js";
import { loadCustomerSimData, type Persona, runConversation } from "../../customersim/index.js";
import {
  byRoleAndModel,
  COUNTING_METHOD,
  DEFAULT_CACHE_HIT_RATE,
  estimateCalls,
  type Range,
  type RoleEstimate,
  sumRanges,
} from "../../llm/call-estimate.js";
import { CaptureClient, CaptureDone } from "../../llm/capture-client.js";
import type { LlmRequest } from "../../llm/client.js";
import { openRunStore } from "../../storage/open-run-store.js";
import { parseRunConfig } from "../run-config.js";
import { type CustomerSimRunConfig, selectConversations } from "./customersim-config.js";
import { customerSimAgentsUseModels, makePair } from "./play-conversation.js";

/** What a CustomerSim run would cost (`siturec customersim run --estimate`). */
export interface CustomerSimEstimate {
  conversations: number;
  /** Finished conversations a resume would keep (not costed). */
  kept: number;
  sampled: number;
  /** Rounds in all: two each (a need stated and answered, then a decision) up to the turn limit each. */
  rounds: Range;
  cacheHitRate: number;
  roles: RoleEstimate[];
  costUsd: Range;
  costWithoutCacheUsd: Range;
  method: string;
}

export interface CustomerSimEstimateOptions {
  resume?: string;
  personas?: readonly Persona[];
  /** Conversations whose first requests are built (spread over the selection; default 8). */
  sample?: number;
  cacheHitRate?: number;
}

/** The fewest rounds a decision takes: the shopper states a need and hears a recommendation, then decides. */
const MIN_ROUNDS = 2;

/** A captured request's answer: a plain reply with no tool call, so the other side takes its turn. */
function plainAnswer(req: LlmRequest): string {
  return req.tag === "sales"
    ? "Happy to help. What will you use it for, and what is your budget?"
    : "Hi, I'm looking for something for everyday use.";
}

/**
 * What a CustomerSim run would cost, without running it: selects the personas as the run would
 * (minus a resume's finished ones), plays the first round of a sample of conversations through a
 * client that calls nothing (no HTTP), counts the model sides' first requests, and multiplies by the
 * rounds: the shopper one call a round; the salesperson one call a round (low) to two, a lookup and
 * a reply (high). Requests grow round by round, so the per-call input is a floor.
 */
export async function estimateCustomerSim(
  config: CustomerSimRunConfig,
  opts: CustomerSimEstimateOptions = {},
): Promise<CustomerSimEstimate> {
  const personas = opts.personas ?? loadCustomerSimData().personas.personas;
  let selected = selectConversations(personas, config);
  const total = selected.length;
  if (opts.resume) {
    const store = openRunStore(config.storeDir, { readonly: true });
    try {
      const kept = await store.finishedKeys(opts.resume);
      selected = selected.filter((s) => !kept.has(s.key));
    } finally {
      await store.close();
    }
  }
  const hitRate = opts.cacheHitRate ?? DEFAULT_CACHE_HIT_RATE;
  const prices = parseRunConfig(
    { storeDir: config.storeDir, ...(config.llm ? { llm: config.llm } : {}) },
    "llm",
  ).llm.prices;
  const n = selected.length;
  const count = Math.min(n, Math.max(1, opts.sample ?? 8));
  const sample = [...Array(count).keys()].map((i) => selected[Math.floor((i * n) / count)]!);
  const requests: LlmRequest[] = [];
  const modelSides = customerSimAgentsUseModels(config);
  if (modelSides)
    for (const { persona, seed } of sample) {
      const client = new CaptureClient({ prices, answer: plainAnswer });
      const pair = makePair(config, client, seed);
      try {
        // BM25 for the capture: an embedding store would embed the catalog (HTTP); the first
        // requests do not depend on which retrieval answers the lookups.
        await runConversation({
          persona,
          shopper: pair.shopper,
          sales: pair.sales,
          turnLimit: config.turnLimit,
          store: defaultChatStore(),
        });
      } catch (err) {
        if (!(err instanceof CaptureDone)) throw err;
      }
      requests.push(...client.captured);
    }
  const rounds = { low: n * Math.min(MIN_ROUNDS, config.turnLimit), high: n * config.turnLimit };
  const roles = byRoleAndModel(requests).map((g) =>
    estimateCalls({
      ...g,
      calls: g.role === "sales" ? { low: rounds.low, high: 2 * rounds.high } : rounds,
      cacheWrites: n,
      hitRate,
      prices,
    }),
  );
  return {
    conversations: n,
    kept: total - n,
    sampled: modelSides ? sample.length : 0,
    rounds,
    cacheHitRate: hitRate,
    roles,
    costUsd: sumRanges(roles, (r) => r.costUsd),
    costWithoutCacheUsd: sumRanges(roles, (r) => r.costWithoutCacheUsd),
    method: `${COUNTING_METHOD}; first-round requests × expected rounds (a floor: later rounds carry more history)${config.retrieval !== "bm25" ? "; the embedding retrieval's one-off catalog embedding is not included" : ""}`,
  };
}
