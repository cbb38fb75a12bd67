import { describe, expect, it } from "vitest";
import { DataFileError } from "../../core/data-file.js";
import {
  evaluateNgramClassifier,
  type LabelledText,
  meanLogLikelihoodRatio,
  ngrams,
  parseNgramModel,
  probabilityHuman,
  serializeNgramModel,
  trainNgramClassifier,
} from "./ngram-classifier.js";

const human = ["lol ok", "nah too pricey", "ok cool", "hmm nah", "got anything cheaper lol", "ok that works"];
const model = [
  "I would be delighted to consider this option.",
  "Thank you for the detailed recommendation.",
  "I would appreciate a product that satisfies my requirements.",
  "Thank you, I would like to proceed with this option.",
  "Could you recommend an option that satisfies my preferences?",
  "I appreciate the recommendation; however, it exceeds my budget.",
];
const corpus: LabelledText[] = [
  ...human.map((text) => ({ text, label: "human" as const })),
  ...model.map((text) => ({ text, label: "model" as const })),
];

describe("n-gram naive-Bayes classifier", () => {
  it("extracts uni- and bigrams", () => {
    expect(ngrams("Too pricey, lol", 2)).toEqual(["too", "pricey", "lol", "too pricey", "pricey lol"]);
  });

  it("tells the toy corpus apart, calibrated", () => {
    const m = trainNgramClassifier(corpus);
    expect(m.calibration).toMatchObject({ method: "platt-mean-llr", folds: 5, seed: 0 });
    expect(m.calibration.a).toBeGreaterThan(0);
    // "lol ok": human counts lol 2, ok 3, "lol ok" 1; never in model text.
    expect(meanLogLikelihoodRatio(m, "lol ok")).toBeGreaterThan(0.5);
    expect(meanLogLikelihoodRatio(m, "I would appreciate this option")).toBeLessThan(-0.5);
    expect(probabilityHuman(m, "lol ok")).toBeGreaterThan(0.6);
    expect(probabilityHuman(m, "I would appreciate this option")).toBeLessThan(0.4);
    // Nothing known: no evidence, the calibration's intercept.
    expect(probabilityHuman(m, "zzz")).toBeCloseTo(1 / (1 + Math.exp(-m.calibration.b)));
  });

  it("trains deterministically, whatever the order, and round-trips through JSON", () => {
    const a = serializeNgramModel(trainNgramClassifier(corpus));
    expect(serializeNgramModel(trainNgramClassifier([...corpus].reverse()))).toBe(a);
    const back = parseNgramModel(JSON.parse(a));
    expect(probabilityHuman(back, "ok nah")).toBe(probabilityHuman(trainNgramClassifier(corpus), "ok nah"));
  });

  it("reports held-out accuracy on a seeded split", () => {
    const a = evaluateNgramClassifier(corpus, { seed: 7, testShare: 0.25 });
    expect(a).toMatchObject({ train: 9, test: 3 });
    expect(a.logLoss).toBeGreaterThan(0);
    expect(a.accuracy).toBeGreaterThanOrEqual(2 / 3);
    expect(evaluateNgramClassifier(corpus, { seed: 7, testShare: 0.25 })).toEqual(a);
  });

  it("refuses a version-1 model file (uncalibrated), asking to retrain", () => {
    const { calibration: _, ...old } = { ...trainNgramClassifier(corpus), version: 1 };
    expect(() => parseNgramModel(old, "old.json")).toThrow(
      /old\.json: \$\.version: a version-1 n-gram model has no calibration .* retrain it with siturec customersim ngram train/,
    );
  });

  it("rejects a bad model file naming the field", () => {
    const bad = { ...trainNgramClassifier(corpus), alpha: -1 };
    expect(() => parseNgramModel(bad, "model.json")).toThrow(DataFileError);
    expect(() => parseNgramModel(bad, "model.json")).toThrow(
      /model\.json: \$\.alpha: alpha must be positive/,
    );
  });

  it("needs both labels", () => {
    expect(() => trainNgramClassifier(corpus.slice(0, 3))).toThrow(/human and model/);
  });
});
