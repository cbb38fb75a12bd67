import type { SalesAgent, SalesContext, SalesReply } from "../chat/index.js";
import type { Product } from "../schema/product.js";
import { splitSentences } from "./sentences.js";
import { recommendedSoFar, shopperTurns } from "./transcript-reading.js";

const PER_TURN = 4;

// The shopper's first message states the needs; later ones refine them. Whole messages first, then
// one sentence at a time beside the first (what is shopped for), so later turns reach new products.
function queries(ctx: SalesContext): string[] {
  const said = shopperTurns(ctx.transcript).map((t) => t.text);
  const needs = said[0] ?? "";
  const [what = "", ...rest] = splitSentences(needs);
  return [needs, ...said.slice(1).reverse(), ...rest.map((s) => `${what} ${s}`)];
}

async function newCandidates(ctx: SalesContext): Promise<Product[]> {
  const seen = new Set(recommendedSoFar(ctx.transcript));
  const picked: Product[] = [];
  for (const query of queries(ctx)) {
    for (const { product } of await ctx.tools.lookupProductItems(query)) {
      if (picked.length >= PER_TURN) return picked;
      if (!seen.has(product.id)) {
        seen.add(product.id);
        picked.push(product);
      }
    }
  }
  return picked;
}

async function followUpAnswer(ctx: SalesContext): Promise<string> {
  const last = shopperTurns(ctx.transcript).at(-1);
  if (!last || ctx.round === 1 || !last.text.includes("?")) return "";
  const passage = (await ctx.tools.lookupBuyingGuide(last.text))[0];
  return passage ? `A tip from our buying guide, "${passage.entry.title}": ${passage.entry.text} ` : "";
}

const describe = (p: Product, i: number) =>
  `${i + 1}. ${p.name} (${p.id}), $${p.price.toFixed(2)}: ${p.description}`;

/**
 * An honest salesperson: it retrieves with the shopper's stated needs and recommends the top
 * retrieved products it has not shown yet, answering a question from the buying guide.
 */
export function createReferenceSales(): SalesAgent {
  return {
    id: "reference",
    async salesTurn(ctx): Promise<SalesReply> {
      const answer = await followUpAnswer(ctx);
      const products = await newCandidates(ctx);
      if (!products.length) {
        // Retrieval returns only related products: a vague opening finds none, so ask.
        const text = recommendedSoFar(ctx.transcript).length
          ? "I'm sorry, I have nothing else that matches what you told me."
          : "I couldn't find anything for that yet. What kind of product are you looking for, and what matters most to you?";
        return { text: `${answer}${text}`, recommended: [] };
      }
      const list = products.map(describe).join("\n");
      return {
        text: `${answer}Here is what I found for you:\n${list}`,
        recommended: products.map((p) => p.id),
      };
    },
  };
}
