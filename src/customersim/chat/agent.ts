import type { ChatStore, GuideHit, ProductHit } from "../chat-store/index.js";
import type { CategoryId } from "../schema/category.js";
import type { Persona } from "../schema/persona.js";
import type { Product } from "../schema/product.js";
import type { RawToolCall } from "./tool-calls.js";
import type { Turn } from "./turn.js";

/** What the shopper says, and the decision tools it calls (only when it wants to end). */
export interface ShopperReply {
  text: string;
  toolCalls?: RawToolCall[];
  /** Its private reasoning, stored with the turn and never shown to the salesperson. */
  reasoning?: string;
}

/**
 * What the salesperson says, and the product ids it recommends besides those it passed to
 * `tools.recommend`. Products its text merely names are never recommendations (R(C)).
 */
export interface SalesReply {
  text: string;
  recommended?: string[];
  /** Its private reasoning, stored with the turn and never shown to the shopper. */
  reasoning?: string;
}

export interface ConversationView {
  category: CategoryId;
  /** Every turn so far, oldest first; the salesperson's view leaves the shopper's `reasoning` out. */
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
  | { ok: true; name: "recommend"; products: Product[] }
  | { ok: false; error: string };

/** The sales agent's tools, restricted to the conversation's category; every call is recorded. */
export interface SalesTools {
  lookupProductItems(query: string): Promise<ProductHit[]>;
  lookupBuyingGuide(query: string): Promise<GuideHit[]>;
  /**
   * Recommends products of the category by id (R(C)), in order; an unknown id makes the call a format
   * error of the sales turn and recommends none of it.
   */
  recommend(productIds: readonly string[]): SalesToolOutput;
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
