export * from "./customersim-config.js";
export * from "./run-customersim.js";
export * from "./stored-conversation.js";
