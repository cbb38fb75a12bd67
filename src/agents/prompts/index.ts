export * from "./prompt-set.js";
export * from "./render-template.js";
