import type { ShopperAgent, ShopperContext, ShopperReply } from "../chat/index.js";
import { evaluatePredicate } from "../checker/index.js";
import type { Persona } from "../schema/persona.js";
import { asSentence } from "./sentences.js";
import { recommendedSoFar, salesTurns } from "./transcript-reading.js";

/** The opening: what the persona shops for, then every dealbreaker and preference as a sentence. */
export function statedNeeds(persona: Persona): string {
  const needs = [...persona.dealbreakers, ...persona.preferences].map((c) => asSentence(c.text));
  return [`Hi, I'm looking for ${persona.shoppingFor}.`, ...needs].join(" ");
}

// Why each of the last recommendations fails: the first dealbreaker it misses, in the persona's words.
function rejections(ctx: ShopperContext): string[] {
  const last = salesTurns(ctx.transcript).at(-1)?.recommended ?? [];
  const knowledge = ctx.store.knowledge(ctx.persona.category);
  return last.flatMap((id) => {
    const product = ctx.store.product(id);
    const missed =
      product && ctx.persona.dealbreakers.find((d) => !evaluatePredicate(d.rule, product, knowledge));
    return product && missed ? [`the ${product.name} doesn't meet "${missed.text}"`] : [];
  });
}

function askForMore(ctx: ShopperContext): string {
  const why = rejections(ctx);
  const opening = why.length
    ? `None of those work for me: ${why.join("; ")}.`
    : "I haven't seen anything yet.";
  return `${opening} Do you have anything else? ${statedNeeds(ctx.persona).replace(/^Hi, /, "Again, ")}`;
}

/**
 * A shopper that decides from the ground truth: it buys the first recommended product in its
 * acceptable set, otherwise asks for alternatives, and leaves without buying on its last turn.
 */
export function createRuleShopper(): ShopperAgent {
  return {
    id: "rule",
    async shopperTurn(ctx): Promise<ShopperReply> {
      if (ctx.round === 1 && ctx.transcript.length === 0) return { text: statedNeeds(ctx.persona) };
      const acceptable = new Set(ctx.persona.acceptable);
      const pick = recommendedSoFar(ctx.transcript).find((id) => acceptable.has(id));
      if (pick) {
        const name = ctx.store.product(pick)?.name ?? pick;
        return {
          text: `The ${name} meets everything I need. I'll take it.`,
          toolCalls: [{ name: "add_to_cart", arguments: { product_id: pick } }],
        };
      }
      if (ctx.round >= ctx.turnLimit) {
        return {
          text: "Thanks, but nothing you showed me meets my needs, so I'll leave it.",
          toolCalls: [{ name: "end_conversation", arguments: {} }],
        };
      }
      return { text: askForMore(ctx) };
    },
  };
}
