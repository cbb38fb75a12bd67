export * from "./cache.js";
export * from "./call-estimate.js";
export { CaptureClient, CaptureDone } from "./capture-client.js";
export * from "./client.js";
export * from "./model-id.js";
export * from "./output-tokens.js";
export * from "./ping.js";
export * from "./prices.js";
export { cacheTokensOf, promptCacheOptions } from "./prompt-cache.js";
export {
  cacheBreakpoint,
  cacheMinimumFor,
  type PreparedRequest,
  type ProviderRules,
  prepareRequest,
  rulesFor,
} from "./provider-rules/provider-rules.js";
export * from "./providers.js";
export * from "./redact.js";
export * from "./structured.js";
export {
  type NativeToolCall,
  ToolChoice,
  type ToolResult,
  type ToolSpec,
  toolInputJsonSchema,
} from "./tools.js";
