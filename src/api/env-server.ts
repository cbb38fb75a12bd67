// `siturec/env-server`: serve SituRecBench and CustomerSim as environments a trainer steps through (reset,
// step, state per session over HTTP or WebSocket), and the client that talks to such a server.

export type { RenderQuality } from "../core/camera.js";
export type { Clock } from "../core/clock.js";
export type { SiturecError } from "../core/errors.js";
export type { EnvId } from "../core/manifest.js";
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
export { EnvClient, EnvClientError, type EnvClientOptions } from "../env-server/client.js";
export { CustomerSimAction } from "../env-server/customersim-session.js";
export {
  type EnvServerOptions,
  type RunningEnvServer,
  startEnvServer,
} from "../env-server/env-server.js";
export {
  type OpenEnvAction,
  OpenEnvClient,
  type OpenEnvClientOptions,
} from "../env-server/openenv-client.js";
export {
  OpenEnvError,
  type OpenEnvResultMetadata,
  type OpenEnvStepResult,
} from "../env-server/openenv-client-messages.js";
export {
  CreateSessionRequest,
  CustomerSimSessionSpec,
  ENV_PROTOCOL_VERSION,
  EnvName,
  ErrorBody,
  envProtocolJsonSchema,
  ImageMode,
  Observation,
  type SessionSpec,
  SessionState,
  SessionStatus,
  SituRecRewardWeights,
  SituRecSessionSpec,
  StepRequest,
  StepResult,
  WsReply,
  WsRequest,
} from "../env-server/protocol.js";
export { SessionError } from "../env-server/session-error.js";
export { type SituRecTurnMetrics, situRecReward, turnMetrics } from "../env-server/situ-rec-reward.js";
export type { GpuChoice } from "../render/browser-launch.js";
export type { CameraPose, PassTimings, SceneState } from "../render/camera.js";
export type { ChromiumSource, FoundChromium } from "../render/chromium.js";
export type {
  FrameBuffers,
  FrameOptions,
  RawFrame,
  RenderOptions,
  RenderService,
} from "../render/render-service.js";
export type { Box, ProductComponent, ProductRegion, Regions, TargetRegion } from "../render/som/regions.js";
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
export type { EpisodeOutcome, Trajectory, TurnRecord } from "../trajectory/trajectory.js";
