import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { formatZodIssues } from "../core/zod-issues.js";
import { authorized, errorBody, MAX_BODY_BYTES, stepRequest } from "./http-app.js";
import { type WsReply, WsRequest } from "./protocol.js";
import { SessionError } from "./session-error.js";
import type { SessionManager } from "./session-manager.js";

const PATH = /^\/sessions\/([^/]+)\/ws$/;

const REASON: Record<number, string> = { 400: "Bad Request", 401: "Unauthorized", 404: "Not Found" };

function refuse(socket: Duplex, status: 400 | 401 | 404, message: string): void {
  const body = JSON.stringify({ error: message, status });
  // Destroyed once written: a client that never closes its side must not hold the server open.
  socket.end(
    `HTTP/1.1 ${status} ${REASON[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/** The session id of an upgrade's path, or why there is none (a malformed path is the client's error). */
function sessionIdOf(rawUrl: string | undefined): { id: string } | { status: 400 | 404; message: string } {
  let url: URL;
  try {
    url = new URL(rawUrl ?? "/", "http://localhost");
  } catch {
    return { status: 400, message: "the request's path is not a valid URL path" };
  }
  const match = PATH.exec(url.pathname);
  if (!match)
    return { status: 404, message: `no WebSocket at ${url.pathname.slice(0, 200)} (use /sessions/ID/ws)` };
  try {
    return { id: decodeURIComponent(match[1]!) };
  } catch {
    return { status: 400, message: "the session id in the path is not valid percent-encoding" };
  }
}

async function answer(sessions: SessionManager, sessionId: string, data: RawData): Promise<WsReply> {
  let id: string | undefined;
  try {
    const text = data.toString();
    if (text.length > MAX_BODY_BYTES)
      throw new SessionError(413, `the message is over ${MAX_BODY_BYTES} bytes`);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new SessionError(400, "the message is not valid JSON");
    }
    if (raw && typeof raw === "object" && typeof (raw as { id?: unknown }).id === "string")
      id = (raw as { id: string }).id;
    const parsed = WsRequest.safeParse(raw);
    if (!parsed.success) throw new SessionError(400, formatZodIssues(parsed.error, { max: 4 }));
    const req = parsed.data;
    const session = sessions.get(sessionId);
    const tag = id !== undefined ? { id } : {};
    if (req.type === "reset") return { type: "observation", ...tag, observation: await session.reset() };
    if (req.type === "state") return { type: "state", ...tag, state: session.state() };
    const { type: _t, id: _i, ...step } = req;
    return { type: "step", ...tag, result: await session.step(stepRequest(step)) };
  } catch (err) {
    return { type: "error", ...(id !== undefined ? { id } : {}), ...errorBody(err) };
  }
}

/**
 * The same messages over one WebSocket per session (`/sessions/ID/ws`, the token as for HTTP):
 * `{type: "reset" | "step" | "state", id?}` in, `{type: "observation" | "step" | "state" | "error",
 * id?}` out, answered in order. Closing the socket leaves the session open (reconnect, or let the
 * idle timeout drop it).
 */
export function attachWebSockets(
  server: Server,
  sessions: SessionManager,
  token: string | undefined,
  /** Another endpoint's upgrades (OpenEnv's `/ws`): true when it took the request. */
  other?: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean,
): () => void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => {});
    if (other?.(req, socket, head)) return;
    const target = sessionIdOf(req.url);
    if ("status" in target) return refuse(socket, target.status, target.message);
    const query = new URL(req.url ?? "/", "http://localhost").searchParams.get("token") ?? undefined;
    if (!authorized(token, req.headers.authorization, query))
      return refuse(socket, 401, "missing or wrong token");
    const sessionId = target.id;
    try {
      sessions.get(sessionId);
    } catch (err) {
      return refuse(socket, 404, (err as Error).message);
    }
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      let queue: Promise<void> = Promise.resolve();
      ws.on("message", (data) => {
        queue = queue.then(async () => {
          const reply = await answer(sessions, sessionId, data);
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(reply));
        });
      });
      ws.on("error", () => {});
    });
  };
  server.on("upgrade", onUpgrade);
  return () => {
    server.off("upgrade", onUpgrade);
    for (const client of wss.clients) client.terminate();
    wss.close();
  };
}
