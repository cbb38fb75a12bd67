import { z } from "zod";
import { parseData, readDataFile } from "../../core/data-file.js";
import { Rng } from "../../core/random.js";
import { termTokens } from "../fidelity/index.js";

export type TextLabel = "human" | "model";
export interface LabelledText {
  text: string;
  label: TextLabel;
}

const Count = z.number().int().min(0);

/**
 * A multinomial naive-Bayes classifier over word n-grams (1..n) of shopper turns, human vs model.
 * Naive Bayes trains in closed form (counts), so training is deterministic with no optimiser or seed.
 */
export const NgramModel = z
  .object({
    kind: z.literal("customersim.ngram-nb"),
    version: z.literal(1),
    n: z.number().int().min(1, "n must be 1 or more").max(3, "n must be 3 at most"),
    alpha: z.number().positive("alpha must be positive"),
    /** Training texts per label. */
    docs: z.object({ human: Count, model: Count }).strict(),
    /** n-gram occurrences per label. */
    totals: z.object({ human: Count, model: Count }).strict(),
    /** n-gram → [human count, model count], keys sorted. */
    counts: z.record(z.string(), z.tuple([Count, Count])),
  })
  .strict();
export type NgramModel = z.infer<typeof NgramModel>;

/** The word n-grams of a text, orders 1..n, words joined by a space. */
export function ngrams(text: string, n: number): string[] {
  const words = termTokens(text);
  const out: string[] = [];
  for (let k = 1; k <= n; k++) {
    for (let i = 0; i + k <= words.length; i++) out.push(words.slice(i, i + k).join(" "));
  }
  return out;
}

/** Trains on labelled texts; the model's JSON is identical for the same texts in any order. */
export function trainNgramClassifier(
  examples: readonly LabelledText[],
  options: { n?: number; alpha?: number } = {},
): NgramModel {
  const n = options.n ?? 2;
  const counts = new Map<string, [number, number]>();
  const docs = { human: 0, model: 0 };
  const totals = { human: 0, model: 0 };
  for (const { text, label } of examples) {
    docs[label]++;
    for (const g of ngrams(text, n)) {
      const c = counts.get(g) ?? [0, 0];
      c[label === "human" ? 0 : 1]++;
      counts.set(g, c);
      totals[label]++;
    }
  }
  if (!docs.human || !docs.model) throw new Error("the n-gram classifier needs human and model texts");
  const sorted = [...counts.keys()].sort().map((k) => [k, counts.get(k)!] as const);
  return {
    kind: "customersim.ngram-nb",
    version: 1,
    n,
    alpha: options.alpha ?? 1,
    docs,
    totals,
    counts: Object.fromEntries(sorted),
  };
}

/** P(human | text) under the model; n-grams never seen in training are ignored. */
export function probabilityHuman(model: NgramModel, text: string): number {
  const vocabulary = Object.keys(model.counts).length;
  const denom = (t: number) => Math.log(t + model.alpha * vocabulary);
  let logOdds = Math.log(model.docs.human / model.docs.model);
  for (const g of ngrams(text, model.n)) {
    const c = model.counts[g];
    if (!c) continue;
    logOdds += Math.log(c[0] + model.alpha) - denom(model.totals.human);
    logOdds -= Math.log(c[1] + model.alpha) - denom(model.totals.model);
  }
  return 1 / (1 + Math.exp(-logOdds));
}

export interface HeldOutEvaluation {
  model: NgramModel;
  /** Share of held-out texts whose label P(human) ≥ 0.5 gets right. */
  accuracy: number;
  train: number;
  test: number;
}

/** Trains on a seeded shuffle's first part and reports accuracy on the rest (default 20% held out). */
export function evaluateNgramClassifier(
  examples: readonly LabelledText[],
  options: { seed: number; testShare?: number; n?: number; alpha?: number },
): HeldOutEvaluation {
  const shuffled = new Rng(options.seed).shuffle(examples);
  const testSize = Math.max(1, Math.round(shuffled.length * (options.testShare ?? 0.2)));
  const test = shuffled.slice(0, testSize);
  const model = trainNgramClassifier(shuffled.slice(testSize), options);
  const right = test.filter((e) => probabilityHuman(model, e.text) >= 0.5 === (e.label === "human")).length;
  return { model, accuracy: right / test.length, train: shuffled.length - testSize, test: test.length };
}

/** The model as JSON text (keys in a fixed order). */
export const serializeNgramModel = (model: NgramModel): string => `${JSON.stringify(model)}\n`;

/** A model from parsed JSON; a bad one throws naming the source and the field. */
export const parseNgramModel = (raw: unknown, source = "n-gram model"): NgramModel =>
  parseData(source, raw, NgramModel);

/** A model from a JSON file. */
export const readNgramModel = (file: string): NgramModel => readDataFile(file, NgramModel);
