export { type ChatScores, type ChatScoreTable, scoreConversations } from "./aggregate.js";
export {
  DECISION_CASES,
  type Decision,
  type DecisionCase,
  type DecisionInput,
  decisionAlignment,
} from "./decision-alignment.js";
export { type ShownAcceptable, type ShownAcceptableTable, shownAcceptable } from "./shown-acceptable.js";
