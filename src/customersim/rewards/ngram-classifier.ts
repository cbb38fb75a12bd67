import { z } from "zod";
import { DataFileError, parseData, readDataFile } from "../../core/data-file.js";
import { Rng } from "../../core/random.js";
import { termTokens } from "../fidelity/index.js";
import { fitPlatt, type ScoredLabel, sigmoid } from "./platt-scaling.js";

export type TextLabel = "human" | "model";
export interface LabelledText {
  text: string;
  label: TextLabel;
}

const Count = z.number().int().min(0);

/** Cross-fitting folds for the calibration: every training text is scored once by a model that never saw it. */
export const CALIBRATION_FOLDS = 5;

/**
 * How a text's score becomes P(human): Platt scaling, σ(a · s + b), of `s` the mean log-likelihood
 * ratio per known n-gram, fitted on out-of-fold scores of the training texts.
 */
export const NgramCalibration = z
  .object({
    method: z.literal("platt-mean-llr"),
    a: z.number(),
    b: z.number(),
    /** Folds of the cross-fitting and the seed that dealt them. */
    folds: z.number().int().min(2),
    seed: z.number().int(),
  })
  .strict();
export type NgramCalibration = z.infer<typeof NgramCalibration>;

/**
 * A multinomial naive-Bayes classifier over word n-grams (1..n) of shopper turns, human vs model,
 * with a calibration. Naive Bayes trains in closed form (counts); the calibration is a seeded
 * cross-fitting and a deterministic Newton fit, so the same texts and seed give the same file.
 * Version 1 (no calibration: a sum of log-ratios over every n-gram, which saturates at 0 or 1) is
 * refused with a request to retrain.
 */
export const NgramModel = z
  .object({
    kind: z.literal("customersim.ngram-nb"),
    version: z.literal(2),
    n: z.number().int().min(1, "n must be 1 or more").max(3, "n must be 3 at most"),
    alpha: z.number().positive("alpha must be positive"),
    /** Training texts per label. */
    docs: z.object({ human: Count, model: Count }).strict(),
    /** n-gram occurrences per label. */
    totals: z.object({ human: Count, model: Count }).strict(),
    calibration: NgramCalibration,
    /** n-gram → [human count, model count], keys sorted. */
    counts: z.record(z.string(), z.tuple([Count, Count])),
  })
  .strict();
export type NgramModel = z.infer<typeof NgramModel>;

/** What scoring reads of a model: its counts (a fold's during training, the file's after). */
type Counts = Pick<NgramModel, "n" | "alpha" | "totals" | "counts">;

/** The word n-grams of a text, orders 1..n, words joined by a space. */
export function ngrams(text: string, n: number): string[] {
  const words = termTokens(text);
  const out: string[] = [];
  for (let k = 1; k <= n; k++) {
    for (let i = 0; i + k <= words.length; i++) out.push(words.slice(i, i + k).join(" "));
  }
  return out;
}

/** The n-gram counts of labelled texts (keys sorted). */
function countNgrams(examples: readonly LabelledText[], n: number, alpha: number) {
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
  const sorted = [...counts.keys()].sort().map((k) => [k, counts.get(k)!] as const);
  return { n, alpha, docs, totals, counts: Object.fromEntries(sorted) };
}

const vocabularies = new WeakMap<object, number>();
const vocabularyOf = (counts: Counts["counts"]): number => {
  let v = vocabularies.get(counts);
  if (v === undefined) {
    v = Object.keys(counts).length;
    vocabularies.set(counts, v);
  }
  return v;
};

/**
 * The length-normalised evidence of a text: the mean over its n-grams seen in training of
 * log P(g | human) − log P(g | model) (Laplace-smoothed); 0 when none was seen. A sum would grow
 * with the text's length and push every long turn to certainty.
 */
export function meanLogLikelihoodRatio(model: Counts, text: string): number {
  const vocabulary = vocabularyOf(model.counts);
  const humanDenom = Math.log(model.totals.human + model.alpha * vocabulary);
  const modelDenom = Math.log(model.totals.model + model.alpha * vocabulary);
  let sum = 0;
  let known = 0;
  for (const g of ngrams(text, model.n)) {
    if (!Object.hasOwn(model.counts, g)) continue;
    const c = model.counts[g]!;
    sum += Math.log(c[0] + model.alpha) - humanDenom - (Math.log(c[1] + model.alpha) - modelDenom);
    known++;
  }
  return known ? sum / known : 0;
}

