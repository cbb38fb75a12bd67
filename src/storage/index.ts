export * from "./error-counts.js";
export * from "./image-store.js";
export * from "./open-run-store.js";
export * from "./run-roles.js";
export * from "./run-store.js";
export * from "./sqlite-run-store.js";
