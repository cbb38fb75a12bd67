import type { ConversationResult } from "../chat/index.js";

/**
 * Auxiliary R_turns (interaction length): (rounds − 1) / (targetRounds − 1), capped at 1. Ending in
 * the first turn scores 0 (the paper's End. failure); a conversation of targetRounds or more scores 1.
 */
export function turnsReward(result: ConversationResult, targetRounds: number): number {
  return Math.min(1, (result.rounds - 1) / (targetRounds - 1));
}
