import { z } from "zod";
import type { ConversationResult } from "../chat/index.js";
import { checkJudgeAnswer } from "../fidelity/index.js";
import type { Persona } from "../schema/persona.js";

/**
 * An LLM judge of reasoning quality: how coherent the shopper's reasoning traces (`Turn.reasoning`)
 * are with its persona's constraints and its final decision, in [0, 1].
 */
export type ReasonJudge = (input: { persona: Persona; result: ConversationResult }) => Promise<number>;

const Score = z.number().min(0, "expected a score in [0, 1]").max(1, "expected a score in [0, 1]");

/** Whether some shopper turn of the conversation kept a reasoning trace. */
export const hasShopperReasoning = (result: ConversationResult): boolean =>
  result.transcript.some((t) => t.role === "shopper" && Boolean(t.reasoning?.trim()));

/**
 * R_reason (§3.1: "the coherence of reasoning traces with persona constraints and final decisions"),
 * or null when no judge is given. A conversation whose shopper kept no reasoning trace has nothing to
 * be coherent: it scores 0 without asking the judge, so a policy cannot raise its reward by dropping
 * its reasoning (and a run stored before traces were kept cannot score by default).
 */
export async function reasonReward(
  result: ConversationResult,
  persona: Persona,
  judge?: ReasonJudge,
): Promise<number | null> {
  if (!judge) return null;
  if (!hasShopperReasoning(result)) return 0;
  return checkJudgeAnswer(Score, await judge({ persona, result }), "reason judge");
}
