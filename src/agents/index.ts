export * from "./knowledge/store-knowledge.js";
export * from "./llm/index.js";
export * from "./prompts/index.js";
export * from "./reference/reference-assistant.js";
export * from "./role-registry.js";
export * from "./rule-moderator/rule-moderator.js";
export * from "./rule-shopper/rule-shopper.js";
export * from "./types.js";
