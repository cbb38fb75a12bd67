import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { shortMessage } from "../core/errors.js";
import { authorized, MAX_BODY_BYTES } from "./http-app.js";
import {
  OPENENV_MESSAGE_TYPES,
  OpenEnvMessage,
  type OpenEnvReply,
  type OpenEnvResult,
  type OpenEnvState,
  resetResult,
  resetSpec,
  stepOf,
  stepResult,
  type WsErrorCode,
} from "./openenv-protocol.js";
import { SessionError } from "./session-error.js";
import type { SessionManager } from "./session-manager.js";

/** An error reply in OpenEnv's envelope: `{type: "error", data: {message, code, …}}`. */
export function errorReply(
  code: WsErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
): OpenEnvReply {
  return { type: "error", data: { message, code, ...extra } };
}

/** A failure as OpenEnv's error: a refused input VALIDATION_ERROR, a full server CAPACITY_REACHED, the rest EXECUTION_ERROR. */
export function failureReply(err: unknown, sessions: SessionManager): OpenEnvReply {
  if (!(err instanceof SessionError))
    return errorReply("EXECUTION_ERROR", `internal error: ${shortMessage(err)}`);
  const status = { status: err.status };
  if (err.status === 400 || err.status === 413 || err.status === 422)
    return errorReply("VALIDATION_ERROR", err.message, status);
  if (err.status === 429)
    return errorReply("CAPACITY_REACHED", err.message, {
      ...status,
      active_sessions: sessions.open,
      max_sessions: sessions.maxSessions,
    });
  return errorReply("EXECUTION_ERROR", err.message, status);
}

/**
 * One `/ws` connection: one session at a time, created by `reset` (its `data` the spec over the
 * server's defaults; a second reset ends the first episode as a delete does and starts another).
 */
export class OpenEnvConnection {
  private sessionId: string | undefined;
  private episodeId: string | undefined;
  private lastResult: OpenEnvResult | null = null;

  constructor(
    private readonly sessions: SessionManager,
    private readonly defaults: Record<string, unknown>,
  ) {}

  /** The reply to one message, or `close` when the client asked to end the session. */
  async answer(text: string): Promise<OpenEnvReply | "close"> {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      return errorReply("INVALID_JSON", `Invalid JSON: ${shortMessage(err)}`);
    }
    const type = raw && typeof raw === "object" ? (raw as { type?: unknown }).type : undefined;
    if (!OPENENV_MESSAGE_TYPES.includes(type as "reset"))
      return errorReply(
        "UNKNOWN_TYPE",
        `Unknown message type: ${typeof type === "string" ? type : String(type ?? "")}`,
      );
    const parsed = OpenEnvMessage.safeParse(raw);
    if (!parsed.success) {
      const errors = parsed.error.issues
        .slice(0, 8)
        .map((i) => ({ loc: i.path, msg: i.message, type: i.code }));
      const named = errors.map((e) => `${e.loc.length ? e.loc.join(".") : "(root)"}: ${e.msg}`).join("; ");
      return errorReply("VALIDATION_ERROR", `Invalid message: ${named}`, { errors });
    }
    const msg = parsed.data;
    try {
      if (msg.type === "close") return "close";
      if (msg.type === "state") return { type: "state", data: this.state() };
      const result = msg.type === "reset" ? await this.reset(msg.data) : await this.step(msg.data);
      this.lastResult = result;
      return { type: "observation", data: result };
    } catch (err) {
      return failureReply(err, this.sessions);
    }
  }

  private async reset(data: Record<string, unknown>): Promise<OpenEnvResult> {
    const { spec, episodeId } = resetSpec(data, this.defaults);
    await this.end("the client reset the environment before the episode ended");
    const session = await this.sessions.create(spec);
    this.sessionId = session.id;
    this.episodeId = episodeId ?? session.id;
    return resetResult(await session.reset());
  }

  private async step(data: Record<string, unknown>): Promise<OpenEnvResult> {
    if (this.sessionId === undefined)
      throw new SessionError(409, 'no episode: send {"type": "reset"} before a step');
    const request = stepOf(data);
    return stepResult(await this.sessions.get(this.sessionId).step(request));
  }

  state(): OpenEnvState {
    if (this.sessionId === undefined) return { episode_id: null, step_count: 0 };
    const state = this.sessions.get(this.sessionId).state();
    return {
      episode_id: this.episodeId ?? state.id,
      step_count: state.turn,
      ...state,
      last_result: this.lastResult,
    };
  }

  /** Ends the connection's session, as `DELETE /sessions/ID` does (an unfinished episode stored as failed). */
  async end(reason: string): Promise<void> {
    const id = this.sessionId;
    this.sessionId = undefined;
    this.episodeId = undefined;
    this.lastResult = null;
    if (id !== undefined) await this.sessions.delete(id, reason).catch(() => {});
  }
}

/**
 * OpenEnv's WebSocket at `/ws`: messages answered in order; `close` ends the session and the
 * socket; a connection that drops ends its session as a delete does. The token as for HTTP.
 */
export function openEnvUpgrade(
  sessions: SessionManager,
  token: string | undefined,
  defaults: Record<string, unknown>,
): { onUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean; close: () => void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    let url: URL;
    try {
      url = new URL(req.url ?? "/", "http://localhost");
    } catch {
      return false; // the session endpoint refuses a malformed path
    }
    if (url.pathname !== "/ws") return false;
    if (!authorized(token, req.headers.authorization, url.searchParams.get("token") ?? undefined)) {
      const body = JSON.stringify({ detail: "missing or wrong token", status: 401 });
      socket.end(
        `HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        () => socket.destroy(),
      );
      return true;
    }
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) =>
      serveConnection(ws, new OpenEnvConnection(sessions, defaults)),
    );
    return true;
  };
  return {
    onUpgrade,
    close: () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

function serveConnection(ws: WebSocket, conn: OpenEnvConnection): void {
  let queue: Promise<void> = Promise.resolve();
  let closed = false;
  ws.on("message", (data: RawData) => {
    queue = queue.then(async () => {
      if (closed) return;
      const reply = await conn.answer(data.toString());
      if (reply === "close") {
        closed = true;
        await conn.end("session closed by the client before its episode ended");
        ws.close(1000);
        return;
      }
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(reply));
    });
  });
  ws.on("close", () => {
    queue = queue.then(() => conn.end("the client's connection dropped before the episode ended"));
  });
  ws.on("error", () => {});
}
