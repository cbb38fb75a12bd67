export * from "./cache.js";
export * from "./call-estimate.js";
export { CaptureClient, CaptureDone } from "./capture-client.js";
export * from "./client.js";
export * from "./model-id.js";
export * from "./ping.js";
export * from "./prices.js";
export { cacheTokensOf, promptCacheOptions } from "./prompt-cache.js";
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
