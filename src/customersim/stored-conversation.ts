import { z } from "zod";
import { sha256 } from "../core/hash.js";
import { type RoleModelCalls, type TurnModelCalls, withModelCalls } from "../core/model-call-record.js";
import { modelCallRecordOf, TextTable } from "../llm/call-record.js";
import { ConversationEnding, ConversationResult } from "./chat/conversation-result.js";
import { Turn } from "./chat/turn.js";
import { SampleTaskId } from "./conversation-samples.js";
import { Sampling } from "./llm-agents/sampling.js";
import { type AgentCall, transcriptOf } from "./llm-agents/usage.js";
import { CategoryId } from "./schema/category.js";

/**
 * How a CustomerSim conversation is stored in the run store, beside SituRecBench's episodes and with
 * the same machinery (runs, leases, attempts, the spend ledger): a run with `benchmark: "customersim"`
 * whose episodes are conversations.
 *
 * - The episode's key: `env` is the persona's category, the task is the persona (`task.id` is the
 *   persona id), its position the persona's place in `personas.json`. A resume keeps the finished
 *   `category/persona` pairs and plays the rest. With `--samples G`, a persona's sample k ≥ 1 is the
 *   task `PERSONA#k` (`sample` in the header; sample 0 is the persona's id as before), its position the
 *   persona's × G + k.
 * - One stored turn per shopper round (`turn` is the round, from 1): the shopper's message, the
 *   salesperson's answer (none after the last round) and the model calls made in that round. Rounds
 *   are committed as they complete (a round is known complete when the next one starts); the last
 *   round is written with the outcome in one transaction, as for SituRecBench, so a conversation is
 *   `finished` only when whole.
 * - The outcome holds the ConversationResult without its transcript (the rounds hold that), the
 *   decision (equation (1)) and each agent's usage. The columns the store keeps for listings read:
 *   `reason` the ending, `success` the decision aligned (DA = 1), `turns` the rounds,
 *   `recommendations` the products recommended, cost and tokens summed over both agents.
 */
export const CUSTOMERSIM_EXPORT_KIND = "siturec.customersim.conversation";
export const CUSTOMERSIM_EXPORT_VERSION = 1;

export const CustomerSimHeader = z
  .object({
    benchmark: z.literal("customersim"),
    runId: z.string(),
    identity: z.string(),
    env: CategoryId.describe("the persona's category (the store's episode key)"),
    task: z
      .object({ id: SampleTaskId })
      .strict()
      .describe("the persona, `PERSONA#k` for its sample k ≥ 1 (the store's task key)"),
    agents: z.object({ shopper: z.string(), sales: z.string() }).strict(),
    steering: z.enum(["none", "human"]),
    turnLimit: z.number().int().min(1),
    seed: z.number().int().describe("the seed this conversation's agents played with (a sample's own)"),
    sample: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("the rollout's index among its persona's samples (`--samples`); absent: 0"),
    sampling: z
      .object({ shopper: Sampling.optional(), sales: Sampling.optional() })
      .strict()
      .optional()
      .describe("each model-backed role's sampling as sent (absent in runs from before it was recorded)"),
    codeVersion: z.string(),
  })
  .strict();
export type CustomerSimHeader = z.infer<typeof CustomerSimHeader>;

/** One model call, as the agents' usage ledgers record it (`AgentCall`). */
export const StoredAgentCall = z
  .object({
    role: z.enum(["shopper", "sales"]),
    round: z.number().int().min(1),
    step: z.number().int().min(0),
    model: z.string(),
    inputTokens: z.number().int().nonnegative(),
    outputTokens: z.number().int().nonnegative(),
    costUsd: z.number().nonnegative(),
    cached: z.boolean(),
    attempts: z.number().int().nonnegative(),
    latencyMs: z.number().nonnegative(),
    warnings: z.array(z.string()).optional(),
  })
  .strict();

export const CustomerSimRound = z
  .object({
    turn: z.number().int().min(1).describe("the round, from 1"),
    shopper: Turn,
    sales: Turn.nullable().describe("null after the last round"),
    calls: z.array(StoredAgentCall),
  })
  .strict();
export type CustomerSimRound = z.infer<typeof CustomerSimRound>;

export const AgentUsage = z
  .object({
    calls: z.number().int().nonnegative(),
    cachedCalls: z.number().int().nonnegative(),
    inputTokens: z.number().int().nonnegative(),
    outputTokens: z.number().int().nonnegative(),
    costUsd: z.number().nonnegative(),
    formatErrors: z.number().int().nonnegative(),
  })
  .strict();
