import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PING_TEXT } from "../ping.js";

/** A native tool call the mock answers with: the arguments as the raw JSON text (which may be broken). */
export interface MockToolCall {
  name: string;
  arguments: string;
}

/** What the mock answers one request with. */
export type MockReply =
  | {
      kind: "text";
      content: string;
      /** Native tool calls alongside the text (or instead of it, with empty `content`). */
      toolCalls?: MockToolCall[];
      inputTokens?: number;
      outputTokens?: number;
    }
  | { kind: "status"; status: number; retryAfterSeconds?: number; body?: string }
  | { kind: "hang"; ms: number }
  | { kind: "malformed" }
  /** The connection is closed without an answer (a reset). */
  | { kind: "reset" };

export interface RecordedRequest {
  model: string;
  messages: { role: string; content: unknown; tool_calls?: unknown; tool_call_id?: string }[];
  /** How many image parts the request carried. */
  images: number;
  body: Record<string, unknown>;
  /** The names of the tools the request declared. */
  tools: string[];
  /** The request's `tool_choice`, as sent. */
  toolChoice?: unknown;
  /** The function a `tool_choice` forces, if any: a text reply then comes back as that tool's call. */
  forcedTool?: string;
}

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1 for tests: answers from a script (a
 * queue of replies, then a default), records every request (with its image parts), and injects
 * faults on demand: an error status with `retry-after`, a hang past the client's timeout, a body
 * that is not JSON. A reply may carry native tool calls (`toolCalls`). Reachability checks (`siturec ping`, a run's preflight) are kept apart in
 * `pings` and answered by `pingReply`, so a test's script and request counts are about the work.
 */
export class MockOpenAIServer {
  readonly requests: RecordedRequest[] = [];
  readonly pings: RecordedRequest[] = [];
  pingReply: (req: RecordedRequest) => MockReply = () => ({ kind: "text", content: "OK" });
  private readonly queue: MockReply[] = [];
  private callSeq = 0;
  private server?: Server;
  private baseUrl = "";
  fallback: (req: RecordedRequest) => MockReply = () => ({ kind: "text", content: "OK" });

  static async start(): Promise<MockOpenAIServer> {
    const mock = new MockOpenAIServer();
    mock.server = createServer((req, res) => {
      mock.handle(req).then(
        ({ reply, recorded }) => {
          if (reply.kind === "status") {
            res.writeHead(reply.status, {
              "content-type": "application/json",
              ...(reply.retryAfterSeconds !== undefined
                ? { "retry-after": String(reply.retryAfterSeconds) }
                : {}),
            });
            res.end(
              reply.body ??
                JSON.stringify({ error: { message: `mock error ${reply.status}`, type: "mock" } }),
            );
          } else if (reply.kind === "reset") {
            req.socket.destroy();
          } else if (reply.kind === "malformed") {
            res.writeHead(200, { "content-type": "application/json" }).end("{ this is not json");
          } else if (reply.kind === "text") {
            res
              .writeHead(200, { "content-type": "application/json" })
              .end(JSON.stringify(completion(reply, recorded?.forcedTool, () => `call-${++mock.callSeq}`)));
          }
        },
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
    });
    await new Promise<void>((resolve) => mock.server!.listen(0, "127.0.0.1", resolve));
    mock.baseUrl = `http://127.0.0.1:${(mock.server.address() as AddressInfo).port}/v1`;
    return mock;
  }

  /** The base URL for an `openai-compatible:MODEL@BASE_URL` id. */
  get url(): string {
    return this.baseUrl;
  }

  modelId(model = "mock-vlm"): string {
    return `openai-compatible:${model}@${this.baseUrl}`;
  }

  enqueue(...replies: MockReply[]): void {
    this.queue.push(...replies);
  }

  private async handle(req: IncomingMessage): Promise<{ reply: MockReply; recorded?: RecordedRequest }> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions"))
      return { reply: { kind: "status", status: 404 } };
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
    const messages = (body.messages ?? []) as RecordedRequest["messages"];
    const images = messages
      .flatMap((m) => (Array.isArray(m.content) ? (m.content as { type: string }[]) : []))
      .filter((p) => p.type === "image_url").length;
    const choice = body.tool_choice as { type?: string; function?: { name?: string } } | undefined;
    const forcedTool = choice?.type === "function" ? choice.function?.name : undefined;
    const tools = ((body.tools ?? []) as { function?: { name?: string } }[]).map(
      (t) => t.function?.name ?? "",
    );
    const recorded: RecordedRequest = {
      model: String(body.model),
      messages,
      images,
      body,
      tools,
      ...(body.tool_choice !== undefined ? { toolChoice: body.tool_choice } : {}),
      ...(forcedTool ? { forcedTool } : {}),
    };
    const ping = messages.length === 1 && messages[0]?.content === PING_TEXT;
    (ping ? this.pings : this.requests).push(recorded);
    const reply = ping ? this.pingReply(recorded) : (this.queue.shift() ?? this.fallback(recorded));
    if (reply.kind === "hang") {
      await new Promise((resolve) => setTimeout(resolve, reply.ms));
      return { reply: { kind: "status", status: 504 }, recorded };
    }
    return { reply, recorded };
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections?.();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function completion(
  reply: { content: string; toolCalls?: MockToolCall[]; inputTokens?: number; outputTokens?: number },
  tool: string | undefined,
  nextId: () => string,
) {
  const inputTokens = reply.inputTokens ?? 100;
  const calls = reply.toolCalls ?? [];
  const outputTokens =
    reply.outputTokens ??
    Math.max(1, Math.ceil((reply.content.length + (calls.length ? JSON.stringify(calls).length : 0)) / 4));
  const message = tool
    ? {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call-mock", type: "function", function: { name: tool, arguments: reply.content } },
        ],
      }
    : calls.length
      ? {
          role: "assistant",
          content: reply.content || null,
          tool_calls: calls.map((c) => ({
            id: nextId(),
            type: "function",
            function: { name: c.name, arguments: c.arguments },
          })),
        }
      : { role: "assistant", content: reply.content };
  return {
    id: "chatcmpl-mock",
    object: "chat.completion",
    created: 0,
    model: "mock",
    choices: [{ index: 0, message, finish_reason: tool || calls.length ? "tool_calls" : "stop" }],
    usage: {
      prompt_tokens: inputTokens,
      completion_tokens: outputTokens,
      total_tokens: inputTokens + outputTokens,
    },
  };
}
