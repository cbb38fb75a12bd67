export * from "./build.js";
export * from "./code-version.js";
export {
  CustomerSimRunConfig,
  parseCustomerSimRunConfig,
} from "./customersim/customersim-config.js";
export {
  type CustomerSimProgress,
  type CustomerSimRunOptions,
  type CustomerSimRunResult,
  readCustomerSimRun,
  runCustomerSim,
} from "./customersim/run-customersim.js";
export {
  CustomerSimHeader,
  CustomerSimOutcome,
  CustomerSimRound,
  StoredConversation,
} from "./customersim/stored-conversation.js";
export * from "./execute.js";
export * from "./plan.js";
export {
  type RunningWorker,
  startWorker,
  type WorkerEvent,
  type WorkerOptions,
} from "./queue/queue-worker.js";
export * from "./run-benchmark.js";
export * from "./run-config.js";
export * from "./run-summary.js";
