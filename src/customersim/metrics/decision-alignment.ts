/**
 * Decision Alignment, CustomerSim's equation (1), as a pure function of ids: the one definition both
 * benchmarks score with, CustomerSim's chat conversations (`aggregate.ts` here) and SituRecBench's
 * situated shopper (`src/eval/metrics/decision-alignment.ts`, which may import CustomerSim).
 */

/** Which case of the paper's equation (1) a conversation falls in. */
export type DecisionCase =
  | "correct_acceptance"
  | "wrong_acceptance"
  | "unrecommended_purchase"
  | "correct_abstention"
  | "wrong_abstention";

/** The five cases in a fixed order (tables, JSON). */
export const DECISION_CASES: readonly DecisionCase[] = [
  "correct_acceptance",
  "wrong_acceptance",
  "unrecommended_purchase",
  "correct_abstention",
  "wrong_abstention",
];

export interface DecisionInput {
  /** a(C): the product added to the cart, or null. */
  purchased: string | null;
  /** R(C): every product the salesperson recommended. */
  recommended: readonly string[];
  /** 𝒜: the persona's acceptable products. */
  acceptable: readonly string[];
}

export interface Decision {
  case: DecisionCase;
  da: 0 | 1;
}

/**
 * Decision Alignment, equation (1): 1 when the purchase was recommended and is acceptable, 1 when
 * there is no purchase and no acceptable product was recommended, 0 otherwise.
 */
export function decisionAlignment({ purchased, recommended, acceptable }: DecisionInput): Decision {
  const ok = new Set(acceptable);
  if (purchased === null) {
    return recommended.some((id) => ok.has(id))
      ? { case: "wrong_abstention", da: 0 }
      : { case: "correct_abstention", da: 1 };
  }
  if (!recommended.includes(purchased)) return { case: "unrecommended_purchase", da: 0 };
  return ok.has(purchased) ? { case: "correct_acceptance", da: 1 } : { case: "wrong_acceptance", da: 0 };
}
