import type { ConversationResult } from "../chat/index.js";
import { type NgramModel, probabilityHuman } from "./ngram-classifier.js";

/**
 * R_ngram: the mean calibrated P(human) of the shopper's non-empty turns (the classifier is trained
 * on turns; `probabilityHuman` squashes each turn's mean log-likelihood ratio with the model's Platt
 * calibration, so the reward is graded rather than 0 or 1); null without a classifier or shopper text.
 */
export function ngramReward(result: ConversationResult, model?: NgramModel): number | null {
  const texts = result.transcript.filter((t) => t.role === "shopper" && t.text.trim()).map((t) => t.text);
  if (!model || !texts.length) return null;
  return texts.reduce((s, t) => s + probabilityHuman(model, t), 0) / texts.length;
}
