import { z } from "zod";
import type { ConversationResult } from "../chat/index.js";

/** What the fidelity metrics read of a dialogue: its shopper's turns, in order, and its category. */
export const ShopperDialogue = z
  .object({
    id: z.string().min(1),
    /** A CustomerSim category id, a RecQuest domain, or "all" when the source has none. */
    category: z.string().min(1),
    shopperTurns: z.array(z.string()),
  })
  .strict();
export type ShopperDialogue = z.infer<typeof ShopperDialogue>;

/** The shopper side of a chat-store conversation; `id` defaults to the persona id. */
export function shopperDialogue(result: ConversationResult, id: string = result.personaId): ShopperDialogue {
  return {
    id,
    category: result.category,
    shopperTurns: result.transcript.filter((t) => t.role === "shopper").map((t) => t.text),
  };
}