export type AgentUsage = z.infer<typeof AgentUsage>;

export const DecisionCaseId = z.enum([
  "correct_acceptance",
  "wrong_acceptance",
  "unrecommended_purchase",
  "correct_abstention",
  "wrong_abstention",
]);

export const CustomerSimOutcome = z
  .object({
    reason: z.union([ConversationEnding, z.literal("error")]),
    success: z.boolean().describe("the decision aligned (DA = 1)"),
    turns: z.number().int().nonnegative().describe("shopper rounds"),
    recommendations: z.number().int().nonnegative().describe("distinct products recommended"),
    error: z.string().optional(),
    usage: z.object({ shopper: AgentUsage, sales: AgentUsage }).strict(),
    result: ConversationResult.omit({ transcript: true }).nullable().describe("null for a failed attempt"),
    decision: z.object({ case: DecisionCaseId, da: z.union([z.literal(0), z.literal(1)]) }).nullable(),
  })
  .strict();
export type CustomerSimOutcome = z.infer<typeof CustomerSimOutcome>;

/** A stored conversation's sample index (0 for runs of one sample and runs from before samples). */
export const sampleOf = (header: Pick<CustomerSimHeader, "sample">): number => header.sample ?? 0;

/** A stored conversation read back whole: what `siturec export` writes for a CustomerSim run. */
export const StoredConversation = z
  .object({
    kind: z.literal(CUSTOMERSIM_EXPORT_KIND),
    version: z.literal(CUSTOMERSIM_EXPORT_VERSION),
    header: CustomerSimHeader,
    rounds: z.array(CustomerSimRound),
    outcome: CustomerSimOutcome,
  })
  .strict();
export type StoredConversation = z.infer<typeof StoredConversation>;

/** Parses a stored episode of a CustomerSim run. */
export function storedConversation(e: {
  header: unknown;
  turns: unknown[];
  outcome: unknown;
}): StoredConversation {
  return StoredConversation.parse({
    kind: CUSTOMERSIM_EXPORT_KIND,
    version: CUSTOMERSIM_EXPORT_VERSION,
    header: e.header,
    rounds: e.turns,
    outcome: e.outcome,
  });
}

/** The ConversationResult of a finished stored conversation (its transcript from the rounds). */
export function conversationResult(c: StoredConversation): ConversationResult {
  if (!c.outcome.result) throw new Error(`conversation ${c.header.task.id} of ${c.header.runId} failed`);
  const transcript = c.rounds.flatMap((r) => (r.sales ? [r.shopper, r.sales] : [r.shopper]));
  return ConversationResult.parse({ ...c.outcome.result, transcript });
}

/**
 * Round `round` of a transcript as stored: both messages and the model calls made in it. The calls'
 * requests and raw replies, when the agents kept them, go with it to the store (`withModelCalls`),
 * out of its JSON; their pictures are named by hash, not stored (they are drawn from the catalog).
 */
export function storedRound(
  transcript: readonly Turn[],
  round: number,
  calls: readonly { round: number }[],
): CustomerSimRound {
  const turns = transcript.filter((t) => t.round === round);
  const made = calls.filter((c) => c.round === round);
  const stored: CustomerSimRound = {
    turn: round,
    shopper: turns.find((t) => t.role === "shopper")!,
    sales: turns.find((t) => t.role === "sales") ?? null,
    calls: made as CustomerSimRound["calls"],
  };
  return withModelCalls(stored, roundModelCalls(made as AgentCall[]));
}

/** A round's calls whose agents kept their transcripts, by role (the shopper, then the salesperson). */
function roundModelCalls(calls: readonly AgentCall[]): TurnModelCalls | undefined {
  const texts = new TextTable();
  const roles: RoleModelCalls[] = [];
  for (const role of ["shopper", "sales"] as const) {
    const kept = calls
      .filter((c) => c.role === role)
      .sort((a, b) => a.step - b.step)
      .flatMap((c) => transcriptOf(c) ?? []);
    if (kept.length)
      roles.push({ role, calls: kept.map((t) => modelCallRecordOf(t, sha256, texts)), repaired: false });
  }
  return roles.length ? { roles, texts: texts.texts } : undefined;
}

/** What reading a run needs of a run store: its stored episodes (a CustomerSim run's conversations). */
export interface StoredEpisodeSource {
  storedEpisodes(runId: string): AsyncIterable<{ header: unknown; turns: unknown[]; outcome: unknown }>;
}

/** A CustomerSim run's finished conversations, as results to score, with their headers. */
export async function readCustomerSimRun(
  store: StoredEpisodeSource,
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
