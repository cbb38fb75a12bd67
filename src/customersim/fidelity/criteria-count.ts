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
 * Clause boundaries inside a sentence: semicolons, dashes, line breaks, and the joiners "and",
 * "but", "plus", "also", "as well as". "with" is no boundary ("must work with my iPhone" is one
 * criterion), nor "or" ("skinny or slim" is one criterion with alternatives), a colon or brackets
 * ("office-appropriate (business style)" explains one criterion).
 */
const CLAUSE_BREAK = /[;\n]|\s[-–—]\s|\b(?:and|(?<!anything )but|plus|also|as well as)\b/i;
/** Commas split too, except inside numbers (1,200); a list of alternatives is joined again below. */
const COMMA = /,(?!\d)/;

const NEED_WORDS = new Set(
  "need needs needed must want wants likes loves prefer prefers preferably preferred require requires required should shouldn't can't cannot won't avoid ideally important matters priority only under below within over max maximum minimum least budget".split(
    " ",
  ),
);
const NEED_PHRASES =
  /\b(?:would like|would rather|rather not|have to|has to|don't want|do not want|no more than|good for|suitable for|able to|can handle|use it for|used for|for \w+ing)\b/i;
/** Saying something does not matter states no criterion ("the colour doesn't matter"). */
const INDIFFERENCE =
  /\b(?:(?:don't|do not|doesn't|does not|won't) (?:care|matter|mind)|not (?:important|fussed|picky)|no preference|(?:is|are) fine either way|either (?:is|way is) fine|anything goes)\b/i;
/** An exclusion opens the clause: "no animal fibres", "nothing too heavy", "without a fan". */
const EXCLUSION =
  /^(?:no|not|nothing|without|never)\s+(?!thanks|thank|problem|worries|idea|sure|really|yet|rush|clue)\w/i;
const NUMBER = /\d/;
const SIZE_LETTERS = /\b(?:XXS|XS|S|M|L|XL|XXL|XXXL)\b/;

const words = (clause: string) => wordTokens(clause);

/**
 * "navy or grey", "or beige": alternatives of one or two words each and nothing else (no number,
 * no need word), the end of a comma list of values ("black, navy or grey").
 */
function isBareAlternatives(item: string): boolean {
  const parts = item.trim().split(/\bor\b/i);
  if (parts.length < 2 || NUMBER.test(item) || SIZE_LETTERS.test(item)) return false;
  return parts.every((p, i) => {
    const w = words(p);
    return (
      (w.length === 0 && i === 0) || (w.length >= 1 && w.length <= 2 && !w.some((x) => NEED_WORDS.has(x)))
    );
  });
}

/**
 * Comma items with a list of alternatives joined back into one: the bare alternatives, the one-word
 * values before them, and the item that leads into the list when it ends in an attribute word
 * ("I need it in black, navy or grey" is one criterion; "Under $100, black or grey" two).
 */
function joinAlternatives(items: readonly string[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (!out.length || !isBareAlternatives(item)) {
      out.push(item);
      continue;
    }
    let start = out.length - 1;
    while (start > 0 && words(out[start]!).length === 1) start--;
    const lead = words(out[start]!);
    if (lead.length > 1 && !GENERIC_ATTRIBUTE_WORDS.has(lead.at(-1)!)) start++;
    out.splice(start, out.length - start, [...out.slice(start), item].join(", "));
  }
  return out;
}

/** A sentence's clauses, trimmed, empty ones dropped. */
export function splitClauses(text: string): string[] {
  return splitSentences(text)
    .flatMap((s) => joinAlternatives(s.split(COMMA)).flatMap((item) => item.split(CLAUSE_BREAK)))
    .map((c) => c.trim().replace(/[.!?]+$/, ""))
    .filter((c) => c.length > 0);
}

/**
 * Which cue makes a clause a criterion, or null: a number or size, an attribute word of the
 * generic list, a need word or an exclusion ("no wool"); a clause saying something does not matter
 * has none.
 */
export function criterionCue(clause: string): "number" | "attribute" | "need" | null {
  if (INDIFFERENCE.test(clause)) return null;
  if (NUMBER.test(clause) || SIZE_LETTERS.test(clause)) return "number";
  const w = words(clause);
  if (w.some((x) => GENERIC_ATTRIBUTE_WORDS.has(x))) return "attribute";
  if (w.some((x) => NEED_WORDS.has(x)) || NEED_PHRASES.test(clause) || EXCLUSION.test(clause.trim()))
    return "need";
  return null;
}

const normalise = (clause: string) => words(clause).join(" ");

/**
 * The rule-based Crit. estimate: the number of distinct clauses (by their words) that carry a
 * criterion cue (see `criterionCue`). One estimator for every dialogue, model or human: the word
 * list is the generic one whatever the category, so a difference to the human baseline is the
 * shoppers', not the lists'.
 */
export function countCriteria(text: string): number {
  const cued = splitClauses(text).filter((c) => criterionCue(c) !== null);
  return new Set(cued.map(normalise)).size;
}

const JudgeCount = z.number().int("expected a whole number").min(0, "expected a count of 0 or more");

/** Crit. of one first turn: by the judge when one is given, else by the rule-based estimator. */
export async function firstTurnCriteria(
  text: string,
  options: { judge?: CriteriaJudge } = {},
): Promise<CriteriaCount> {
  if (options.judge)
    return {
      count: checkJudgeAnswer(JudgeCount, await options.judge(text), "criteria judge"),
      estimator: "judge",
    };
  return { count: countCriteria(text), estimator: "rule" };
}
