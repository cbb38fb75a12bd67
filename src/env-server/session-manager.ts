import { randomUUID } from "node:crypto";
import { formatZodIssues } from "../core/zod-issues.js";
import { CustomerSimSession } from "./customersim-session.js";
import type { EnvSession } from "./env-session.js";
import { CreateSessionRequest } from "./protocol.js";
import type { ServerResources } from "./server-resources.js";
import { SessionError } from "./session-error.js";
import { SituRecSession } from "./situ-rec-session.js";

export interface SessionManagerOptions {
  /** Sessions open at once (default 64); one more is refused with 429 until one closes. */
  maxSessions?: number;
  /** A session untouched this long is dropped (its episode stored as failed); default 10 minutes. */
  idleTimeoutMs?: number;
  /** The server's name for its attempts at episodes. */
  owner: string;
}

export type AnySession = EnvSession<unknown, unknown>;

/** The open sessions: created from validated specs, found by id, dropped when idle or deleted. */
export class SessionManager {
  private readonly sessions = new Map<string, AnySession>();
  private readonly sweeper: { stop(): void };
  readonly maxSessions: number;
  readonly idleTimeoutMs: number;

  constructor(
    private readonly res: ServerResources,
    private readonly opts: SessionManagerOptions,
  ) {
    this.maxSessions = opts.maxSessions ?? 64;
    this.idleTimeoutMs = opts.idleTimeoutMs ?? 600_000;
    this.sweeper = res.clock.every(Math.min(this.idleTimeoutMs / 2, 30_000), () => this.sweep());
  }

  get size(): number {
    return this.sessions.size;
  }

  create(body: unknown): AnySession {
    const parsed = CreateSessionRequest.safeParse(body);
    if (!parsed.success) throw new SessionError(400, formatZodIssues(parsed.error, { max: 4 }));
    if (this.sessions.size >= this.maxSessions)
      throw new SessionError(
        429,
        `${this.sessions.size} sessions are open, the most this server takes (--max-sessions); close one (DELETE /sessions/ID) first`,
      );
    const id = randomUUID();
    const base = `/sessions/${id}/images`;
    const spec = parsed.data;
    const session =
      spec.env === "situ-rec"
        ? new SituRecSession(id, spec, this.res, this.opts.owner, base)
        : new CustomerSimSession(id, spec, this.res, this.opts.owner, base);
    this.sessions.set(id, session as unknown as AnySession);
    return session as unknown as AnySession;
  }

  get(id: string): AnySession {
    const s = this.sessions.get(id);
    if (!s) throw new SessionError(404, `no session '${id}' (it may have ended idle or been deleted)`);
    return s;
  }

  /** Closes a session: an unfinished episode is stored as failed, never as finished. */
  async delete(id: string, reason = "session deleted by the client before its episode ended"): Promise<void> {
    const s = this.get(id);
    this.sessions.delete(id);
    await s.close(reason);
  }

  private async sweep(): Promise<void> {
    const now = this.res.clock.now();
    for (const [id, s] of this.sessions)
      if (!s.working && now - s.lastActive > this.idleTimeoutMs)
        await this.delete(id, `session idle for ${Math.round(this.idleTimeoutMs / 1000)} s`).catch(() => {});
  }

  async close(): Promise<void> {
    this.sweeper.stop();
    for (const id of [...this.sessions.keys()])
      await this.delete(id, "the environment server stopped before the episode ended").catch(() => {});
  }
}
