import type { Persona } from "../schema/persona.js";

/**
 * The shopper's system prompt: a plain description of the persona (CustomerSim has no prompt
 * builder yet), with its preferences and dealbreakers as the paper's base prompt lists them.
 */
export function personaSystemPrompt(persona: Persona): string {
  const list = (items: readonly { text: string }[]) => items.map((c) => `- ${c.text}`).join("\n");
  return [
    "You are shopping online and chatting with a digital salesperson to decide what to buy.",
    `Here is your persona.\n${persona.background}\nSpeaking style: ${persona.speakingStyle}\nKnowledge: ${persona.knowledge}`,
    `You are shopping for ${persona.shoppingFor}, with a budget of $${persona.budget}.`,
    `Your preferences:\n${list(persona.preferences) || "- none"}`,
    `Your dealbreakers:\n${list(persona.dealbreakers)}`,
  ].join("\n\n");
}
