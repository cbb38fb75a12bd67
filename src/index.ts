// The library: everything the command line does, from TypeScript.
export * from "./agents/index.js";
export * from "./core/index.js";
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
