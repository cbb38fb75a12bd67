import type { ConversationResult } from "../chat/index.js";
import { wordTokens } from "../fidelity/index.js";
import type { RewardConfig } from "./reward-config.js";

/**
 * One turn's length score: 1 inside the band [minWords, maxWords]; below it the share of minWords
 * reached; above it falling linearly to 0 at twice maxWords (overlong turns are what it penalises).
 */
export function turnLengthScore(words: number, band: RewardConfig["lengthBand"]): number {
  if (words < band.minWords) return words / band.minWords;
  if (words <= band.maxWords) return 1;
  return Math.max(0, 1 - (words - band.maxWords) / band.maxWords);
}

/** Auxiliary R_length: the mean length score of the shopper's turns. */
export function lengthReward(result: ConversationResult, band: RewardConfig["lengthBand"]): number {
  const turns = result.transcript.filter((t) => t.role === "shopper");
  if (!turns.length) return 0;
  return turns.reduce((s, t) => s + turnLengthScore(wordTokens(t.text).length, band), 0) / turns.length;
}
