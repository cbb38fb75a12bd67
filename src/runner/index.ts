export * from "./build.js";
export * from "./code-version.js";
export * from "./execute.js";
export * from "./plan.js";
export * from "./run-benchmark.js";
export * from "./run-config.js";
export * from "./run-summary.js";
