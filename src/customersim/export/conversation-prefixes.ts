import type { ConversationResult, Turn } from "../chat/index.js";

/** The conversation just before one of the shopper's turns: a prompt for generating that turn. */
export interface ConversationPrefix {
  round: number;
  /** Every turn before it (the salesperson's answer to the previous shopper turn last). */
  history: Turn[];
  /** R(C) so far, in first-recommendation order. */
  recommended: string[];
  /**
   * Products first recommended after this turn in the stored conversation; null when the shopper
   * ended it here (by buying or leaving) before the turn limit, so what would have come is unknown.
   */
  recommendedLater: string[] | null;
}

const uniqueRecommended = (turns: readonly Turn[]) => [...new Set(turns.flatMap((t) => t.recommended))];

/** One prefix per shopper turn of a conversation, in order. */
export function conversationPrefixes(result: ConversationResult): ConversationPrefix[] {
  const t = result.transcript;
  const out: ConversationPrefix[] = [];
  for (const [i, turn] of t.entries()) {
    if (turn.role !== "shopper") continue;
    const history = t.slice(0, i);
    const recommended = uniqueRecommended(history);
    const last = i === t.length - 1;
    const decided = last && result.ending !== "turn_limit" && turn.round < result.turnLimit;
    const later = uniqueRecommended(t.slice(i + 1)).filter((id) => !recommended.includes(id));
    out.push({ round: turn.round, history, recommended, recommendedLater: decided ? null : later });
  }
  return out;
}
