import { z } from "zod";
import { checkJudgeAnswer } from "./judge-answer.js";
import { splitSentences, wordTokens } from "./text-units.js";

/** A judge model that says what share of a shopper's sentences are grammatically complete, in [0, 1]. */
export type CompletenessJudge = (text: string) => Promise<number>;

export interface Completeness {
  /** Complete sentences over all sentences; 0 for a text with no sentence. */
  share: number;
  /** Sentences the rule-based heuristic read (0 when a judge scored the text). */
  sentences: number;
  estimator: "rule" | "judge";
}

const SUBJECT_PRONOUNS = new Set(
  "i you we they he she it this that these those there someone somebody anyone anything something everything nothing everyone which who what".split(
    " ",
  ),
);
const DETERMINERS = new Set(
  "the a an my your our their his her its this that these those some any".split(" "),
);
const AUXILIARIES = new Set(
  "am is are was were do does did have has had can could will would shall should may might must 'm 's 're 've 'll 'd don't doesn't didn't can't couldn't won't wouldn't shouldn't isn't aren't wasn't weren't haven't hasn't hadn't".split(
    " ",
  ),
);
/** Common finite verbs of shopping talk, as base forms; their -s and -ed forms count too. */
const VERB_BASES =
  "need want like love prefer think guess hope look seem sound work run ride use go get take buy find know mean feel care plan play live walk commute travel spend wear fit help suit mind agree wonder try keep own expect".split(
    " ",
  );
const FINITE_VERBS = new Set([
  ...AUXILIARIES,
  ...VERB_BASES.flatMap((v) => [v, `${v}s`, v.endsWith("e") ? `${v}d` : `${v}ed`]),
  "went",
  "got",
  "took",
  "bought",
  "found",
  "knew",
  "meant",
  "felt",
  "spent",
  "wore",
  "kept",
  "thought",
  "ran",
  "rode",
]);
/** Contractions that are a subject and a finite verb in one word: "i'm", "it's", "that's" … */
const SUBJECT_VERB = /^(?:i|you|we|they|he|she|it|that|there|this|what|who|here)'(?:m|s|re|ve|ll|d)$/;
const IMPERATIVES = new Set(
  "show tell give recommend find let please add check compare send suggest help list describe explain".split(
    " ",
  ),
);
/** How many words may stand between the subject and its verb ("I really don't need"). */
const VERB_WINDOW = 3;

/** "that", "which", "who" open a relative clause ("a bag that is light"), a subject only sentence-first. */
const RELATIVES = new Set(["that", "which", "who"]);

// The verb must come within the window, before any relative pronoun.
function verbWithin(words: readonly string[], from: number): boolean {
  for (const w of words.slice(from, from + VERB_WINDOW)) {
    if (RELATIVES.has(w)) return false;
    if (FINITE_VERBS.has(w)) return true;
  }
  return false;
}

// A subject is a pronoun, or a determiner and a noun (the verb then comes after at least one word).
function hasSubjectThenVerb(words: readonly string[]): boolean {
  return words.some((w, i) => {
    if (SUBJECT_VERB.test(w)) return true;
    if (RELATIVES.has(w) && i > 0) return false;
    if (SUBJECT_PRONOUNS.has(w) && verbWithin(words, i + 1)) return true;
    return DETERMINERS.has(w) && verbWithin(words, i + 2);
  });
}

// A question with inversion: "Do you have …", "Is it …", "What is …", "How long does it last?"
function isInvertedQuestion(words: readonly string[], sentence: string): boolean {
  if (!sentence.endsWith("?")) return false;
  const aux = words.findIndex((w) => AUXILIARIES.has(w));
  return aux >= 0 && aux <= 2 && words.length > aux + 1;
}

/**
 * Parser-free completeness: a sentence is complete when a subject-like pronoun or determiner phrase
 * comes before a finite-verb-like word, when it is an inverted question ("Do you have …?"), or when
 * it is an imperative of two words or more ("Show me others."). "Budget under $50.", "Blue, size M."
 * and "Must be jeans." are fragments.
 */
export function isCompleteSentence(sentence: string): boolean {
  const words = wordTokens(sentence);
  if (words.length < 2) return false;
  if (IMPERATIVES.has(words[0]!)) return true;
  return hasSubjectThenVerb(words) || isInvertedQuestion(words, sentence.trim());
}

const JudgeShare = z.number().min(0, "expected a share in [0, 1]").max(1, "expected a share in [0, 1]");

/** %Cpl. of a shopper's text (its utterances joined): by the judge when given, else by the heuristic. */
export async function sentenceCompleteness(
  text: string,
  options: { judge?: CompletenessJudge } = {},
): Promise<Completeness> {
  if (options.judge)
    return {
      share: checkJudgeAnswer(JudgeShare, await options.judge(text), "completeness judge"),
      sentences: 0,
      estimator: "judge",
    };
  const sentences = splitSentences(text);
  const complete = sentences.filter(isCompleteSentence).length;
  return {
    share: sentences.length ? complete / sentences.length : 0,
    sentences: sentences.length,
    estimator: "rule",
  };
}
