import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PING_TEXT } from "../ping.js";
import { receivedTokens } from "./received-tokens.js";

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
      /** Of the input tokens, those the "provider" served from its prompt cache (`prompt_tokens_details.cached_tokens`). */
      cachedInputTokens?: number;
    }
  | { kind: "status"; status: number; retryAfterSeconds?: number; body?: string }
  /** No answer for `ms` (then a 504), or, without `ms`, none until the client gives up and disconnects. */
  | { kind: "hang"; ms?: number }
  /** `reply`, once `until` settles: a request the test holds while it does something else. */
  | { kind: "held"; until: Promise<unknown>; reply: MockReply }
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
  /** With `countTokens`: the input tokens the request carried, counted as OpenAI does (`receivedTokens`). */
  inputTokens?: number;
}

/** An embeddings request as the mock recorded it. */
export interface RecordedEmbeddingRequest {
  model: string;
  input: string[];
}

/** Dimensions of the mock's embeddings. */
export const MOCK_EMBEDDING_DIMS = 64;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The mock's embedding of a text: a hashed bag of words (lower-case alphanumeric words, each adding
 * ±1 at a hashed dimension), L2-normalised; deterministic, and texts sharing words are close.
 */
export function mockEmbedding(text: string): number[] {
  const v = new Array<number>(MOCK_EMBEDDING_DIMS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const h = fnv1a(word);
    v[h % MOCK_EMBEDDING_DIMS]! += h & 0x80000000 ? -1 : 1;
  }
  const norm = Math.hypot(...v);
  return norm ? v.map((x) => x / norm) : v;
}

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1 for tests: answers from a script (a
 * queue of replies, then a default), records every request (with its image parts), and injects
 * faults on demand: an error status with `retry-after`, a hang past the client's timeout, a body
 * that is not JSON. A reply may carry native tool calls (`toolCalls`). `/v1/embeddings` answers with
`mockEmbedding` vectors (recorded in `embeddingRequests`; `embeddingFault` injects a status). Reachability checks (`siturec ping`, a run's preflight) are kept apart in
 * `pings` and answered by `pingReply`, so a test's script and request counts are about the work.
 */
export class MockOpenAIServer {
  readonly requests: RecordedRequest[] = [];
  readonly pings: RecordedRequest[] = [];
  readonly embeddingRequests: RecordedEmbeddingRequest[] = [];
  /** When set, embedding requests are answered with this status instead (retry tests). */
  embeddingFault?: { status: number; times: number };
  pingReply: (req: RecordedRequest) => MockReply = () => ({ kind: "text", content: "OK" });
  private readonly queue: MockReply[] = [];
  private callSeq = 0;
  private server?: Server;
  private baseUrl = "";
  fallback: (req: RecordedRequest) => MockReply = () => ({ kind: "text", content: "OK" });
  /** Every chat request (not pings) is answered this long after it arrives: a slow model. */
  latencyMs = 0;
  /** Hears each request that starts to hang (a test with a manual clock moves it past the timeout). */
  onHang?: (req: RecordedRequest) => void;
  /**
   * Count each chat request's input tokens (`RecordedRequest.inputTokens`) and report them as its
   * usage unless the reply names its own: a server whose token counts an estimate can be held to.
   */
  countTokens = false;
  /** Chat requests being answered now, and the most at once so far (shared-limit tests). */
  inFlight = 0;
  maxInFlight = 0;

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
          } else if (reply.kind === "embeddings") {
            res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply.body));
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

  private async handle(
    req: IncomingMessage,
  ): Promise<{ reply: MockReply | EmbeddingsReply; recorded?: RecordedRequest }> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method === "POST" && req.url?.endsWith("/embeddings")) {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { model?: unknown; input?: unknown };
      const input = (Array.isArray(body.input) ? body.input : [body.input]).map(String);
      this.embeddingRequests.push({ model: String(body.model), input });
      if (this.embeddingFault && this.embeddingFault.times > 0) {
        this.embeddingFault.times--;
        return { reply: { kind: "status", status: this.embeddingFault.status } };
      }
      const tokens = input.reduce((n, t) => n + Math.max(1, Math.ceil(t.length / 4)), 0);
      return {
        reply: {
          kind: "embeddings",
          body: {
            object: "list",
            data: input.map((t, index) => ({ object: "embedding", index, embedding: mockEmbedding(t) })),
            model: String(body.model),
            usage: { prompt_tokens: tokens, total_tokens: tokens },
          },
        },
      };
    }
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
      ...(this.countTokens ? { inputTokens: receivedTokens(body) } : {}),
    };
    const ping = messages.length === 1 && messages[0]?.content === PING_TEXT;
    (ping ? this.pings : this.requests).push(recorded);
    if (!ping) {
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      try {
        if (this.latencyMs) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
      } finally {
        this.inFlight--;
      }
    }
    let reply = ping ? this.pingReply(recorded) : (this.queue.shift() ?? this.fallback(recorded));
    while (reply.kind === "held") {
      await reply.until.catch(() => {});
      reply = reply.reply;
    }
    if (reply.kind === "hang") {
      this.onHang?.(recorded);
      await (reply.ms === undefined ? disconnected(req) : new Promise((r) => setTimeout(r, reply.ms)));
      return { reply: { kind: "status", status: 504 }, recorded };
    }
    if (reply.kind === "text" && reply.inputTokens === undefined && recorded.inputTokens !== undefined)
      return { reply: { ...reply, inputTokens: recorded.inputTokens }, recorded };
    return { reply, recorded };
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections?.();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Resolves when the client has closed the request's connection. */
function disconnected(req: IncomingMessage): Promise<void> {
  if (req.socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => req.socket.once("close", () => resolve()));
}

/** The mock's answer to `/v1/embeddings` (not scriptable: embeddings are a pure function of the text). */
interface EmbeddingsReply {
  kind: "embeddings";
  body: unknown;
}

function completion(
  reply: {
    content: string;
    toolCalls?: MockToolCall[];
    inputTokens?: number;
    outputTokens?: number;
    cachedInputTokens?: number;
  },
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
      ...(reply.cachedInputTokens !== undefined
        ? { prompt_tokens_details: { cached_tokens: reply.cachedInputTokens } }
        : {}),
    },
  };
}
