import type { ConversationResult } from "../chat/index.js";
import type { Persona } from "../schema/persona.js";
import { alignReward } from "./align-reward.js";
import { formatReward } from "./format-reward.js";
import { lengthReward } from "./length-reward.js";
import type { NgramModel } from "./ngram-classifier.js";
import { ngramReward } from "./ngram-reward.js";
import { type ReasonJudge, reasonReward } from "./reason-reward.js";
import { type RewardConfigInput, type RewardWeights, rewardConfig } from "./reward-config.js";
import { turnsReward } from "./turns-reward.js";

export const REWARD_COMPONENTS = ["align", "reason", "ngram", "format", "length", "turns"] as const;
export type RewardComponent = (typeof REWARD_COMPONENTS)[number];

/** Each component in [0, 1]; null when it could not be computed (no judge, no classifier). */
export type RewardComponents = Record<RewardComponent, number | null>;

export interface CombinedReward {
  /** The weighted mean of the present components, in [0, 1]. */
  reward: number;
  /** The weights used, renormalised to sum to 1 over the present components (0 for absent ones). */
  weights: Record<RewardComponent, number>;
}

/** Weighted mean of the components that are not null, their weights renormalised. */
export function combineRewards(components: RewardComponents, weights: RewardWeights): CombinedReward {
  const present = REWARD_COMPONENTS.filter((c) => components[c] !== null);
  const total = present.reduce((s, c) => s + weights[c], 0);
  if (total <= 0) throw new Error(`no weight on the present reward components (${present.join(", ")})`);
  const used = Object.fromEntries(
    REWARD_COMPONENTS.map((c) => [c, components[c] === null ? 0 : weights[c] / total]),
  ) as Record<RewardComponent, number>;
  return { reward: present.reduce((s, c) => s + used[c] * components[c]!, 0), weights: used };
}

export interface TrajectoryRewardOptions {
  persona: Persona;
  config?: RewardConfigInput;
  classifier?: NgramModel;
  reasonJudge?: ReasonJudge;
}

export interface TrajectoryReward extends CombinedReward {
  components: RewardComponents;
}

/** UserGRPO's trajectory-level reward (§3.1) of one conversation, broadcast to every shopper turn. */
export async function trajectoryReward(
  result: ConversationResult,
  options: TrajectoryRewardOptions,
): Promise<TrajectoryReward> {
  const config = rewardConfig(options.config);
  const components: RewardComponents = {
    align: alignReward(result, options.persona),
    reason: await reasonReward(result, options.persona, options.reasonJudge),
    ngram: ngramReward(result, options.classifier),
    format: formatReward(result),
    length: lengthReward(result, config.lengthBand),
    turns: turnsReward(result, config.targetRounds),
  };
  return { components, ...combineRewards(components, config.weights) };
}