/** The examples in a fixed order (by label, then text), whatever order they came in. */
function canonical(examples: readonly LabelledText[]): LabelledText[] {
  const key = (e: LabelledText) => `${e.label}\u0000${e.text}`;
  return [...examples].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
}

/** Every example scored by the counts of the folds it is not in (a seeded deal into `folds`). */
function outOfFoldScores(
  examples: readonly LabelledText[],
  opts: { n: number; alpha: number; folds: number; seed: number },
): ScoredLabel[] {
  const dealt = new Rng(opts.seed).fork("ngram-calibration").shuffle(canonical(examples));
  const scored: ScoredLabel[] = [];
  for (let f = 0; f < opts.folds; f++) {
    const held = dealt.filter((_, i) => i % opts.folds === f);
    const counts = countNgrams(
      dealt.filter((_, i) => i % opts.folds !== f),
      opts.n,
      opts.alpha,
    );
    for (const e of held)
      scored.push({ score: meanLogLikelihoodRatio(counts, e.text), human: e.label === "human" });
  }
  return scored;
}

/**
 * Trains on labelled texts: the counts of all of them, calibrated on out-of-fold scores (`seed`
 * deals the folds, default 0). The model's JSON is identical for the same texts in any order.
 */
export function trainNgramClassifier(
  examples: readonly LabelledText[],
  options: { n?: number; alpha?: number; seed?: number; folds?: number } = {},
): NgramModel {
  const n = options.n ?? 2;
  const alpha = options.alpha ?? 1;
  const seed = options.seed ?? 0;
  const folds = Math.min(options.folds ?? CALIBRATION_FOLDS, examples.length);
  const counted = countNgrams(examples, n, alpha);
  if (!counted.docs.human || !counted.docs.model)
    throw new Error("the n-gram classifier needs human and model texts");
  if (folds < 2) throw new Error("the n-gram classifier's calibration needs at least two texts");
  const { a, b } = fitPlatt(outOfFoldScores(examples, { n, alpha, folds, seed }));
  const { docs, totals, counts } = counted;
  return {
    kind: "customersim.ngram-nb",
    version: 2,
    n,
    alpha,
    docs,
    totals,
    calibration: { method: "platt-mean-llr", a, b, folds, seed },
    counts,
  };
}

/** Calibrated P(human | text): σ(a · mean log-likelihood ratio + b); n-grams never seen are ignored. */
export function probabilityHuman(model: NgramModel, text: string): number {
  const { a, b } = model.calibration;
  return sigmoid(a * meanLogLikelihoodRatio(model, text) + b);
}

export interface HeldOutEvaluation {
  model: NgramModel;
  /** Share of held-out texts whose label P(human) ≥ 0.5 gets right. */
  accuracy: number;
  /** Mean −log P(true label) on the held-out texts: how well calibrated P(human) is (ln 2 ≈ 0.693 is a coin). */
  logLoss: number;
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
  const p = test.map((e) => probabilityHuman(model, e.text));
  const right = test.filter((e, i) => p[i]! >= 0.5 === (e.label === "human")).length;
  const logLoss =
    -test.reduce((s, e, i) => s + Math.log(Math.max(1e-12, e.label === "human" ? p[i]! : 1 - p[i]!)), 0) /
    test.length;
  return {
    model,
    accuracy: right / test.length,
    logLoss,
    train: shuffled.length - testSize,
    test: test.length,
  };
}

/** The model as JSON text (keys in a fixed order). */
export const serializeNgramModel = (model: NgramModel): string => `${JSON.stringify(model)}\n`;

/** A model from parsed JSON; a bad one throws naming the source and the field. */
export function parseNgramModel(raw: unknown, source = "n-gram model"): NgramModel {
  refuseVersion1(raw, source);
  return parseData(source, raw, NgramModel);
}

/** A model from a JSON file. */
export function readNgramModel(file: string): NgramModel {
  return parseNgramModel(readDataFile(file, z.unknown()), file);
}

function refuseVersion1(raw: unknown, source: string): void {
  const r = raw as { kind?: unknown; version?: unknown } | null;
  if (r && typeof r === "object" && r.kind === "customersim.ngram-nb" && r.version === 1)
    throw new DataFileError([
      {
        file: source,
        path: "$.version",
        message:
          "a version-1 n-gram model has no calibration (its P(human) saturates at 0 or 1): retrain it with siturec customersim ngram train",
      },
    ]);
}
