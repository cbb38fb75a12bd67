export * from "./common/navigate-schemas.js";
export * from "./common/shopper-tools.js";
export * from "./env-data.js";
export * from "./env-definition.js";
export { envSelectorHelp, expandEnvSelector, HELD_OUT } from "./env-selector.js";
export * from "./registry.js";
export { validateEnv } from "./validate.js";
