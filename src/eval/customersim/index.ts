export { CustomerSimJudges, estimatorText } from "./customersim-judges.js";
export { type CustomerSimReportInput, runLabels, writeCustomerSimReport } from "./customersim-report.js";
export {
  type EvalRow,
  evaluateRun,
  humanBaseline,
  type RunEvaluation,
} from "./evaluate-customersim-run.js";
