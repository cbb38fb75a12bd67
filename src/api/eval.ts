// `siturec/eval`: score SituRecBench trajectories as `siturec evaluate` does (the paper's metrics per
// cohort), write the report's tables and charts, build the judge's transcript, and measure agreement
// between human and simulated shoppers. CustomerSim's evaluation lives in `siturec/customersim`.

export type { PromptSet, SharedTemplateName, TemplateName } from "../agents/prompts/prompt-set.js";
export type { JUDGE_DIMENSIONS, JudgeTranscript } from "../agents/types.js";
export type { SiturecError } from "../core/errors.js";
export type { EnvId } from "../core/manifest.js";
export {
  DECISION_CASES,
  type Decision,
  type DecisionCase,
  type DecisionInput,
  decisionAlignment,
} from "../customersim/metrics/decision-alignment.js";
export type { EvalContext } from "../eval/eval-context.js";
export {
  CGV_KEYS,
  type CohortAnalyses,
  type CohortKey,
  type CohortReport,
  type CohortUsage,
  evaluate,
  evaluateCohort,
  type MetricValue,
} from "../eval/evaluate.js";
export { cohortJson, cohortLabel, formatMetric } from "../eval/format.js";
export { estimateJudge, type JudgeEstimate, type JudgeEstimateOptions } from "../eval/judge-estimate.js";
export { judgeTranscript } from "../eval/judge-transcript.js";
export { episodeDecision, recommendedProducts } from "../eval/metrics/decision-alignment.js";
export {
  type Disclosure,
  type DisclosureLexicon,
  disclosureLexicon,
  labelDisclosures,
} from "../eval/metrics/label-disclosures.js";
export {
  actionFollowingRate,
  CGV_HORIZONS,
  cumulativeGoalVisibility,
  localNavigationSuccessRate,
} from "../eval/metrics/navigation.js";
export { purchased, referencePurchase, successByTurn, turnCount } from "../eval/metrics/outcome.js";
export { episodeProtocol, type ProtocolCounts } from "../eval/metrics/protocol.js";
export { ndcgAt10, recallAt5, reciprocalRankAt10 } from "../eval/metrics/ranking.js";
export { readRuns, readTrajectoryFile, TrajectoryFileError } from "../eval/read-trajectories.js";
export { type Chart, type ChartSpec, reportChartSpecs, reportCharts } from "../eval/report/charts.js";
export { type ReportFiles, type Table, writeReport, writeReportFiles } from "../eval/report/write-report.js";
export { mean, pearson, sampleSd, spearman } from "../eval/stats.js";
export type { Range as EstimateRange, RoleEstimate } from "../llm/call-estimate.js";
export type { PriceTable } from "../llm/prices.js";
export type { Correlation } from "../study/agreement/correlation.js";
export type { Figure5, Figure5Row } from "../study/agreement/figure5.js";
export {
  type AgreementInput,
  type HumanAgreement,
  humanAgreement,
} from "../study/agreement/human-agreement.js";
export type { SimRun } from "../study/agreement/sim-runs.js";
export type {
  SideMeans,
  TABLE4_METRICS,
  Table4,
  Table4Metric,
  Table4Row,
} from "../study/agreement/table4.js";
export type { Dimension } from "../study/questionnaire.js";
export type { Interaction, ParticipantRecord, Study } from "../study/study-spec.js";
export type { HumanTrajectory } from "../study/study-trajectories.js";
export type { Trajectory } from "../trajectory/trajectory.js";
