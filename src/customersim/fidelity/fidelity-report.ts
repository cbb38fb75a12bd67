import { type CompletenessJudge, sentenceCompleteness } from "./completeness.js";
import { type CriteriaJudge, firstTurnCriteria } from "./criteria-count.js";
import { peerSimilarities, sampleSlices } from "./redundancy.js";
import type { ShopperDialogue } from "./shopper-dialogue.js";

export type Estimator = "rule" | "judge";

/** One dialogue's raw values; null where the dialogue has nothing to measure. */
export interface DialogueFidelity {
  id: string;
  category: string;
  /** Crit.: criteria stated in the first shopper turn (null without a shopper turn). */
  crit: number | null;
  /** %Cpl.: share of complete sentences in the shopper's joined turns (null without a sentence). */
  cpl: number | null;
  /** Red.: mean TF-IDF cosine similarity to the other dialogues of its category (null without peers). */
  red: number | null;
}

/** Means over the dialogues that have a value; null when none has. */
export interface FidelityScores {
  dialogues: number;
  crit: number | null;
  cpl: number | null;
  red: number | null;
}

/** Model minus human (the paper's Δ_m = μ_model − μ_human), null where either side lacks a value. */
export interface FidelityDelta {
  crit: number | null;
  cpl: number | null;
  red: number | null;
}

export interface FidelityReport {
  estimators: { crit: Estimator; cpl: Estimator };
  overall: FidelityScores;
  byCategory: Record<string, FidelityScores>;
  dialogues: DialogueFidelity[];
  /** Differences to the human baseline, when one was given. */
  deltaToHuman?: { overall: FidelityDelta; byCategory: Record<string, FidelityDelta> };
}

export interface FidelityOptions {
  criteriaJudge?: CriteriaJudge;
  completenessJudge?: CompletenessJudge;
  /** A human baseline (e.g. `measureRecQuestBaseline`) to report differences to. */
  human?: FidelityReport;
}

const meanOf = (values: readonly (number | null)[]): number | null => {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? present.reduce((s, v) => s + v, 0) / present.length : null;
};

function scoresOf(rows: readonly DialogueFidelity[]): FidelityScores {
  return {
    dialogues: rows.length,
    crit: meanOf(rows.map((r) => r.crit)),
    cpl: meanOf(rows.map((r) => r.cpl)),
    red: meanOf(rows.map((r) => r.red)),
  };
}

const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

/** Δ = model − human for each metric. */
export function fidelityDelta(model: FidelityScores, human: FidelityScores): FidelityDelta {
  return {
    crit: diff(model.crit, human.crit),
    cpl: diff(model.cpl, human.cpl),
    red: diff(model.red, human.red),
  };
}

function deltaToHuman(
  byCategory: Record<string, FidelityScores>,
  overall: FidelityScores,
  human: FidelityReport,
) {
  const shared = Object.keys(byCategory).filter((c) => human.byCategory[c]);
  return {
    overall: fidelityDelta(overall, human.overall),
    byCategory: Object.fromEntries(
      shared.map((c) => [c, fidelityDelta(byCategory[c]!, human.byCategory[c]!)]),
    ),
  };
}

async function crit(d: ShopperDialogue, options: FidelityOptions): Promise<number | null> {
  const first = d.shopperTurns[0];
  if (first === undefined) return null;
  return (await firstTurnCriteria(first, { judge: options.criteriaJudge })).count;
}

async function cpl(d: ShopperDialogue, options: FidelityOptions): Promise<number | null> {
  const c = await sentenceCompleteness(d.shopperTurns.join("\n"), { judge: options.completenessJudge });
  return c.estimator === "rule" && c.sentences === 0 ? null : c.share;
}

/**
 * Crit., %Cpl. and Red. (Appendix C) of every dialogue, then their means per category and overall.
 * Red. is computed within each category; the overall Red. is the mean of every dialogue's value.
 * Judges are called one dialogue at a time, in order.
 */
export async function measureFidelity(
  dialogues: readonly ShopperDialogue[],
  options: FidelityOptions = {},
): Promise<FidelityReport> {
  const categories = [...new Set(dialogues.map((d) => d.category))];
  const red = new Map<ShopperDialogue, number | null>();
  for (const c of categories) {
    const members = dialogues.filter((d) => d.category === c);
    for (const slice of sampleSlices(members)) {
      const sims = peerSimilarities(slice.map((d) => d.shopperTurns.join("\n")));
      for (const [i, d] of slice.entries()) red.set(d, sims[i]!);
    }
  }
  const rows: DialogueFidelity[] = [];
  for (const d of dialogues) {
    rows.push({
      id: d.id,
      category: d.category,
      crit: await crit(d, options),
      cpl: await cpl(d, options),
      red: red.get(d)!,
    });
  }
  const byCategory = Object.fromEntries(
    categories.map((c) => [c, scoresOf(rows.filter((r) => r.category === c))]),
  );
  const overall = scoresOf(rows);
  return {
    estimators: {
      crit: options.criteriaJudge ? "judge" : "rule",
      cpl: options.completenessJudge ? "judge" : "rule",
    },
    overall,
    byCategory,
    dialogues: rows,
    ...(options.human ? { deltaToHuman: deltaToHuman(byCategory, overall, options.human) } : {}),
  };
}
