import type { ContentPart, LlmRequest } from "../../llm/client.js";
import type { FunctionTool } from "../../llm/function-tool.js";
import type { ToolSpec as LlmToolSpec } from "../../llm/tools.js";

/** How observation images travel: inline data URLs, URLs a server serves, or not at all. */
export type ImageMode = "data-url" | "url" | "none";

/** A part of a chat message as OpenAI-compatible APIs take it. */
export type ChatContentPart =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string } };

/** A chat message as OpenAI-compatible APIs take it (the environment server's protocol has its zod schema). */
export interface ChatMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string | ChatContentPart[];
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** A function a policy may call, in OpenAI's `tools` format. */
export type ChatTool = FunctionTool;

/** How an image of an observation is handed out: a data URL, a URL the server serves, or dropped. */
export type ImagePublisher = (png: Buffer) => string | undefined;

/** The publisher for an image mode; `url` needs the session's own way of serving images. */
export function imagePublisher(mode: ImageMode, serve: (png: Buffer) => string): ImagePublisher {
  if (mode === "none") return () => undefined;
  if (mode === "url") return serve;
  return (png) => `data:image/png;base64,${png.toString("base64")}`;
}

function parts(content: string | ContentPart[], publish: ImagePublisher): string | ChatContentPart[] {
  if (typeof content === "string") return content;
  const out: ChatContentPart[] = [];
  for (const p of content) {
    if (p.type === "text") out.push({ type: "text", text: p.text });
    else if (p.data.length) {
      const url = publish(p.data);
      out.push(url ? { type: "image_url", image_url: { url } } : { type: "text", text: "[image omitted]" });
    }
  }
  return out;
}

/**
 * A built-in LLM policy's request as OpenAI-compatible chat messages: the system prompt first, then
 * the conversation with its images published as `publish` says, tool calls and results as
 * OpenAI writes them.
 */
export function chatMessages(request: LlmRequest, publish: ImagePublisher): ChatMessage[] {
  const out: ChatMessage[] = request.system ? [{ role: "system", content: request.system }] : [];
  for (const m of request.messages) {
    if (m.role === "tool") {
      for (const r of m.results) out.push({ role: "tool", content: r.output, tool_call_id: r.id });
      continue;
    }
    out.push({
      role: m.role,
      content: parts(m.content, publish),
      ...(m.role === "assistant" && m.toolCalls?.length
        ? {
            tool_calls: m.toolCalls.map((c) => ({
              id: c.id,
              type: "function" as const,
              function: { name: c.name, arguments: JSON.stringify(c.input ?? {}) },
            })),
          }
        : {}),
    });
  }
  return out;
}

/** A policy's native tools in OpenAI's `tools` format (JSON-Schema inputs only). */
export function chatTools(tools: readonly LlmToolSpec[]): ChatTool[] {
  return tools.map((t) => ({
    type: "function" as const,
    function: {
      name: t.name,
      description: t.description,
      parameters: t.inputSchema as Record<string, unknown>,
    },
  }));
}
