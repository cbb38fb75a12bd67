export * from "./customersim-config.js";
export * from "./estimate-customersim.js";
export * from "./play-conversation.js";
export * from "./run-customersim.js";
