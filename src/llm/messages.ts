import type { ModelMessage } from "ai";
import { sha256 } from "../core/hash.js";
import type { NativeToolCall, ToolResult } from "./tools.js";

export type ContentPart = { type: "text"; text: string } | { type: "image"; data: Buffer; mediaType: string };

export interface UserMessage {
  role: "user";
  content: string | ContentPart[];
}

/** What the model said: text (image parts are sent as `[image]`) and the native tool calls it made. */
export interface AssistantMessage {
  role: "assistant";
  content: string | ContentPart[];
  toolCalls?: NativeToolCall[];
}

/** The results of the previous assistant message's tool calls, one per call. */
export interface ToolResultMessage {
  role: "tool";
  results: ToolResult[];
}

export type LlmMessage = UserMessage | AssistantMessage | ToolResultMessage;

const assistantText = (content: string | ContentPart[]) =>
  typeof content === "string"
    ? content
    : content.map((p) => (p.type === "text" ? p.text : "[image]")).join("\n");

export function toModelMessages(messages: LlmMessage[]): ModelMessage[] {
  return messages.map((m): ModelMessage => {
    if (m.role === "tool")
      return {
        role: "tool",
        content: m.results.map((r) => ({
          type: "tool-result" as const,
          toolCallId: r.id,
          toolName: r.name,
          output: r.isError
            ? { type: "error-text" as const, value: r.output }
            : { type: "text" as const, value: r.output },
        })),
      };
    if (m.role === "assistant" && m.toolCalls?.length) {
      const text = assistantText(m.content);
      return {
        role: "assistant",
        content: [
          ...(text ? [{ type: "text" as const, text }] : []),
          ...m.toolCalls.map((c) => ({
            type: "tool-call" as const,
            toolCallId: c.id,
            toolName: c.name,
            input: c.input,
          })),
        ],
      };
    }
    if (typeof m.content === "string")
      return m.role === "user"
        ? { role: "user", content: m.content }
        : { role: "assistant", content: m.content };
    if (m.role === "assistant") return { role: "assistant", content: assistantText(m.content) };
    return {
      role: "user",
      content: m.content.map((p) =>
        p.type === "text"
          ? { type: "text" as const, text: p.text }
          : { type: "image" as const, image: p.data, mediaType: p.mediaType },
      ),
    };
  });
}

/**
 * A message as the cache keys it: images by their content hash, tool calls and results in full.
 * A message without tool calls keys as `{role, content}`, as it did before tools existed.
 */
export function messageView(m: LlmMessage): unknown {
  if (m.role === "tool")
    return {
      role: m.role,
      results: m.results.map((r) => ({
        id: r.id,
        name: r.name,
        output: r.output,
        isError: r.isError === true,
      })),
    };
  const content =
    typeof m.content === "string"
      ? m.content
      : m.content.map((p) =>
          p.type === "text"
            ? p
            : {
                type: "image",
                mediaType: p.mediaType,
                sha256: sha256(p.data),
              },
        );
  if (m.role === "assistant" && m.toolCalls?.length)
    return {
      role: m.role,
      content,
      toolCalls: m.toolCalls.map((c) => ({ id: c.id, name: c.name, input: c.input, error: c.error })),
    };
  return { role: m.role, content };
}
