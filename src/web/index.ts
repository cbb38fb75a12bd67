export * from "./api-types.js";
export * from "./leaderboard.js";
export * from "./read-runs.js";
export * from "./server.js";
export * from "./static-files.js";
