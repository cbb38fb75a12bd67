// The library's front door (`import … from "siturec"`): run SituRecBench, plug in agents and stores, read
// what runs stored. Evaluation, CustomerSim and the environment server have subpaths of their own
// (`siturec/eval`, `siturec/customersim`, `siturec/env-server`). Everything else in src/ is internal and
// may change without notice; docs/library.md shows each entry point in use. Each file lists its names in
// biome's order: values and the types their signatures use (the API report, api-report/, checks both).

export type { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
export { LlmAssistant, type LlmPolicyOptions } from "../agents/llm/llm-assistant.js";
export { LlmJudge } from "../agents/llm/llm-judge.js";
export { LlmModerator } from "../agents/llm/llm-moderator.js";
export { LlmShopper } from "../agents/llm/llm-shopper.js";
export type { PromptSet, SharedTemplateName, TemplateName } from "../agents/prompts/prompt-set.js";
export { ReferenceAssistant } from "../agents/reference/reference-assistant.js";
export type {
  PolicyEntry,
  PolicyNeeds,
  PolicyOf,
  PolicyOptions,
  ResolvedPolicy,
} from "../agents/role-registry.js";
export {
  builtinRoles,
  type CustomRole,
  POLICY_ROLES,
  type PolicyRole,
  RoleRegistry,
} from "../agents/role-registry.js";
export { RuleModerator } from "../agents/rule-moderator/rule-moderator.js";
export { RuleShopper } from "../agents/rule-shopper/rule-shopper.js";
export type {
  ActionRecord,
  AssistantAction,
  AssistantContext,
  AssistantOutput,
  AssistantPolicy,
  CallUsage,
  DialogueTurn,
  JudgeOutput,
  JudgePolicy,
  JudgeTranscript,
  ModeratorContext,
  ModeratorOutput,
  ModeratorPolicy,
  NavigateAction,
  PolicyReply,
  SharedState,
  ShopperContext,
  ShopperOutput,
  ShopperPolicy,
} from "../agents/types.js";
export type { RenderQuality } from "../core/camera.js";
export { Catalog } from "../core/catalog.js";
export type { Clock } from "../core/clock.js";
export type { DataProblem } from "../core/data-file.js";
export type { Condition, ConditionId } from "../core/dialogue.js";
export { DialogueAct, ToolCall } from "../core/dialogue.js";
export type { Point } from "../core/geometry.js";
export type { Instance } from "../core/instance.js";
export type { InstanceSet } from "../core/instances.js";
export type { Label } from "../core/label.js";
export type { Layout } from "../core/layout.js";
export type { LocationIndex } from "../core/location-index.js";
export type { EnvId, Manifest } from "../core/manifest.js";
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
export type { InspectionDetails, Nutrition } from "../core/product.js";
export { Product } from "../core/product.js";
export { Profile } from "../core/profile.js";
export type { Role } from "../core/roles.js";
export type { NavTarget, Waypoint } from "../core/spatial.js";
export { Task, TaskBank } from "../core/task.js";
export { VERSION } from "../core/version.js";
export type { EnvFiles, EnvPart } from "../envs/env-data.js";
export { type EnvData, loadEnvData } from "../envs/env-data.js";
export type { EnvDefinition, InspectionRules } from "../envs/env-definition.js";
export { envDefinition, envIds, registerEnv } from "../envs/registry.js";
export { validateEnv } from "../envs/validate.js";
export { type EpisodeAgents, type EpisodeOptions, runEpisode } from "../episode/run-episode.js";
export type { CachedResponse } from "../llm/cache.js";
export type { CallTranscript } from "../llm/call-record.js";
export type { CallEvent, LlmCompletion, RetryEvent, StructuredOutputMode } from "../llm/client.js";
export {
  LlmClient,
  type LlmClientOptions,
  type LlmRequest,
  type LlmResponse,
} from "../llm/client.js";
export type { EmbedRequest, EmbedResponse } from "../llm/embed.js";
export type { LlmErrorKind } from "../llm/llm-error.js";
export type {
  AssistantMessage,
  ContentPart,
  LlmMessage,
  ToolResultMessage,
  UserMessage,
} from "../llm/messages.js";
export type { ProviderName } from "../llm/model-id.js";
export { type ModelSpec, PROVIDERS, parseModelId } from "../llm/model-id.js";
export type { PriceTable } from "../llm/prices.js";
export type { SharedLimit, SharedResponseCache } from "../llm/response-caches.js";
export type { NativeToolCall, ToolChoice, ToolResult, ToolSpec } from "../llm/tools.js";
export type { GpuChoice } from "../render/browser-launch.js";
export type { CameraPose, PassTimings, SceneState } from "../render/camera.js";
export type { ChromiumSource, FoundChromium } from "../render/chromium.js";
export type { Observation, RoleObservation } from "../render/observer.js";
export type { FrameBuffers, FrameOptions, RawFrame } from "../render/render-service.js";
export { type RenderOptions, RenderService } from "../render/render-service.js";
export type { Box, ProductComponent, ProductRegion, Regions, TargetRegion } from "../render/som/regions.js";
export type { Bearing, RoleView, VisibleProduct, VisibleTarget } from "../render/som/role-view.js";
export type { CustomRoles } from "../runner/build.js";
export type { AgentIds } from "../runner/plan.js";
export {
  type RunningWorker,
  startWorker,
  type WorkerEvent,
  type WorkerOptions,
} from "../runner/queue/queue-worker.js";
export type { ProgressCounters } from "../runner/resumed-progress.js";
export { type RunOptions, type RunProgress, type RunResult, runBenchmark } from "../runner/run-benchmark.js";
export {
  type AgentSpec,
  parseRunConfig,
  type RunConfig,
  type RunConfigInput,
  readConfigFile,
} from "../runner/run-config.js";
export type { RunControl, RunStartInfo } from "../runner/run-control.js";
export { type StoreSummary, summarize } from "../runner/run-summary.js";
export type { ErrorCount } from "../storage/error-counts.js";
export { openRunStore } from "../storage/open-run-store.js";
export { requireRun } from "../storage/require-run.js";
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
export { checkTaskBank, type TaskProblem } from "../tasks/conflict-check.js";
export type { TaskSources } from "../tasks/generate-bank.js";
export { generateTaskBank } from "../tasks/generate-bank.js";
export type { NeedSpec, NeedsFile, RolesFile } from "../tasks/role-spec.js";
export { SUBSETS } from "../tasks/subsets.js";
export { loadTaskBank } from "../tasks/task-bank-file.js";
export type { ImageSink } from "../trajectory/image-sink.js";
export {
  EpisodeHeader,
  EpisodeOutcome,
  TerminationReason,
  TRAJECTORY_VERSION,
  Trajectory,
  TurnRecord,
  trajectoryJsonSchema,
} from "../trajectory/trajectory.js";
export type { Navigation, PathResult } from "../world/navmesh.js";
export type { StepResult } from "../world/world.js";
export { World } from "../world/world.js";
export type { ShopperPose, StepOutcome, VisibleNow, WorldCore, WorldState } from "../world/world-core.js";
export * from "./errors.js";
