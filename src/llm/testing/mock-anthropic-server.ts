import type { IncomingMessage } from "node:http";
import { PING_TEXT } from "../ping.js";
import { blockText, brokenRule, countTokens, MessagesRequest } from "./mock-anthropic-request.js";
import {
  asToolInput,
  MockProviderServer,
  outputTokensOf,
  type ProviderMockReply,
  type RecordedProviderRequest,
  type Routed,
} from "./mock-provider-server.js";

const MB = 1024 * 1024;

/** The shortest prefix each model family caches (the docs' table; others 1,024). */
const CACHE_MINIMUM: [RegExp, number][] = [[/claude-(opus-4-5|haiku-4-5)/, 4096]];

/** A Messages API request as the mock recorded it. */
export interface RecordedAnthropicRequest extends RecordedProviderRequest {
  body: MessagesRequest & Record<string, unknown>;
  /** Text blocks and images of the messages, in order (system and tools apart). */
  system: string;
  /** Whether any block carried `cache_control`. */
  cacheControl: boolean;
  /** Input tokens counted as the mock's "tokenizer" counts them (o200k × 1.2, images by Claude's rule). */
  inputTokens: number;
}

/**
 * Anthropic's Messages API on 127.0.0.1 for tests (`ANTHROPIC_BASE_URL` pointed at `url`): validates
 * every request against the API's documented rules (the body's schema; non-empty text blocks; at most
 * 100 images, 8000 px, or 2000 px beyond 20 images, 5 MB each as base64; 32 MB a request; at most four
 * `cache_control` blocks; each `tool_use` answered by a `tool_result` in the next message;
 * `temperature` and `top_p` not both for Claude 4.5; `max_tokens` within the model's maximum) and
 * answers 400 with the API's error shape where the API would. Answers carry usage counted from the
 * request, with prompt caching simulated: a prefix up to the last `cache_control` breakpoint, when at
 * least the model's minimum, is written on first sight and read after. A forced tool (`tool_choice:
 * {type: "tool"}`) comes back as that tool's `tool_use` when the scripted text is a JSON object.
 */
export class MockAnthropicServer extends MockProviderServer<RecordedAnthropicRequest> {
  private readonly cachedPrefixes = new Set<string>();

  static async start(): Promise<MockAnthropicServer> {
    const mock = new MockAnthropicServer();
    await mock.listen();
    return mock;
  }

  /** The value for `ANTHROPIC_BASE_URL` (without `/v1`, as Anthropic's SDK takes it). */
  get url(): string {
    return this.origin;
  }

  protected route(req: IncomingMessage, body: unknown, bytes: number): Routed<RecordedAnthropicRequest> {
    if (req.method !== "POST" || req.url !== "/v1/messages") return this.refuse(404, `Not found: ${req.url}`);
    if (!req.headers["x-api-key"]) return this.refuse(401, "x-api-key header is required");
    if (!req.headers["anthropic-version"]) return this.refuse(400, "anthropic-version: header is required");
    if (bytes > 32 * MB) return this.refuse(413, "Request exceeds the maximum size");
    const parsed = MessagesRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join(".");
      const missing = issue.code === "invalid_type" && issue.input === undefined;
      return this.refuse(400, `${field}: ${missing ? "Field required" : issue.message}`);
    }
    const why = brokenRule(parsed.data);
    if (why) return this.refuse(400, why);
    const recorded = this.record(parsed.data);
    const first = parsed.data.messages[0]!;
    const ping =
      parsed.data.messages.length === 1 &&
      (first.content === PING_TEXT ||
        (Array.isArray(first.content) && blockText(first.content[0]) === PING_TEXT));
    return { recorded, ping };
  }

  private record(body: MessagesRequest): RecordedAnthropicRequest {
    const blocks = body.messages.flatMap((m) => (typeof m.content === "string" ? [] : m.content));
    const system =
      typeof body.system === "string" ? body.system : (body.system ?? []).map((b) => b.text).join("\n");
    const forced = body.tool_choice?.type === "tool" ? body.tool_choice.name : undefined;
    return {
      model: body.model,
      body: body as RecordedAnthropicRequest["body"],
      images: blocks.filter((b) => b.type === "image").length,
      tools: (body.tools ?? []).map((t) => t.name),
      ...(forced ? { forcedTool: forced } : {}),
      system,
      cacheControl: JSON.stringify(body).includes('"cache_control"'),
      inputTokens: countTokens(body).total,
    };
  }

  protected answer(
    reply: Extract<ProviderMockReply, { kind: "text" | "refusal" }>,
    req: RecordedAnthropicRequest,
  ): unknown {
    const usage = this.usage(req);
    const base = {
      id: `msg_mock_${this.requests.length}`,
      type: "message",
      role: "assistant",
      model: req.model,
    };
    if (reply.kind === "refusal") {
      req.usage = { ...usage, output_tokens: 0 };
      return { ...base, content: [], stop_reason: "refusal", stop_sequence: null, usage: req.usage };
    }
    let out = reply.outputTokens ?? outputTokensOf(reply);
    const cut = out > req.body.max_tokens;
    if (cut) out = req.body.max_tokens;
    const input = req.forcedTool && !cut ? asToolInput(reply.content) : undefined;
    const text = cut ? reply.content.slice(0, out * 4) : reply.content;
    const content = input
      ? [{ type: "tool_use", id: "toolu_mock_forced", name: req.forcedTool, input }]
      : [
          ...(text ? [{ type: "text", text }] : []),
          ...(reply.toolCalls ?? []).map((c, i) => ({
            type: "tool_use",
            id: `toolu_mock_${this.requests.length}_${i}`,
            name: c.name,
            input: asToolInput(c.arguments) ?? {},
          })),
        ];
    const used = content.some((b) => b.type === "tool_use");
    req.usage = { ...usage, output_tokens: out };
    return {
      ...base,
      content,
      stop_reason: cut ? "max_tokens" : used ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: req.usage,
    };
  }

  /** Input usage as Anthropic reports it: `input_tokens` is the part neither read from nor written to the cache. */
  private usage(req: RecordedAnthropicRequest): Record<string, number> {
    const counted = countTokens(req.body);
    const minimum = CACHE_MINIMUM.find(([re]) => re.test(req.model))?.[1] ?? 1024;
    if (counted.prefix === undefined || counted.prefix.tokens < minimum)
      return { input_tokens: counted.total, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    const { key, tokens } = counted.prefix;
    const read = this.cachedPrefixes.has(key);
    this.cachedPrefixes.add(key);
    return {
      input_tokens: counted.total - tokens,
      cache_creation_input_tokens: read ? 0 : tokens,
      cache_read_input_tokens: read ? tokens : 0,
    };
  }

  protected errorBody(status: number, message: string, retryAfterSeconds?: number) {
    const type =
      status === 429
        ? "rate_limit_error"
        : status === 529
          ? "overloaded_error"
          : status === 413
            ? "request_too_large"
            : status === 401
              ? "authentication_error"
              : status === 404
                ? "not_found_error"
                : status >= 500
                  ? "api_error"
                  : "invalid_request_error";
    return {
      body: { type: "error", error: { type, message }, request_id: "req_mock" },
      ...(retryAfterSeconds !== undefined ? { headers: { "retry-after": String(retryAfterSeconds) } } : {}),
    };
  }
}
