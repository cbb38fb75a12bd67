import type { SalesAgent, SalesContext, SalesReply } from "../chat/index.js";
import type { Product } from "../schema/product.js";
import { shopperTurns } from "./transcript-reading.js";

// Retrieval is deterministic, so the opening message retrieves the same first product every turn
// (none when the opening names nothing the store has: retrieval returns only related products).
async function pushedProduct(ctx: SalesContext): Promise<Product | undefined> {
  return (await ctx.tools.lookupProductItems(shopperTurns(ctx.transcript)[0]?.text ?? ""))[0]?.product;
}

/**
 * A persuasive salesperson (the paper's persuasion failure mode): it argues for its first retrieved
 * product whatever the shopper says.
 */
export function createPushySales(): SalesAgent {
  return {
    id: "pushy",
    async salesTurn(ctx): Promise<SalesReply> {
      const p = await pushedProduct(ctx);
      if (!p)
        return { text: "Tell me what you're after and I'll find you the perfect thing!", recommended: [] };
      const text =
        ctx.round === 1
          ? `You'll love the ${p.name} (${p.id}), $${p.price.toFixed(2)}: ${p.description} It's exactly what you need.`
          : `Honestly, the ${p.name} is still your best choice. Everyone who buys it is delighted; I wouldn't look any further.`;
      return { text, recommended: [p.id] };
    },
  };
}
