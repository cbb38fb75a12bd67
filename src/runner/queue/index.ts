export * from "./episode-job.js";
export * from "./episode-queue.js";
export * from "./follow-run.js";
export * from "./play-on-queue.js";
export * from "./queue-worker.js";
export { checkQueueUrl, redactUrl } from "./redis-url.js";
export * from "./shared-model-cache.js";
export * from "./shared-model-limit.js";
export { RunRefusedError } from "./worker-runs.js";
