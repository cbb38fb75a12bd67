import type { JUDGE_DIMENSIONS } from "../agents/types.js";

export type Dimension = (typeof JUDGE_DIMENSIONS)[number];

/**
 * The questionnaire shown after each interaction: the judge's seven dimensions (Appendix C.1), each
 * asked of the participant in their own words, with the guidance the interface displays (C.2).
 */
export const QUESTIONNAIRE: readonly {
  dimension: Dimension;
  title: string;
  question: string;
  guidance: string;
}[] = [
  {
    dimension: "informativeness",
    title: "Informativeness",
    question: "When you needed information or guidance, did the assistant give specific, relevant content?",
    guidance:
      "5: every time you needed to know something, it gave concrete facts or directions that helped you decide or act. 1: vague statements that did not help.",
  },
  {
    dimension: "naturalness",
    title: "Naturalness",
    question: "Did the assistant talk like a real shop assistant: natural, concise and coherent?",
    guidance:
      "5: everyday wording and pacing, no jargon or formulaic phrases, common sense throughout. 1: robotic, long-winded or incoherent.",
  },
  {
    dimension: "groundedness",
    title: "Groundedness",
    question: "Did what the assistant said match what you saw in the store and what had been said?",
    guidance:
      "5: products, places and facts it mentioned were where and what it said; it never assumed you knew something you could not see. 1: claims that contradicted the scene or were made up.",
  },
  {
    dimension: "preference_alignment",
    title: "Preference alignment",
    question: "Did the assistant respect your needs, budget, preferences and constraints?",
    guidance:
      "5: its suggestions fitted what you asked for, and it adapted when you rejected or hesitated. 1: it ignored what you said.",
  },
  {
    dimension: "proactiveness",
    title: "Proactiveness",
    question:
      "Did the assistant's questions, directions and suggestions move you towards finishing the task?",
    guidance:
      "5: it took every reasonable chance to ask, guide, compare or recommend, so you never stalled. 1: you wandered or waited without help.",
  },
  {
    dimension: "non_repetition",
    title: "Non-repetition",
    question: "Did the assistant avoid repeating the same question, route, product or wording?",
    guidance:
      "5: it never repeated itself without a reason, and changed its approach when things stalled. 1: it kept saying the same thing.",
  },
  {
    dimension: "overall",
    title: "Overall satisfaction",
    question: "Overall, how satisfied are you with this assistant?",
    guidance:
      "Consider whether your need was met, how efficient it was, whether you could trust it, and the experience as a whole. 5: very satisfied. 1: very dissatisfied.",
  },
];

/** What the five points mean (shown under every question). */
export const SCALE = ["Very poor", "Poor", "Fair", "Good", "Excellent"] as const;
