export { type ChatScores, type ChatScoreTable, scoreConversations } from "./aggregate.js";
export {
  type Decision,
  type DecisionCase,
  type DecisionInput,
  decisionAlignment,
} from "./decision-alignment.js";
