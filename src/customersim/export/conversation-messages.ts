import type { ConversationResult, Turn } from "../chat/index.js";
import type { Persona } from "../schema/persona.js";
import { personaSystemPrompt } from "./persona-prompt.js";
import type { ChatMessage } from "./row-schemas.js";
import { placeReasoning, type ReasoningPlacement } from "./trl-messages.js";

/**
 * The salesperson's greeting that opens every exported conversation: the shopper speaks first in
 * CustomerSim, but chat templates (Gemma's among them) want a user turn before the assistant's.
 */
export const DEFAULT_OPENING = "Hi! How can I help you today?";

export interface MessageOptions {
  opening?: string;
  systemPrompt?: (persona: Persona) => string;
  /**
   * The shopper's stored reasoning as a `<reasoning>` block before what it says (`content`, the
   * default, as its prompt's example asks), or left out (`none`). `sft` and `grpo` rows have no
   * reasoning field, so `reasoning_content` keeps it in `content` there.
   */
  reasoning?: ReasoningPlacement;
}

function message(turn: Turn, reasoning: "content" | "none"): ChatMessage {
  if (turn.role === "sales") return { role: "user", content: turn.text };
  const { content } = placeReasoning(turn.text, turn.reasoning, reasoning);
  const calls = turn.toolCalls.map((c) => ({
    type: "function" as const,
    function: { name: c.name, arguments: JSON.stringify(c.arguments ?? {}) },
  }));
  return calls.length ? { role: "assistant", content, tool_calls: calls } : { role: "assistant", content };
}

/** The prompt (system message and opening) and the conversation, with the shopper as the assistant. */
export function conversationMessages(
  result: ConversationResult,
  persona: Persona,
  options: MessageOptions = {},
): { prompt: ChatMessage[]; conversation: ChatMessage[] } {
  const system = (options.systemPrompt ?? personaSystemPrompt)(persona);
  return {
    prompt: [
      { role: "system", content: system },
      { role: "user", content: options.opening ?? DEFAULT_OPENING },
    ],
    conversation: result.transcript.map((t) => message(t, options.reasoning === "none" ? "none" : "content")),
  };
}
