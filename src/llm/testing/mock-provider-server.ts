import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { MockToolCall } from "./mock-openai-server.js";

/**
 * What a provider mock answers one request with: an answer (text, native tool calls, or both; the
 * usage is counted from the request unless given), the provider's safety refusal (Anthropic's
 * `refusal` stop reason, Gemini's `SAFETY` finish; no content either way), or a fault.
 */
export type ProviderMockReply =
  | {
      kind: "text";
      content: string;
      toolCalls?: MockToolCall[];
      /** Output tokens to report (default: about a token per 4 characters of the answer). */
      outputTokens?: number;
    }
  | { kind: "refusal" }
  /** An error status in the provider's error shape (a 429 says how long to wait, the provider's way). */
  | { kind: "status"; status: number; retryAfterSeconds?: number; body?: string }
  /** No answer for `ms` (then a 504), or, without `ms`, none until the client gives up and disconnects. */
  | { kind: "hang"; ms?: number }
  /** `reply`, once `until` settles. */
  | { kind: "held"; until: Promise<unknown>; reply: ProviderMockReply }
  | { kind: "malformed" }
  /** The connection is closed without an answer. */
  | { kind: "reset" };

/** What every provider mock records of a request. */
export interface RecordedProviderRequest {
  /** The model as the request names it (Gemini: from the URL). */
  model: string;
  /** The request body as sent. */
  body: Record<string, unknown>;
  /** Image parts in the request. */
  images: number;
  /** Names of the tools the request declared. */
  tools: string[];
  /** The tool the request forces, if any (a text reply then comes back as that tool's call). */
  forcedTool?: string;
  /** The usage the mock answered with, in the provider's own field names. */
  usage?: Record<string, number>;
}

/** A request the mock refused as the real API would, and why. */
export interface RefusedRequest {
  status: number;
  message: string;
}

/** What a provider's request handler makes of a request before any reply is chosen. */
export type Routed<R> =
  | { refuse: { status: number; message: string; body: unknown } }
  | { recorded: R; ping: boolean };

/**
 * The part every provider mock shares: an HTTP server on 127.0.0.1 that answers from a script (a
 * queue of replies, then `fallback`), keeps reachability checks apart (`pings`, answered by
 * `pingReply`), records every request, refuses (and records in `refused`) what the real API would
 * refuse, and injects faults. A provider's mock supplies the routing and validation (`route`), the
 * answer's body (`answer`) and the error shape (`errorBody`).
 */
export abstract class MockProviderServer<R extends RecordedProviderRequest> {
  readonly requests: R[] = [];
  readonly pings: R[] = [];
  /** Requests answered with an error because they broke the real API's rules (nothing should be here). */
  readonly refused: RefusedRequest[] = [];
  fallback: (req: R) => ProviderMockReply = () => ({ kind: "text", content: "OK" });
  pingReply: (req: R) => ProviderMockReply = () => ({ kind: "text", content: "OK" });
  /** Every request (not pings) is answered this long after it arrives. */
  latencyMs = 0;
  /** Hears each request that starts to hang. */
  onHang?: (req: R) => void;
  private readonly queue: ProviderMockReply[] = [];
  private server?: Server;
  protected origin = "";

  /** Decides what a request is: refused as the real API would, or recorded (and whether it is a ping). */
  protected abstract route(req: IncomingMessage, body: unknown, bytes: number): Routed<R>;
  /** The provider's success body for an answer or a refusal. */
  protected abstract answer(reply: Extract<ProviderMockReply, { kind: "text" | "refusal" }>, req: R): unknown;
  /** The provider's error body, and its headers (e.g. a `retry-after`), for a status. */
  protected abstract errorBody(
    status: number,
    message: string,
    retryAfterSeconds?: number,
  ): { body: unknown; headers?: Record<string, string> };

  /** Starts listening on a free port of 127.0.0.1. */
  protected async listen(): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(err));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  enqueue(...replies: ProviderMockReply[]): void {
    this.queue.push(...replies);
  }

  /** Forgets the requests, pings, refusals and queued replies (between tests). */
  reset(): void {
    this.requests.length = 0;
    this.pings.length = 0;
    this.refused.length = 0;
    this.queue.length = 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    let body: unknown;
    try {
      body = raw.length ? JSON.parse(raw.toString("utf8")) : undefined;
    } catch {
      body = Symbol.for("unparsable");
    }
    const routed = this.route(req, body, raw.length);
    if ("refuse" in routed) {
      this.refused.push({ status: routed.refuse.status, message: routed.refuse.message });
      res.writeHead(routed.refuse.status, { "content-type": "application/json" });
      res.end(JSON.stringify(routed.refuse.body));
      return;
    }
    const { recorded, ping } = routed;
    (ping ? this.pings : this.requests).push(recorded);
    if (!ping && this.latencyMs) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    let reply = ping ? this.pingReply(recorded) : (this.queue.shift() ?? this.fallback(recorded));
    while (reply.kind === "held") {
      await reply.until.catch(() => {});
      reply = reply.reply;
    }
    await this.send(reply, recorded, req, res);
  }

  private async send(reply: ProviderMockReply, recorded: R, req: IncomingMessage, res: ServerResponse) {
    if (reply.kind === "hang") {
      const { ms } = reply;
      this.onHang?.(recorded);
      await (ms === undefined ? disconnected(req) : new Promise((r) => setTimeout(r, ms)));
      reply = { kind: "status", status: 504 };
    }
    if (reply.kind === "reset") {
      req.socket.destroy();
      return;
    }
    if (reply.kind === "malformed") {
      res.writeHead(200, { "content-type": "application/json" }).end("{ this is not json");
      return;
    }
    if (reply.kind === "status") {
      const e = this.errorBody(reply.status, `mock error ${reply.status}`, reply.retryAfterSeconds);
      res.writeHead(reply.status, { "content-type": "application/json", ...(e.headers ?? {}) });
      res.end(reply.body ?? JSON.stringify(e.body));
      return;
    }
    if (reply.kind === "held") return;
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify(this.answer(reply, recorded)));
  }

  /** A refusal in the provider's error shape, for `route`. */
  protected refuse(
    status: number,
    message: string,
  ): { refuse: { status: number; message: string; body: unknown } } {
    return { refuse: { status, message, body: this.errorBody(status, message).body } };
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

/** Output tokens of an answer when the reply names none: about one per four characters. */
export function outputTokensOf(reply: { content: string; toolCalls?: MockToolCall[] }): number {
  const calls = reply.toolCalls?.length ? JSON.stringify(reply.toolCalls).length : 0;
  return Math.max(1, Math.ceil((reply.content.length + calls) / 4));
}

/** A reply's text as the JSON object a forced tool call carries, or undefined when it is not one. */
export function asToolInput(content: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(content) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
