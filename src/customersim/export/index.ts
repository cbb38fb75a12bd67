export { conversationMessages, DEFAULT_OPENING, type MessageOptions } from "./conversation-messages.js";
export { exportRollouts, type GrpoRowOptions, grpoRow, sftRow } from "./export-rollouts.js";
export { personaSystemPrompt } from "./persona-prompt.js";
export { readRollouts } from "./read-rollouts.js";
export {
  ChatMessage,
  ChatToolCall,
  type ExportFormat,
  GrpoRow,
  rowJsonSchema,
  SftRow,
} from "./row-schemas.js";
