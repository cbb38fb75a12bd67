import type { Turn } from "../chat/index.js";

export const shopperTurns = (transcript: readonly Turn[]) => transcript.filter((t) => t.role === "shopper");
export const salesTurns = (transcript: readonly Turn[]) => transcript.filter((t) => t.role === "sales");

/** Every product recommended so far, in order of first recommendation. */
export const recommendedSoFar = (transcript: readonly Turn[]): string[] => [
  ...new Set(salesTurns(transcript).flatMap((t) => t.recommended)),
];
