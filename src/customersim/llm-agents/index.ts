export { CUSTOMERSIM_MAX_OUTPUT_TOKENS, type LlmAgentOptions } from "./agent-options.js";
export { DEFAULT_MAX_TOOL_STEPS, LlmSales, type LlmSalesOptions } from "./llm-sales.js";
export { LlmShopper, type LlmShopperOptions, type ShopperReasoning } from "./llm-shopper.js";
export { type ReadText, readReplyText, stripReasoning, textToolCall } from "./reply-text.js";
export { productText, salesSystemPrompt, salesToolOutputText } from "./sales-prompt.js";
export {
  CLOSED_MODEL_SAMPLING,
  defaultSampling,
  OPEN_MODEL_SAMPLING,
  resolveSampling,
  Sampling,
  samplingText,
} from "./sampling.js";
export {
  HUMAN_STEERING,
  personaText,
  preferencesText,
  RECOMMENDATION_EXAMPLES,
  SALES_GREETING,
  SHOPPER_BASE_PROMPT,
  type ShopperPromptOptions,
  shopperSystemPrompt,
} from "./shopper-prompt.js";
export { RECOMMEND_TOOL_SPEC, rawCallOf, SALES_TOOL_SPECS, SHOPPER_TOOL_SPECS } from "./tool-specs.js";
export {
  type AgentCall,
  type ModelCallUsage,
  totalsOf,
  UsageLedger,
  type UsageTotals,
  usageOf,
} from "./usage.js";
