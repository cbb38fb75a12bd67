// The stored conversation format lives with CustomerSim now; still reachable here, as before.
export {
  CustomerSimHeader,
  CustomerSimOutcome,
  CustomerSimRound,
  readCustomerSimRun,
  StoredConversation,
} from "../customersim/stored-conversation.js";
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
  runCustomerSim,
} from "./customersim/run-customersim.js";
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
export type { RunControl, RunStartInfo } from "./run-control.js";
export * from "./run-summary.js";
