export { conversationMessages, DEFAULT_OPENING, type MessageOptions } from "./conversation-messages.js";
export { type ConversationPrefix, conversationPrefixes } from "./conversation-prefixes.js";
export {
  type ExportOptions,
  exportRollouts,
  exportVerlParquet,
  type GrpoRowOptions,
  grpoRow,
  sftRow,
} from "./export-rollouts.js";
export { personaSystemPrompt } from "./persona-prompt.js";
export { readRollouts } from "./read-rollouts.js";
export {
  ChatMessage,
  ChatToolCall,
  EXPORT_FORMATS,
  type ExportFormat,
  GrpoRow,
  rowJsonSchema,
  SftRow,
} from "./row-schemas.js";
export {
  TrlGrpoRow,
  TrlMessage,
  TrlPromptMessage,
  TrlSftRow,
  TrlTool,
  TrlToolCall,
  VerlMessage,
  VerlRow,
} from "./trainer-row-schemas.js";
export {
  type RolloutMeta,
  type TrainerRowOptions,
  trlGrpoRows,
  trlSftRow,
  verlRows,
} from "./trainer-rows.js";
export {
  type ReasoningPlacement,
  textToolInstructions,
  toolCallText,
  trlMessages,
  trlPromptMessages,
  trlShopperTools,
  verlPromptMessages,
} from "./trl-messages.js";
export { verlParquet } from "./verl-parquet.js";
