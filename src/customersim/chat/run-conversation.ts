import { type ChatStore, defaultChatStore } from "../chat-store/index.js";
import type { Persona } from "../schema/persona.js";
import type { Product } from "../schema/product.js";
import type { ConversationView, SalesAgent, SalesReply, ShopperAgent } from "./agent.js";
import type { ConversationEnding, ConversationResult } from "./conversation-result.js";
import { mentionedProducts } from "./mentioned-products.js";
import { createSalesTools, emptySalesToolLog, type SalesToolLog } from "./sales-tools.js";
import { readShopperActions, type ShopperDecision } from "./shopper-actions.js";
import type { Turn } from "./turn.js";

export const DEFAULT_TURN_LIMIT = 10;

export interface RunConversationOptions {
  persona: Persona;
  shopper: ShopperAgent;
  sales: SalesAgent;
  /** Shopper turns at most; the shopper opens every round and has the last word. */
  turnLimit?: number;
  store?: ChatStore;
}

// R(C) comes from structured channels only: the `recommend` tool's calls, then the reply's ids.
function salesRecommendations(reply: SalesReply, log: SalesToolLog, products: readonly Product[]) {
  const known = new Set(products.map((p) => p.id));
  const given = [...new Set(reply.recommended ?? [])];
  const ids = [...new Set([...log.recommended, ...given.filter((id) => known.has(id))])];
  const errors = given.filter((id) => !known.has(id)).map((id) => `recommended unknown product "${id}"`);
  const named = mentionedProducts(reply.text, products).filter((id) => !ids.includes(id));
  return { ids, errors, named };
}

const withoutReasoning = ({ reasoning: _, ...turn }: Turn): Turn => turn;

/**
 * The conversation as the salesperson sees it: without the shopper's reasoning. The shopper's view
 * is the whole record (a runner stores rounds from it); the LLM shopper sends the model only what the
 * salesperson said, and the env server leaves the salesperson's reasoning out of what it serves.
 */
function salesView(view: ConversationView): ConversationView {
  return { ...view, transcript: view.transcript.map((t) => (t.role === "sales" ? t : withoutReasoning(t))) };
}

const reasoningOf = (reply: { reasoning?: string }) =>
  reply.reasoning?.trim() ? { reasoning: reply.reasoning.trim() } : {};

async function shopperTurn(
  opts: Required<RunConversationOptions>,
  view: ConversationView,
  products: readonly Product[],
): Promise<{ turn: Turn; decision?: ShopperDecision }> {
  const reply = await opts.shopper.shopperTurn({ ...view, persona: opts.persona, store: opts.store });
  const actions = readShopperActions(reply.toolCalls ?? [], products);
  const turn: Turn = {
    index: view.transcript.length,
    round: view.round,
    role: "shopper",
    text: reply.text,
    toolCalls: actions.calls,
    toolResults: actions.results,
    recommended: [],
    formatErrors: actions.formatErrors,
    ...reasoningOf(reply),
  };
  return { turn, decision: actions.decision };
}

async function salesTurn(
  opts: Required<RunConversationOptions>,
  view: ConversationView,
  products: readonly Product[],
): Promise<Turn> {
  const log = emptySalesToolLog();
  const tools = createSalesTools(opts.store, view.category, log);
  const reply = await opts.sales.salesTurn({ ...salesView(view), tools });
  const recs = salesRecommendations(reply, log, products);
  return {
    index: view.transcript.length,
    round: view.round,
    role: "sales",
    text: reply.text,
    toolCalls: log.calls,
    toolResults: log.results,
    recommended: recs.ids,
    formatErrors: [...log.formatErrors, ...recs.errors],
    ...reasoningOf(reply),
    ...(recs.named.length ? { mentionedNotRecommended: recs.named } : {}),
  };
}

function summarize(
  opts: Required<RunConversationOptions>,
  transcript: Turn[],
  ending: ConversationEnding,
  purchased: string | null,
): ConversationResult {
  const formatErrors = transcript.flatMap((t) =>
    t.formatErrors.map((message) => ({ round: t.round, role: t.role, message })),
  );
  const last = transcript[transcript.length - 1]!;
  return {
    personaId: opts.persona.id,
    category: opts.persona.category,
    turnLimit: opts.turnLimit,
    transcript,
    purchased,
    recommended: [...new Set(transcript.flatMap((t) => t.recommended))],
    ending,
    rounds: last.round,
    formatErrors,
    shopperFormatError: formatErrors.some((e) => e.role === "shopper"),
    endedAtFirstTurn: ending !== "turn_limit" && last.round === 1,
  };
}

/**
 * Runs one chat-store conversation: shopper, salesperson, shopper, … until the shopper adds a product
 * to the cart or calls `end_conversation` (both terminal, §2.2), or its `turnLimit`-th turn passes
 * without either. The shopper speaks last so it can always answer the final recommendations.
 */
export async function runConversation(options: RunConversationOptions): Promise<ConversationResult> {
  const opts: Required<RunConversationOptions> = {
    ...options,
    turnLimit: options.turnLimit ?? DEFAULT_TURN_LIMIT,
    store: options.store ?? defaultChatStore(),
  };
  if (!Number.isInteger(opts.turnLimit) || opts.turnLimit < 1) {
    throw new RangeError(`turnLimit must be a positive integer, got ${opts.turnLimit}`);
  }
  const category = opts.persona.category;
  const products = opts.store.products(category);
  const transcript: Turn[] = [];
  for (let round = 1; ; round++) {
    const view = { category, transcript, round, turnLimit: opts.turnLimit };
    const { turn, decision } = await shopperTurn(opts, view, products);
    transcript.push(turn);
    if (decision?.kind === "purchase") return summarize(opts, transcript, "purchase", decision.productId);
    if (decision?.kind === "end") return summarize(opts, transcript, "end_conversation", null);
    if (round >= opts.turnLimit) return summarize(opts, transcript, "turn_limit", null);
    transcript.push(await salesTurn(opts, view, products));
  }
}
