import { describe, expect, it, vi } from "vitest";
import { createPushySales, createReferenceSales, createRuleShopper } from "../builtin-agents/index.js";
import { type ConversationResult, runConversation, type Turn } from "../chat/index.js";
import { loadCustomerSimData } from "../data-files.js";
import { alignReward } from "./align-reward.js";
import { lengthReward, turnLengthScore } from "./length-reward.js";
import { trainNgramClassifier } from "./ngram-classifier.js";
import { ngramReward } from "./ngram-reward.js";
import { reasonReward } from "./reason-reward.js";
import { rewardConfig } from "./reward-config.js";
import { combineRewards, REWARD_COMPONENTS, trajectoryReward } from "./trajectory-reward.js";
import { turnsReward } from "./turns-reward.js";

const personas = loadCustomerSimData().personas.personas;
const persona = personas.find((p) => p.feasible)!;
const turn = (role: Turn["role"], text: string, index: number): Turn => ({
  index,
  round: Math.floor(index / 2) + 1,
  role,
  text,
  toolCalls: [],
  toolResults: [],
  recommended: [],
  formatErrors: [],
});
const result = (over: Partial<ConversationResult>): ConversationResult => ({
  personaId: persona.id,
  category: persona.category,
  turnLimit: 10,
  transcript: [],
  purchased: null,
  recommended: [],
  ending: "end_conversation",
  rounds: 1,
  formatErrors: [],
  shopperFormatError: false,
  endedAtFirstTurn: true,
  ...over,
});

describe("reward components", () => {
  it("R_align reuses decision alignment", () => {
    const good = persona.acceptable[0]!;
    expect(alignReward(result({ purchased: good, recommended: [good] }), persona)).toBe(1);
    expect(alignReward(result({ recommended: [good] }), persona)).toBe(0);
  });

  it("R_reason is null without a judge, 0 without a reasoning trace, and checks the judge's score", async () => {
    const traced = result({ transcript: [{ ...turn("shopper", "Hi.", 0), reasoning: "Budget first." }] });
    expect(await reasonReward(traced, persona)).toBeNull();
    expect(await reasonReward(traced, persona, async () => 0.8)).toBe(0.8);
    await expect(reasonReward(traced, persona, async () => 1.2)).rejects.toThrow(/reason judge/);
    const judge = vi.fn(async () => 1);
    expect(await reasonReward(result({ transcript: [turn("shopper", "Hi.", 0)] }), persona, judge)).toBe(0);
    expect(judge).not.toHaveBeenCalled();
  });

  it("R_length is 1 in the band [2, 47], partial below, 0 at twice the top", () => {
    const band = rewardConfig().lengthBand;
    expect(band).toEqual({ minWords: 2, maxWords: 47 });
    expect([1, 2, 47, 70.5, 94, 200].map((w) => turnLengthScore(w, band))).toEqual([0.5, 1, 1, 0.5, 0, 0]);
    const r = result({
      transcript: [
        turn("shopper", "ok", 0),
        turn("sales", "x ".repeat(300), 1),
        turn("shopper", "yes please", 2),
      ],
    });
    expect(lengthReward(r, band)).toBe(0.75);
  });

  it("R_turns grows to 1 at the target rounds", () => {
    expect([1, 3, 5, 10].map((rounds) => turnsReward(result({ rounds }), 5))).toEqual([0, 0.5, 1, 1]);
  });

  it("R_ngram is the mean P(human) of the shopper turns, null without a classifier", () => {
    const model = trainNgramClassifier([
      { text: "lol ok", label: "human" },
      { text: "I would be delighted", label: "model" },
    ]);
    const r = result({ transcript: [turn("shopper", "zzz", 0)] });
    expect(ngramReward(r)).toBeNull();
    expect(ngramReward(r, model)).toBe(0.5);
  });
});

describe("combined trajectory reward", () => {
  const weights = rewardConfig().weights;

  it("renormalises the weights over the present components", () => {
    const all = { align: 1, reason: null, ngram: null, format: 1, length: 0.5, turns: 0 };
    // Present weights 1 + 0.2 + 0.2 + 0.2 = 1.6: (1·1 + 0.2·1 + 0.2·0.5 + 0.2·0) / 1.6 = 0.8125.
    const c = combineRewards(all, weights);
    expect(c.reward).toBeCloseTo(0.8125);
    expect(c.weights.reason).toBe(0);
    expect(Object.values(c.weights).reduce((s, w) => s + w, 0)).toBeCloseTo(1);
    expect(() => combineRewards(all, { ...weights, align: 0, format: 0, length: 0, turns: 0 })).toThrow(
      /no weight/,
    );
  });

  it("validates the config, naming the field", () => {
    expect(() => rewardConfig({ weights: { align: -1 } })).toThrow(/weights\.align must be 0 or more/);
    expect(() => rewardConfig({ lengthBand: { minWords: 50 } })).toThrow(/minWords must not exceed/);
    expect(() => rewardConfig({ bonus: 1 })).toThrow(/invalid reward config/);
  });

  it("stays in [0, 1] on real conversations", async () => {
    const classifier = trainNgramClassifier([
      { text: "nah too pricey", label: "human" },
      { text: "Must be jeans. Cannot spend more than $110.", label: "model" },
    ]);
    for (const p of personas.slice(0, 12)) {
      for (const sales of [createReferenceSales(), createPushySales()]) {
        const r = await runConversation({ persona: p, shopper: createRuleShopper(), sales });
        const t = await trajectoryReward(r, { persona: p, classifier, reasonJudge: async () => 0.5 });
        for (const c of REWARD_COMPONENTS) {
          expect(t.components[c]).toBeGreaterThanOrEqual(0);
          expect(t.components[c]).toBeLessThanOrEqual(1);
        }
        expect(t.reward).toBeGreaterThanOrEqual(0);
        expect(t.reward).toBeLessThanOrEqual(1);
        expect(t.components.align).toBe(1);
      }
    }
  });
});
