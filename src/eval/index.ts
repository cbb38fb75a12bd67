// Equation (1), defined with CustomerSim's metrics, is SituRecBench's too.
export {
  DECISION_CASES,
  type Decision,
  type DecisionCase,
  type DecisionInput,
  decisionAlignment,
} from "../customersim/metrics/decision-alignment.js";
export * from "./eval-context.js";
export * from "./evaluate.js";
export * from "./format.js";
export * from "./judge-estimate.js";
export * from "./judge-transcript.js";
export * from "./metrics/decision-alignment.js";
export * from "./metrics/navigation.js";
export * from "./metrics/outcome.js";
export * from "./metrics/ranking.js";
export * from "./read-trajectories.js";
export * from "./report/charts.js";
export * from "./report/usage-table.js";
export * from "./report/write-report.js";
export * from "./stats.js";
