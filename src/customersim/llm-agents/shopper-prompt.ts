import { domainKnowledgeText } from "../domain-knowledge/index.js";
import type { CategoryId } from "../schema/category.js";
import type { CategoryKnowledge } from "../schema/knowledge.js";
import type { Persona } from "../schema/persona.js";

/**
 * The paper's base system prompt for every shopper model (Appendix B.2), word for word except where
 * the tools differ: `add_to_cart` here takes the product's id (the chat store also accepts the exact
 * name), since names in the catalog can be long and near-identical.
 */
export const SHOPPER_BASE_PROMPT = `You are shopping online for a product at a store, and are communicating with a digital salesperson via a chat interface to learn more about the store's offerings to make an informed decision.

Some rules to follow:

- When the salesperson makes a recommendation, please consider whether the product satisfies your assigned preferences and dealbreakers, and decide to either buy or keep looking based on that.

{recommendation_example}

- If you would like to accept or buy a product, call the add_to_cart function with the product's id (or its exact name) as the parameter.

- You can end the conversation at any time by calling the end_conversation function. You MUST call this function to end the conversation.

- You are willing to accept products that satisfy your dealbreakers but not your preferences, although products that satisfy both are preferred.

{domain_knowledge}

Here is your persona.

{persona}

Your preferences and dealbreakers:

{preferences}`;

/**
 * The `{recommendation_example}` ICL reasoning examples: reason over each recommended product,
 * dealbreakers first, then preferences. The smart-watch one is the paper's own (Appendix B.2); the
 * others follow it for their category's criteria. Product names are made up so that none names a
 * catalog product.
 */
export const RECOMMENDATION_EXAMPLES: Record<CategoryId, string> = {
  "smart-watches": `Here's an example.
<reasoning>
Preferences: I prefer a smartwatch with GPS features. Dealbreakers: I cannot exceed $100. Let me check each of the products step by step, first with dealbreakers then preferences. Let us start with the Mas watch. The only dealbreaker is that it is $100. Since the watch is $120, this is over the budget and disqualifies the watch. Let us consider the Destiny watch. The only dealbreaker is that it is $100. Since the watch is $90, this is in budget. The only preference is for GPS, which the Destiny watch does not have. However, since it fulfills all dealbreakers I will still add to cart. Since GPS features are a preference and it satisfies all dealbreakers, it is acceptable for Alex.
</reasoning>
Great! I will take the Destiny.
(and call add_to_cart with the Destiny watch's id)`,
  "female-clothing": `Here's an example.
<reasoning>
Preferences: I prefer a relaxed fit. Dealbreakers: it must be moisture-wicking, and I cannot exceed $60. Let me check each of the products step by step, first with dealbreakers then preferences. Let us start with the Aria leggings. They are $45, which is in budget, but they are 100% cotton, and cotton is not moisture-wicking. This disqualifies the Aria leggings. Let us consider the Luna running tights. They are $55, which is in budget, and they are 80% nylon and 20% spandex, which wick moisture, so they meet every dealbreaker. The only preference is a relaxed fit, and the Luna tights are slim. However, since they fulfill all dealbreakers, they are acceptable for Maya.
</reasoning>
Great! I will take the Luna running tights.
(and call add_to_cart with the Luna tights' id)`,
  "male-clothing": `Here's an example.
<reasoning>
Preferences: I would like pockets. Dealbreakers: it must be machine-washable, and I cannot exceed $80. Let me check each of the products step by step, first with dealbreakers then preferences. Let us start with the Harbor wool trousers. They are $70, which is in budget, but they are dry clean only, so they are not machine-washable. This disqualifies them. Let us consider the Ridge chinos. They are $65, in budget, and machine wash cold, so they meet every dealbreaker. The only preference is pockets, which the Ridge chinos do not mention. However, since they fulfill all dealbreakers, they are acceptable for Sam.
</reasoning>
Great! I will take the Ridge chinos.
(and call add_to_cart with the Ridge chinos' id)`,
  laptops: `Here's an example.
<reasoning>
Preferences: I prefer a touchscreen. Dealbreakers: it needs at least 16GB of memory, and I cannot exceed $900. Let me check each of the products step by step, first with dealbreakers then preferences. Let us start with the Nova 14. It is $699, in budget, but it has 8GB of memory, which is less than 16GB. This disqualifies the Nova 14. Let us consider the Atlas 15. It is $849, in budget, and it has 16GB of memory, so it meets every dealbreaker. The only preference is a touchscreen, which the Atlas 15 does not have. However, since it fulfills all dealbreakers, it is acceptable for Priya.
</reasoning>
Great! I will take the Atlas 15.
(and call add_to_cart with the Atlas 15's id)`,
  games: `Here's an example.
<reasoning>
Preferences: I would like a multiplayer game. Dealbreakers: it must be suitable for a 10-year-old, and I cannot exceed $40. Let me check each of the products step by step, first with dealbreakers then preferences. Let us start with Shadow Siege. It is $35, in budget, but it is rated M (17 and up), which is not suitable for a 10-year-old. This disqualifies Shadow Siege. Let us consider Puzzle Grove. It is $30, in budget, and rated E (everyone), so it meets every dealbreaker. The only preference is multiplayer, and Puzzle Grove is single-player only. However, since it fulfills all dealbreakers, it is acceptable for Jordan.
</reasoning>
Great! I will take Puzzle Grove.
(and call add_to_cart with Puzzle Grove's id)`,
};

