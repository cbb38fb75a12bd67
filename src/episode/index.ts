export * from "./run-episode.js";
export * from "./termination.js";
