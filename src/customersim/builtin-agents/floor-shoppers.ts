import type { ShopperAgent, ShopperContext, ShopperReply } from "../chat/index.js";
import { recommendedSoFar } from "./transcript-reading.js";

/**
 * The two DA floors: shoppers that use nothing of their persona but the product type. Each says
 * only what it shops for ("Hi, I'm looking for jeans.") and then decides by a fixed policy, never
 * looking at the products: it walks out after the first recommendation (`walk-out`), or buys the
 * first product recommended (`buy-first`); with nothing recommended it asks again, and walks out at
 * the turn limit. Their DA against a salesperson is what a shopper scores without its criteria; a
 * shopper under test should beat both.
 */
type FloorPolicy = "walk-out" | "buy-first";

const opening = (ctx: ShopperContext) => `Hi, I'm looking for ${ctx.persona.shoppingFor}.`;

const askAgain = (ctx: ShopperContext): ShopperReply => ({
  text: `I haven't seen anything yet. I'm looking for ${ctx.persona.shoppingFor}.`,
});

const leave = (text: string): ShopperReply => ({
  text,
  toolCalls: [{ name: "end_conversation", arguments: {} }],
});

function floorShopper(policy: FloorPolicy): ShopperAgent {
  return {
    id: policy,
    async shopperTurn(ctx): Promise<ShopperReply> {
      if (ctx.round === 1 && ctx.transcript.length === 0) return { text: opening(ctx) };
      const first = recommendedSoFar(ctx.transcript)[0];
      if (first === undefined)
        return ctx.round >= ctx.turnLimit ? leave("Thanks, but I'll leave it.") : askAgain(ctx);
      if (policy === "walk-out") return leave("Thanks, I'll think about it.");
      const name = ctx.store.product(first)?.name ?? first;
      return {
        text: `I'll take the ${name}.`,
        toolCalls: [{ name: "add_to_cart", arguments: { product_id: first } }],
      };
    },
  };
}

/** Walks out as soon as the salesperson has recommended anything (the walk-out floor of DA). */
export const createWalkOutShopper = (): ShopperAgent => floorShopper("walk-out");

/** Buys the first product the salesperson recommends (the buy-first floor of DA). */
export const createBuyFirstShopper = (): ShopperAgent => floorShopper("buy-first");

/** The ids the floor shoppers are registered under. */
export const FLOOR_SHOPPERS = ["walk-out", "buy-first"] as const;
export type FloorShopperId = (typeof FLOOR_SHOPPERS)[number];
