import type { ConversationResult } from "../chat/index.js";
import { decisionAlignment } from "../metrics/index.js";
import type { Persona } from "../schema/persona.js";

/** R_align: the conversation's binary decision alignment (equation (1)) against the persona's 𝒜. */
export function alignReward(result: ConversationResult, persona: Persona): 0 | 1 {
  if (result.personaId !== persona.id) {
    throw new Error(`conversation of ${result.personaId} scored against persona ${persona.id}`);
  }
  return decisionAlignment({ ...result, acceptable: persona.acceptable }).da;
}
