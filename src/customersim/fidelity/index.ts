export { GENERIC_ATTRIBUTE_WORDS } from "./attribute-vocabulary.js";
export {
  type Completeness,
  type CompletenessJudge,
  isCompleteSentence,
  sentenceCompleteness,
} from "./completeness.js";
export {
  type CriteriaCount,
  type CriteriaJudge,
  countCriteria,
  criterionCue,
  firstTurnCriteria,
  splitClauses,
} from "./criteria-count.js";
export {
  type DialogueFidelity,
  type Estimator,
  type FidelityDelta,
  type FidelityOptions,
  type FidelityReport,
  type FidelityScores,
  fidelityDelta,
  measureFidelity,
} from "./fidelity-report.js";
export { checkJudgeAnswer } from "./judge-answer.js";
export {
  measureRecQuestBaseline,
  RECQUEST_CATEGORY,
  RecQuestDialogue,
  RecQuestMessage,
  type RecQuestReadOptions,
  readRecQuestDialogues,
  recQuestCategory,
} from "./recquest-reader.js";
export { peerSimilarities } from "./redundancy.js";
export { ShopperDialogue, shopperDialogue } from "./shopper-dialogue.js";
export { splitSentences, termTokens, wordTokens } from "./text-units.js";
export { cosine, type TfidfVector, tfidfVectors } from "./tfidf.js";
