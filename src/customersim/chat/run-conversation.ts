import { type ChatStore, defaultChatStore } from "../chat-store/index.js";
import type { Persona } from "../schema/persona.js";
import type { Product } from "../schema/product.js";
import type { ConversationView, SalesAgent, SalesReply, ShopperAgent } from "./agent.js";
import type { ConversationEnding, ConversationResult } from "./conversation-result.js";
import { mentionedProducts } from "./mentioned-products.js";
import { createSalesTools, emptyToolLog } from "./sales-tools.js";
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

function salesRecommendations(reply: SalesReply, products: readonly Product[]) {
  if (!reply.recommended) return { ids: mentionedProducts(reply.text, products), errors: [] };
  const known = new Set(products.map((p) => p.id));
  const ids = [...new Set(reply.recommended)];
  return {
    ids: ids.filter((id) => known.has(id)),
    errors: ids.filter((id) => !known.has(id)).map((id) => `recommended unknown product "${id}"`),
  };
}

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
  };
  return { turn, decision: actions.decision };
}

async function salesTurn(
  opts: Required<RunConversationOptions>,
  view: ConversationView,
  products: readonly Product[],
): Promise<Turn> {
  const log = emptyToolLog();
  const tools = createSalesTools(opts.store, view.category, log);
  const reply = await opts.sales.salesTurn({ ...view, tools });
  const recs = salesRecommendations(reply, products);
  return {
    index: view.transcript.length,
    round: view.round,
    role: "sales",
    text: reply.text,
    toolCalls: log.calls,
    toolResults: log.results,
    recommended: recs.ids,
    formatErrors: [...log.formatErrors, ...recs.errors],
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
