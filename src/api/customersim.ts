// `siturec/customersim`: evaluate shopper simulators as CustomerSim does. Persona-driven shoppers talk with
// a salesperson in a chat store with tools; conversations are scored by decision alignment against each
// persona's acceptable products and by how human the shopper's language is, with rewards for training.

export type { Clock } from "../core/clock.js";
export type { DataProblem } from "../core/data-file.js";
export type { SiturecError } from "../core/errors.js";
export {
  MODEL_CALLS,
  type ModelCallRecord,
  modelCallsOf,
  type RoleModelCalls,
  type StoredCallUsage,
  type StoredContentPart,
  type StoredMessage,
  type StoredSampling,
  type StoredToolCall,
  type TextRef,
  type TurnModelCalls,
  withModelCalls,
} from "../core/model-call-record.js";
export type {
  CustomerSimAgentEntry,
  CustomerSimAgentOf,
  CustomerSimAgentOptions,
  MadeCustomerSimAgent,
  ResolvedCustomerSimAgent,
} from "../customersim/agent-registry.js";
export {
  builtinCustomerSimAgents,
  CustomerSimAgentError,
  CustomerSimAgents,
  type CustomerSimRole,
} from "../customersim/agent-registry.js";
export {
  createBuyFirstShopper,
  createPushySales,
  createReferenceSales,
  createRuleShopper,
  createWalkOutShopper,
  FLOOR_SHOPPERS,
  type FloorShopperId,
} from "../customersim/builtin-agents/index.js";
export type {
  ConversationView,
  SalesAgent,
  SalesContext,
  SalesReply,
  SalesToolOutput,
  SalesTools,
  ShopperAgent,
  ShopperContext,
  ShopperReply,
} from "../customersim/chat/agent.js";
export { ConversationResult } from "../customersim/chat/conversation-result.js";
export { type RunConversationOptions, runConversation } from "../customersim/chat/run-conversation.js";
export type { RawToolCall } from "../customersim/chat/tool-calls.js";
export type { ToolResult, Turn } from "../customersim/chat/turn.js";
export type {
  ChatStoreOptions,
  GuideHit,
  ProductHit,
  Retrieval,
} from "../customersim/chat-store/chat-store.js";
export { type ChatStore, createChatStore, defaultChatStore } from "../customersim/chat-store/chat-store.js";
export type { Requirements } from "../customersim/checker/acceptable-set.js";
export { acceptableSet, isAcceptable } from "../customersim/checker/index.js";
export type { CustomerSimPart } from "../customersim/data-files.js";
export {
  type CustomerSimData,
  loadCustomerSimData,
  readCustomerSimData,
} from "../customersim/data-files.js";
export type { MessageOptions } from "../customersim/export/conversation-messages.js";
export type { ExportOptions, GrpoRowOptions } from "../customersim/export/export-rollouts.js";
export {
  exportRollouts,
  exportVerlParquet,
  grpoRow,
  sftRow,
} from "../customersim/export/export-rollouts.js";
export { readRollouts } from "../customersim/export/read-rollouts.js";
export type { ExportFormat } from "../customersim/export/row-schemas.js";
export { EXPORT_FORMATS, GrpoRow, rowJsonSchema, SftRow } from "../customersim/export/row-schemas.js";
export { TrlGrpoRow, TrlSftRow, VerlRow } from "../customersim/export/trainer-row-schemas.js";
export type { RolloutMeta, TrainerRowOptions } from "../customersim/export/trainer-rows.js";
export type { ReasoningPlacement } from "../customersim/export/trl-messages.js";
export type { CompletenessJudge } from "../customersim/fidelity/completeness.js";
export type { CriteriaJudge } from "../customersim/fidelity/criteria-count.js";
export type {
  DialogueFidelity,
  Estimator,
  FidelityDelta,
  FidelityOptions,
  FidelityScores,
} from "../customersim/fidelity/fidelity-report.js";
export { type FidelityReport, measureFidelity } from "../customersim/fidelity/fidelity-report.js";
export type { ShopperDialogue } from "../customersim/fidelity/shopper-dialogue.js";
export type { LlmJudgeOptions, llmReasonJudge } from "../customersim/judges/llm-judges.js";
export type { LlmAgentOptions } from "../customersim/llm-agents/agent-options.js";
export { LlmSales, type LlmSalesOptions } from "../customersim/llm-agents/llm-sales.js";
export type { ShopperReasoning } from "../customersim/llm-agents/llm-shopper.js";
export { LlmShopper, type LlmShopperOptions } from "../customersim/llm-agents/llm-shopper.js";
export type { ShopperPromptOptions } from "../customersim/llm-agents/shopper-prompt.js";
export type { AgentCall, ModelCallUsage, UsageLedger, UsageTotals } from "../customersim/llm-agents/usage.js";
export type { ChatScores } from "../customersim/metrics/aggregate.js";
export { type ChatScoreTable, scoreConversations } from "../customersim/metrics/aggregate.js";
export type { Decision, DecisionCase, DecisionInput } from "../customersim/metrics/decision-alignment.js";
export { decisionAlignment } from "../customersim/metrics/decision-alignment.js";
export type { ShownAcceptable, ShownAcceptableTable } from "../customersim/metrics/shown-acceptable.js";
export type { NgramModel } from "../customersim/rewards/ngram-classifier.js";
export type { ReasonJudge } from "../customersim/rewards/reason-reward.js";
export {
  RewardConfig,
  type RewardConfigInput,
  rewardConfig,
} from "../customersim/rewards/reward-config.js";
export type {
  RewardComponent,
  RewardComponents,
  TrajectoryRewardOptions,
} from "../customersim/rewards/trajectory-reward.js";
export {
  type CombinedReward,
  REWARD_COMPONENTS,
  type TrajectoryReward,
  trajectoryReward,
} from "../customersim/rewards/trajectory-reward.js";
export type { CategoryInfo } from "../customersim/schema/category.js";
export { CATEGORIES, CATEGORY_IDS, CategoryId } from "../customersim/schema/category.js";
export type { GuideEntry, GuideSet } from "../customersim/schema/guide.js";
export type { CategoryKnowledge, KnowledgeBase } from "../customersim/schema/knowledge.js";
export type { CustomerSimManifest } from "../customersim/schema/manifest.js";
export { Persona, PersonaSet } from "../customersim/schema/persona.js";
export { Catalog, Product } from "../customersim/schema/product.js";
export type { AttrTest, Criterion, PropertyRule, ShareTest } from "../customersim/schema/rule.js";
export type { StoredEpisodeSource } from "../customersim/stored-conversation.js";
export {
  CustomerSimHeader,
  CustomerSimOutcome,
  CustomerSimRound,
  readCustomerSimRun,
  StoredConversation,
} from "../customersim/stored-conversation.js";
export { checkCustomerSimData, validateCustomerSimData } from "../customersim/validate.js";
export type {
  ComparedMetric,
  ConversationsComparison,
  MetricComparison,
} from "../eval/customersim/compare-runs.js";
export { COMPARED_METRICS, compareConversations } from "../eval/customersim/compare-runs.js";
export { CustomerSimJudges } from "../eval/customersim/customersim-judges.js";
export type { CustomerSimReportInput } from "../eval/customersim/customersim-report.js";
export { writeCustomerSimReport } from "../eval/customersim/customersim-report.js";
export type { DaFloors, FloorSide, FloorSource } from "../eval/customersim/da-floors.js";
export type {
  ConversationMetrics,
  EvalRow,
  EvaluateRunOptions,
} from "../eval/customersim/evaluate-customersim-run.js";
export { evaluateRun, measureRun, type RunEvaluation } from "../eval/customersim/evaluate-customersim-run.js";
export {
  cohensDPooled,
  cohensDz,
  type PermutationTest,
  pairedPermutationTest,
} from "../eval/customersim/paired-statistics.js";
export type { ReportComparison } from "../eval/customersim/report-comparison-table.js";
export type { ReportFiles } from "../eval/report/write-report.js";
export type { CachedResponse } from "../llm/cache.js";
export type { CallTranscript } from "../llm/call-record.js";
export type {
  CallEvent,
  LlmClient,
  LlmClientOptions,
  LlmCompletion,
  LlmRequest,
  LlmResponse,
  RetryEvent,
  StructuredOutputMode,
} from "../llm/client.js";
export type { EmbedRequest, EmbedResponse } from "../llm/embed.js";
export type {
  AssistantMessage,
  ContentPart,
  LlmMessage,
  ToolResultMessage,
  UserMessage,
} from "../llm/messages.js";
export type { PriceTable } from "../llm/prices.js";
export type { SharedLimit, SharedResponseCache } from "../llm/response-caches.js";
export type { NativeToolCall, ToolChoice, ToolResult as LlmToolResult, ToolSpec } from "../llm/tools.js";
export {
  type CustomerSimRunConfig,
  parseCustomerSimRunConfig,
} from "../runner/customersim/customersim-config.js";
export {
  type CustomerSimProgress,
  type CustomerSimRunOptions,
  type CustomerSimRunResult,
  runCustomerSim,
} from "../runner/customersim/run-customersim.js";
export type { ProgressCounters } from "../runner/resumed-progress.js";
export type { RunControl, RunStartInfo } from "../runner/run-control.js";
export type {
  Benchmark,
  EpisodeRow,
  EpisodeStatus,
  Lease,
  LeaseOwner,
  NewRun,
  RunRow,
  RunStatus,
  RunStore,
  Spend,
  SpendRow,
  StoredEpisode,
  StoredHeader,
  StoredOutcome,
  StoredTurn,
  StoredUsage,
} from "../storage/run-store.js";
export type { StoredImages } from "../storage/stored-images.js";
export type { ImageSink } from "../trajectory/image-sink.js";
export type { Trajectory } from "../trajectory/trajectory.js";
