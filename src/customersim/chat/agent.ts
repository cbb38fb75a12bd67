import type { ChatStore, GuideHit, ProductHit } from "../chat-store/index.js";
import type { CategoryId } from "../schema/category.js";
import type { Persona } from "../schema/persona.js";
import type { RawToolCall } from "./tool-calls.js";
import type { Turn } from "./turn.js";

/** What the shopper says, and the decision tools it calls (only when it wants to end). */
export interface ShopperReply {
  text: string;
  toolCalls?: RawToolCall[];
}

/**
 * What the salesperson says and the product ids it recommends. Without `recommended`, the products
 * whose id or full name the text mentions count as recommended.
 */
export interface SalesReply {
  text: string;
  recommended?: string[];
}

export interface ConversationView {
  category: CategoryId;
  /** Every turn so far, oldest first. */
  transcript: readonly Turn[];
  /** The current round, from 1; the shopper speaks first and last in a round-limited conversation. */
  round: number;
  turnLimit: number;
}

/** The shopper knows its persona and may look products up (details and images, not retrieval). */
export interface ShopperContext extends ConversationView {
  persona: Persona;
  store: ChatStore;
}

/** The result of a sales tool called by name, for agents whose calls arrive as data (LLMs). */
export type SalesToolOutput =
  | { ok: true; name: "lookup_product_items"; products: ProductHit[] }
  | { ok: true; name: "lookup_buying_guide"; passages: GuideHit[] }
  | { ok: false; error: string };

/** The sales agent's tools, restricted to the conversation's category; every call is recorded. */
export interface SalesTools {
  lookupProductItems(query: string): Promise<ProductHit[]>;
  lookupBuyingGuide(query: string): Promise<GuideHit[]>;
  /** Validates a raw call; an invalid one is recorded as a format error of the sales turn. */
  call(raw: RawToolCall): Promise<SalesToolOutput>;
}

/** The salesperson never sees the persona: it learns the needs from the conversation. */
export interface SalesContext extends ConversationView {
  tools: SalesTools;
}

export interface ShopperAgent {
  readonly id: string;
  shopperTurn(ctx: ShopperContext): Promise<ShopperReply>;
}

export interface SalesAgent {
  readonly id: string;
  salesTurn(ctx: SalesContext): Promise<SalesReply>;
}
