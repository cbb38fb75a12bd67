// The library: everything the command line does, from TypeScript.
export * from "./agents/index.js";
export * from "./core/index.js";
// The environment server and its client (their messages under `envServer`: names like Observation are taken).
export * as envServer from "./env-server/index.js";
export { EnvClient, EnvClientError, startEnvServer } from "./env-server/index.js";
export * from "./envs/index.js";
export * from "./episode/index.js";
export * from "./eval/index.js";
export * from "./llm/index.js";
export * from "./render/index.js";
export * from "./runner/index.js";
export * from "./storage/index.js";
export * from "./tasks/index.js";
export * from "./trajectory/index.js";
export * from "./world/index.js";
