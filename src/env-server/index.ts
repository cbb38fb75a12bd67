export { EnvClient, EnvClientError, type EnvClientOptions } from "./client.js";
export { CustomerSimAction } from "./customersim-session.js";
export { type EnvServerOptions, isLoopback, type RunningEnvServer, startEnvServer } from "./env-server.js";
export { ExternalDecisions } from "./external-decisions.js";
export * from "./protocol.js";
export { SessionError } from "./session-error.js";
export { type SituRecTurnMetrics, situRecReward, turnMetrics } from "./situ-rec-reward.js";
