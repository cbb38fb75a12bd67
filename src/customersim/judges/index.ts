export {
  COMPLETENESS_JUDGE_PROMPT,
  CRITERIA_JUDGE_PROMPT,
  conversationForJudge,
  type LlmJudgeOptions,
  llmCompletenessJudge,
  llmCriteriaJudge,
  llmReasonJudge,
  REASON_JUDGE_PROMPT,
} from "./llm-judges.js";
