import { z } from "zod";
import type { ConversationResult } from "../chat/index.js";
import { checkJudgeAnswer } from "../fidelity/index.js";
import type { Persona } from "../schema/persona.js";

/**
 * An LLM judge of reasoning quality: how coherent the shopper's reasoning is with its persona's
 * constraints and its final decision, in [0, 1].
 */
export type ReasonJudge = (input: { persona: Persona; result: ConversationResult }) => Promise<number>;

const Score = z.number().min(0, "expected a score in [0, 1]").max(1, "expected a score in [0, 1]");

/** R_reason by the judge, or null when none is given. */
export async function reasonReward(
  result: ConversationResult,
  persona: Persona,
  judge?: ReasonJudge,
): Promise<number | null> {
  return judge ? checkJudgeAnswer(Score, await judge({ persona, result }), "reason judge") : null;
}
