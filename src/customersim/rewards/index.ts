export { alignReward } from "./align-reward.js";
export { formatReward } from "./format-reward.js";
export { lengthReward, turnLengthScore } from "./length-reward.js";
export {
  CALIBRATION_FOLDS,
  evaluateNgramClassifier,
  type HeldOutEvaluation,
  type LabelledText,
  meanLogLikelihoodRatio,
  NgramCalibration,
  NgramModel,
  ngrams,
  parseNgramModel,
  probabilityHuman,
  readNgramModel,
  serializeNgramModel,
  type TextLabel,
  trainNgramClassifier,
} from "./ngram-classifier.js";
export { ngramReward } from "./ngram-reward.js";
export { fitPlatt, type PlattParameters } from "./platt-scaling.js";
export { type ReasonJudge, reasonReward } from "./reason-reward.js";
export {
  RewardConfig,
  type RewardConfigInput,
  type RewardWeights,
  rewardConfig,
} from "./reward-config.js";
export {
  type CombinedReward,
  combineRewards,
  REWARD_COMPONENTS,
  type RewardComponent,
  type RewardComponents,
  type TrajectoryReward,
  type TrajectoryRewardOptions,
  trajectoryReward,
} from "./trajectory-reward.js";
export { turnsReward } from "./turns-reward.js";
