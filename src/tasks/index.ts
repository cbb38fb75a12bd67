export * from "./budget.js";
export * from "./conflict-check.js";
export * from "./generate-bank.js";
export * from "./labels.js";
export * from "./role-spec.js";
export * from "./subsets.js";
export * from "./task-bank-file.js";
