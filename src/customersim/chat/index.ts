export type {
  ConversationView,
  SalesAgent,
  SalesContext,
  SalesReply,
  SalesToolOutput,
  SalesTools,
  ShopperAgent,
  ShopperContext,
  ShopperReply,
} from "./agent.js";
export { ConversationEnding, ConversationResult, FormatErrorRecord } from "./conversation-result.js";
export { mentionedProducts } from "./mentioned-products.js";
export { DEFAULT_TURN_LIMIT, type RunConversationOptions, runConversation } from "./run-conversation.js";
export {
  createSalesTools,
  emptySalesToolLog,
  emptyToolLog,
  type SalesToolLog,
  type ToolLog,
} from "./sales-tools.js";
export { readShopperActions, type ShopperActions, type ShopperDecision } from "./shopper-actions.js";
export {
  AddToCartCall,
  EndConversationCall,
  LookupBuyingGuideCall,
  LookupProductItemsCall,
  RawToolCall,
  RecommendCall,
  SALES_TOOL_NAMES,
  SalesToolCall,
  SHOPPER_TOOL_NAMES,
  ShopperToolCall,
} from "./tool-calls.js";
export { Role, ToolCallRecord, ToolResult, Turn } from "./turn.js";
