export * from "./code-version.js";
export * from "./image-store.js";
export * from "./run-benchmark.js";
export * from "./run-config.js";
export * from "./run-episode.js";
export * from "./run-summary.js";
export * from "./termination.js";
export * from "./trajectory.js";
