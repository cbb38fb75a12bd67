import { describe, expect, it } from "vitest";
import { Rng } from "../../core/random.js";
import type { ConversationResult, Turn } from "../chat/index.js";
import { type LabelledText, type NgramModel, ngrams, trainNgramClassifier } from "./ngram-classifier.js";
import { ngramReward } from "./ngram-reward.js";

const HUMAN = [
  "lol ok",
  "nah too pricey",
  "hmm idk",
  "got anything cheaper",
  "ok cool",
  "yeah that works",
  "meh not my style",
  "kinda want something lighter",
  "sure why not",
  "too big tbh",
  "any in black",
  "wait how much",
];
const MODEL = [
  "I would be delighted to consider this option.",
  "Thank you for the detailed recommendation.",
  "I would appreciate a product that satisfies my requirements.",
  "Could you recommend an option that satisfies my preferences?",
  "I appreciate the recommendation; however, it exceeds my budget.",
  "Thank you, I would like to proceed with this option.",
  "It is important that the product meets my dealbreakers.",
  "Additionally, I would prefer a lightweight design.",
];

/** A turn of `k` fragments, each a person's with probability `humanShare`. */
function turnText(rng: Rng, k: number, humanShare: number): string {
  return Array.from({ length: k }, () => rng.pick(rng.float() < humanShare ? HUMAN : MODEL)).join(" ");
}

function corpus(seed: number): LabelledText[] {
  const rng = new Rng(seed);
  return [0, 1].flatMap((h) =>
    Array.from({ length: 80 }, () => ({
      text: turnText(rng, rng.int(1, 3), h),
      label: h ? ("human" as const) : ("model" as const),
    })),
  );
}

function conversation(texts: string[]): ConversationResult {
  const transcript = texts.map(
    (text, index): Turn => ({
      index: 2 * index,
      round: index + 1,
      role: "shopper",
      text,
      toolCalls: [],
      toolResults: [],
      recommended: [],
      formatErrors: [],
    }),
  );
  return { transcript } as unknown as ConversationResult;
}

/** The uncalibrated naive-Bayes posterior (version 1's P(human)): a sum of log-ratios over every n-gram. */
function naiveBayesPosterior(model: NgramModel, text: string): number {
  const v = Object.keys(model.counts).length;
  let logOdds = Math.log(model.docs.human / model.docs.model);
  for (const g of ngrams(text, model.n)) {
    const c = model.counts[g];
    if (!c) continue;
    logOdds += Math.log(c[0] + model.alpha) - Math.log(model.totals.human + model.alpha * v);
    logOdds -= Math.log(c[1] + model.alpha) - Math.log(model.totals.model + model.alpha * v);
  }
  return 1 / (1 + Math.exp(-logOdds));
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const std = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));

describe("R_ngram over a group of rollouts", () => {
  it("spreads over conversations of varied style instead of saturating at 0 or 1", () => {
    const model = trainNgramClassifier(corpus(1), { seed: 0 });
    // A GRPO group: eight rollouts whose long turns mix a person's and a model's phrasing in steps.
    const rng = new Rng(2);
    const group = Array.from({ length: 8 }, (_, i) =>
      conversation(Array.from({ length: 4 }, () => turnText(rng, 6, i / 7))),
    );
    const rewards = group.map((c) => ngramReward(c, model)!);
    // Graded: none at 0 or 1, the mixed rollouts well inside (Platt's targets keep even the pure ones off the ends).
    for (const [i, r] of rewards.entries()) {
      expect(r).toBeGreaterThan(i === 0 ? 0.001 : 0.01);
      expect(r).toBeLessThan(i === 7 ? 0.999 : 0.99);
    }
    expect(std(rewards)).toBeGreaterThan(0.15);
    // More of a person's phrasing, more reward: the ends of the group are apart.
    expect(rewards[7]! - rewards[0]!).toBeGreaterThan(0.4);
    // The sum of log-ratios that version 1 squashed puts nearly every long turn at 0 or 1.
    const raw = group.flatMap((c) => c.transcript.map((t) => naiveBayesPosterior(model, t.text)));
    expect(raw.filter((p) => p < 0.01 || p > 0.99).length / raw.length).toBeGreaterThan(0.8);
  });
});
