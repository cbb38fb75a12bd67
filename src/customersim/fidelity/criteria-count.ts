import { z } from "zod";
import { GENERIC_ATTRIBUTE_WORDS } from "./attribute-vocabulary.js";
import { checkJudgeAnswer } from "./judge-answer.js";
import { splitSentences, wordTokens } from "./text-units.js";

/** A judge model that counts the distinct criteria a shopper's first turn states. */
export type CriteriaJudge = (text: string) => Promise<number>;

export interface CriteriaCount {
  count: number;
  estimator: "rule" | "judge";
}

/**
 * Clause boundaries inside a sentence: commas (not inside numbers like 1,200), semicolons, dashes, brackets, line breaks, and the joiners "and", "with", "but", "plus", "also", "as well as".
 * "or" and colons are kept: "skinny or slim" is one criterion with alternatives, and "durable: no
 * eMMC storage" one criterion with its reason.
 */
const CLAUSE_BREAK = /,(?!\d)|[;()\n]|\s[-–—]\s|\b(?:and|with|but|plus|also|as well as)\b/i;

/** A sentence's clauses, trimmed, empty ones dropped. */
export function splitClauses(text: string): string[] {
  return splitSentences(text)
    .flatMap((s) => s.split(CLAUSE_BREAK))
    .map((c) => c.trim().replace(/[.!?]+$/, ""))
    .filter((c) => c.length > 0);
}

const NEED_WORDS = new Set(
  "need needs needed must want wants likes loves prefer prefers preferably preferred require requires required should shouldn't can't cannot won't avoid ideally important matters priority only under below within over max maximum minimum least budget".split(
    " ",
  ),
);
const NEED_PHRASES =
  /\b(?:would like|have to|has to|don't want|do not want|no more than|good for|suitable for|able to|can handle|use it for|used for|for \w+ing)\b/i;
const NUMBER = /\d/;
const SIZE_LETTERS = /\b(?:XXS|XS|S|M|L|XL|XXL|XXXL)\b/;

/** Which cue makes a clause a criterion, or null: a number or size, an attribute word, a need word. */
export function criterionCue(
  clause: string,
  vocabulary: ReadonlySet<string> = GENERIC_ATTRIBUTE_WORDS,
): "number" | "attribute" | "need" | null {
  if (NUMBER.test(clause) || SIZE_LETTERS.test(clause)) return "number";
  const words = wordTokens(clause);
  if (words.some((w) => vocabulary.has(w))) return "attribute";
  if (words.some((w) => NEED_WORDS.has(w)) || NEED_PHRASES.test(clause)) return "need";
  return null;
}

const normalise = (clause: string) => wordTokens(clause).join(" ");

/**
 * The rule-based Crit. estimate: the number of distinct clauses (by their words) that carry a
 * criterion cue (see `criterionCue`).
 */
export function countCriteria(text: string, vocabulary?: ReadonlySet<string>): number {
  const cued = splitClauses(text).filter((c) => criterionCue(c, vocabulary) !== null);
  return new Set(cued.map(normalise)).size;
}

const JudgeCount = z.number().int("expected a whole number").min(0, "expected a count of 0 or more");

/** Crit. of one first turn: by the judge when one is given, else by the rule-based estimator. */
export async function firstTurnCriteria(
  text: string,
  options: { judge?: CriteriaJudge; vocabulary?: ReadonlySet<string> } = {},
): Promise<CriteriaCount> {
  if (options.judge)
    return {
      count: checkJudgeAnswer(JudgeCount, await options.judge(text), "criteria judge"),
      estimator: "judge",
    };
  return { count: countCriteria(text, options.vocabulary), estimator: "rule" };
}
