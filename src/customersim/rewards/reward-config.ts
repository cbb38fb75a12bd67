import { z } from "zod";

const Weight = (name: string, value: number) =>
  z.number(`weights.${name} must be a number`).min(0, `weights.${name} must be 0 or more`).default(value);

/**
 * How the reward components are weighted and shaped. The paper gives no weights; the defaults put
 * decision alignment first (weight 1), reasoning and language at half, the auxiliaries at 0.2.
 */
export const RewardConfig = z
  .object({
    weights: z
      .object({
        align: Weight("align", 1),
        reason: Weight("reason", 0.5),
        ngram: Weight("ngram", 0.5),
        format: Weight("format", 0.2),
        length: Weight("length", 0.2),
        turns: Weight("turns", 0.2),
      })
      .strict()
      .prefault({}),
    /**
     * R_length's band of human-like shopper turn lengths, in words: 2 to 47 are the 5th and 95th
     * percentiles of RecQuest's 5,267 human shopper turns (median 10).
     */
    lengthBand: z
      .object({
        minWords: z.number().int().min(1, "lengthBand.minWords must be at least 1").default(2),
        maxWords: z.number().int().min(1, "lengthBand.maxWords must be at least 1").default(47),
      })
      .strict()
      .prefault({})
      .refine((b) => b.minWords <= b.maxWords, "lengthBand.minWords must not exceed lengthBand.maxWords"),
    /**
     * R_turns reaches 1 at this many shopper turns: 5 is the 5th percentile of human shopper turns
     * per RecQuest dialogue (median 9); within CustomerSim's limit of 10.
     */
    targetRounds: z.number().int().min(2, "targetRounds must be at least 2").default(5),
  })
  .strict();
export type RewardConfig = z.infer<typeof RewardConfig>;
export type RewardConfigInput = z.input<typeof RewardConfig>;
export type RewardWeights = RewardConfig["weights"];

/** A validated configuration, defaults filled in; throws naming the bad field. */
export function rewardConfig(input: unknown = {}): RewardConfig {
  const parsed = RewardConfig.safeParse(input);
  if (parsed.success) return parsed.data;
  const why = parsed.error.issues.map((i) => `${i.path.join(".") || "config"}: ${i.message}`).join("; ");
  throw new Error(`invalid reward config: ${why}`);
}