/**
 * The Human Steering variant (§4.1, §4.4): stylistic instructions for more human-like turns. The
 * paper does not print its wording; this one asks for what its metrics measure: few criteria in the
 * first turn (Crit.), incomplete, informal sentences (%Cpl.), varied wording (Red.).
 */
export const HUMAN_STEERING = `How to write your messages: chat the way real people type in a shop's chat window, not like an assistant.
- Keep every message short: usually one line, a few words to one or two sentences.
- Be casual. Fragments, lowercase, missing punctuation and the odd typo are fine. No lists, no headings, no bold, no formal greetings or sign-offs.
- Don't say everything at once. Open with roughly what you're after and maybe one thing that matters; bring up other needs and dealbreakers only later, when they become relevant or the salesperson asks.
- Speak in your own voice (your persona's speaking style) and vary your wording; don't repeat the salesperson's phrasing back.`;

/** What the persona is, in the prompt's `{persona}` slot. */
export function personaText(persona: Persona): string {
  return [
    `Name: ${persona.name}, age ${persona.age}.`,
    `Background: ${persona.background}`,
    `Speaking style: ${persona.speakingStyle}`,
    `Product knowledge: ${persona.knowledgeLevel}. ${persona.knowledge}`,
    `You are shopping for ${persona.shoppingFor}, with a budget of $${persona.budget}.`,
  ].join("\n");
}

/** The `{preferences}` slot: preferences (nice to have), then dealbreakers (must be met). */
export function preferencesText(persona: Persona): string {
  const list = (xs: { text: string }[]) => (xs.length ? xs.map((c) => `- ${c.text}`).join("\n") : "- (none)");
  return [
    `Preferences (nice to have):\n${list(persona.preferences)}`,
    `Dealbreakers (must all be met):\n${list(persona.dealbreakers)}`,
  ].join("\n\n");
}

export interface ShopperPromptOptions {
  /** The ICL reasoning example (the paper's default for open-source models); default true. */
  reasoningExamples?: boolean;
  /** `human`: add the Human Steering instructions. */
  steering?: "none" | "human";
}

/** The shopper's system prompt: the base prompt filled from the persona and its category's knowledge. */
export function shopperSystemPrompt(
  persona: Persona,
  knowledge: CategoryKnowledge,
  options: ShopperPromptOptions = {},
): string {
  const values: Record<string, string> = {
    recommendation_example:
      options.reasoningExamples === false ? "" : RECOMMENDATION_EXAMPLES[persona.category],
    domain_knowledge: `Domain knowledge that may help you judge products:\n${domainKnowledgeText(knowledge)}`,
    persona: personaText(persona),
    preferences: preferencesText(persona),
  };
  const base = SHOPPER_BASE_PROMPT.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "").replace(
    /\n{3,}/g,
    "\n\n",
  );
  return options.steering === "human" ? `${base}\n\n${HUMAN_STEERING}` : base;
}

/** The salesperson's opening line in the paper's conversations (Appendix D); the shopper answers it. */
export const SALES_GREETING =
  "Hello! I'm here to help you find the perfect product. What are you looking for today?";
