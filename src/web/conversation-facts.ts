import { loadCustomerSimData } from "../customersim/data-files.js";
import type { ConversationRound, PersonaFacts, ProductName } from "./api-types.js";

/** What the viewer reads of one side's stored turn (`Turn`, leniently: older runs lack fields). */
interface StoredSide {
  text: string;
  recommended: string[];
  reasoning?: string;
  mentionedNotRecommended?: string[];
}

/** A stored round as the viewer shows it: both messages, R(C), and each side's private reasoning. */
export function conversationRound(r: {
  turn: number;
  shopper: StoredSide;
  sales: StoredSide | null;
}): ConversationRound {
  const named = r.sales?.mentionedNotRecommended ?? [];
  return {
    turn: r.turn,
    shopper: r.shopper.text,
    sales: r.sales?.text ?? null,
    recommended: r.sales?.recommended ?? [],
    ...(r.shopper.reasoning ? { shopperReasoning: r.shopper.reasoning } : {}),
    ...(r.sales?.reasoning ? { salesReasoning: r.sales.reasoning } : {}),
    ...(named.length ? { mentionedNotRecommended: named } : {}),
  };
}

/**
 * What a CustomerSim conversation's page shows beside the transcript: the persona (who they are,
 * what they want, their dealbreakers), the acceptable set of equation (1), and the display facts of
 * the products named. A persona this build's data does not have gives no facts.
 */
export function conversationFacts(
  personaId: string,
  productIds: Iterable<string>,
): { profile: PersonaFacts | null; acceptable: string[]; products: Record<string, ProductName> } {
  let data: ReturnType<typeof loadCustomerSimData>;
  try {
    data = loadCustomerSimData();
  } catch {
    return { profile: null, acceptable: [], products: {} };
  }
  const p = data.personas.personas.find((x) => x.id === personaId);
  const acceptable = p?.acceptable ?? [];
  const wanted = new Set([...acceptable, ...productIds]);
  const products: Record<string, ProductName> = {};
  for (const x of data.catalog.products)
    if (wanted.has(x.id)) products[x.id] = { name: x.name, brand: x.brand, price: x.price };
  const profile: PersonaFacts | null = p
    ? {
        name: p.name,
        age: p.age,
        background: p.background,
        speakingStyle: p.speakingStyle,
        knowledgeLevel: p.knowledgeLevel,
        shoppingFor: p.shoppingFor,
        budget: p.budget,
        preferences: p.preferences.map((c) => c.text),
        dealbreakers: p.dealbreakers.map((c) => c.text),
        feasible: p.feasible,
      }
    : null;
  return { profile, acceptable, products };
}
