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

  /** Sessions whose episode has not ended: those count against `maxSessions`. */
  get open(): number {
    let n = 0;
    for (const s of this.sessions.values()) if (s.status === "created" || s.status === "running") n++;
    return n;
  }

  /**
   * A session from a validated spec, its other roles' models preflighted. An ended session keeps
   * no slot (its state and images stay readable until DELETE or the idle timeout; the oldest ended
   * ones are dropped first when more than `maxSessions` of them are kept).
   */
  async create(body: unknown): Promise<AnySession> {
    const parsed = CreateSessionRequest.safeParse(body);
    if (!parsed.success) throw new SessionError(400, formatZodIssues(parsed.error, { max: 4 }));
    this.refuseWhenFull();
    const id = randomUUID();
    const base = `/sessions/${id}/images`;
    const spec = parsed.data;
    const session = (spec.env === "situ-rec"
      ? new SituRecSession(id, spec, this.res, this.opts.owner, base)
      : new CustomerSimSession(id, spec, this.res, this.opts.owner, base)) as unknown as AnySession;
    await this.res.preflight(session.models());
    // Again: other sessions may have been created while the models answered.
    this.refuseWhenFull();
    this.dropEndedBeyond(this.maxSessions);
    this.sessions.set(id, session);
    return session;
  }

  private refuseWhenFull(): void {
    if (this.open >= this.maxSessions)
      throw new SessionError(
        429,
        `${this.open} sessions are open, the most this server takes (--max-sessions); close one (DELETE /sessions/ID) or finish its episode first`,
        this.retryAfterS(),
      );
  }

  /** When a slot may free: the soonest an open, idle session would be dropped (at least 1 s). */
  private retryAfterS(): number {
    const now = this.res.clock.now();
    let soonest = this.idleTimeoutMs;
    for (const s of this.sessions.values())
      if (s.status !== "ended" && !s.working)
        soonest = Math.min(soonest, s.lastActive + this.idleTimeoutMs - now);
    return Math.max(1, Math.ceil(soonest / 1000));
  }

  private dropEndedBeyond(keep: number): void {
    const ended = [...this.sessions].filter(([, s]) => s.status === "ended");
    for (const [id] of ended.slice(0, Math.max(0, ended.length - keep))) this.sessions.delete(id);
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
