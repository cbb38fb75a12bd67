export * from "./llm-assistant.js";
export * from "./llm-judge.js";
export * from "./llm-moderator.js";
export * from "./llm-shopper.js";
export * from "./prompt-context.js";
export * from "./tool-list.js";
