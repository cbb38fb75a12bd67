import type { Clock } from "../core/clock.js";
import { sha256 } from "../core/hash.js";
import { ExternalDecisions } from "./external-decisions.js";
import type {
  Observation,
  SessionSpec,
  SessionState,
  SessionStatus,
  StepRequest,
  StepResult,
} from "./protocol.js";
import { SessionError } from "./session-error.js";

/** What a step's environment side produced: the reward and what the trainer may want besides. */
export interface Settled {
  reward: number;
  terminated: boolean;
  truncated: boolean;
  info: Record<string, unknown>;
}

/** Time a step spent outside the server's own work: in the world (navigation, rendering, waiting for a render page) and in the other roles' models. */
export interface StepCosts {
  worldMs: number;
  modelMs: number;
}

/**
 * One episode served to a client: `reset` starts the environment's own loop (run unchanged, with
 * the client's role played by an external policy) and returns the first observation; each `step`
 * answers the outstanding decision and waits until the loop asks again or ends. The loop stores
 * the episode through the run store exactly as a run does. Subclasses say how an environment's
 * loop is started, how its requests become observations and actions become decisions, and what a
 * step earns.
 */
export abstract class EnvSession<C, D> {
  protected readonly decisions = new ExternalDecisions<C, D>();
  status: SessionStatus = "created";
  /** When the client last did something (for the idle timeout), on the server's clock. */
  lastActive: number;
  private turn = 0;
  private totalReward = 0;
  private loop: Promise<void> | undefined;
  private busy = false;
  private readonly images = new Map<string, Buffer>();

  constructor(
    readonly id: string,
    readonly spec: SessionSpec,
    /** The run store folder the episode goes to. */
    readonly storeDir: string,
    /** The URL path under which this session's images are served (`url` image mode). */
    private readonly imageBase: string,
    /** The server's clock, which the idle timeout reads. */
    private readonly clock: Clock,
  ) {
    this.lastActive = clock.now();
  }

  abstract get role(): string;
  /** The run the episode is stored in (null before `reset`). */
  abstract get runId(): string | null;
  /** The episode's key in its run. */
  abstract get episode(): { env: string; taskId: string };
  /** How the episode ended, once it has. */
  abstract get outcome(): Record<string, unknown> | null;
  /** The model ids the server plays the session's other roles with (each answers a preflight at creation). */
  abstract models(): string[];
  /** Plays the episode to its end, storing it; never rejects for the episode's own failures. */
  protected abstract play(): Promise<void>;
  protected abstract observation(context: C): Promise<Observation>;
  /** The client's action as the role's decision; throws SessionError for an action of another role. */
  protected abstract decision(context: C, action: StepRequest["action"]): D;
  /** The step's reward and info, once the loop asked again (`ended` false) or ended. */
  protected abstract settle(ended: boolean): Promise<Settled>;
  /** Time spent so far rendering and waiting for the other roles' models. */
  protected abstract costs(): StepCosts;

  /** Serves an image of an observation (`url` mode): its path under the server. */
  protected serveImage(png: Buffer): string {
    // Named by content: an earlier view sent again each turn is stored once.
    const name = `${sha256(png).slice(0, 24)}.png`;
    if (!this.images.has(name)) this.images.set(name, png);
    return `${this.imageBase}/${name}`;
  }

  /** Whether a request is being served (an idle sweep leaves such a session alone). */
  get working(): boolean {
    return this.busy;
  }

  image(name: string): Buffer | undefined {
    return this.images.get(name);
  }

  private guard(what: string): void {
    if (this.status === "closed") throw new SessionError(410, `session ${this.id} is closed`);
    if (this.busy)
      throw new SessionError(409, `session ${this.id} is busy with another request; ${what} after it`);
  }

  async reset(): Promise<Observation> {
    this.guard("reset");
    this.lastActive = this.clock.now();
    if (this.status !== "created")
      throw new SessionError(
        409,
        `session ${this.id} was already reset (one session is one episode); create a new session for another (over /ws: send reset)`,
      );
    this.busy = true;
    try {
      this.status = "running";
      this.loop = this.play().catch(() => {});
      const context = await this.decisions.next(this.loop);
      if (context === undefined) {
        this.status = "ended";
        const error =
          (this.outcome?.error as string | undefined) ?? "the episode ended before its first decision";
        throw new SessionError(500, `the episode could not start: ${error}`);
      }
      return await this.observation(context);
    } finally {
      this.busy = false;
      this.lastActive = this.clock.now();
    }
  }

  async step(request: StepRequest): Promise<StepResult> {
    this.guard("step");
    this.lastActive = this.clock.now();
    if (this.status === "created")
      throw new SessionError(409, `session ${this.id} has not been reset: POST .../reset first`);
    if (this.status === "ended")
      throw new SessionError(
        409,
        `the episode of session ${this.id} has ended; create a new session for another (over /ws: send reset)`,
      );
    if (request.role !== undefined && request.role !== this.role)
      throw new SessionError(
        409,
        `this session's client plays the ${this.role}, not the ${request.role} (an action for the wrong role)`,
      );
    const context = this.decisions.outstanding;
    if (context === undefined) throw new SessionError(409, `session ${this.id} is not waiting for an action`);
    // Reading and validating the action is the server's work too: timed from here.
    const started = performance.now();
    const decision = this.decision(context, request.action);
    this.busy = true;
    try {
      const before = this.costs();
      this.decisions.answer(decision);
      const next = await this.decisions.next(this.loop!);
      if (next === undefined) {
        await this.loop;
        if (this.status !== "closed") this.status = "ended";
      }
      const settled = await this.settle(next === undefined);
      const observation = next === undefined ? null : await this.observation(next);
      const after = this.costs();
      const stepMs = performance.now() - started;
      const worldMs = after.worldMs - before.worldMs;
      const modelMs = after.modelMs - before.modelMs;
      this.turn++;
      this.totalReward += settled.reward;
      return {
        observation,
        reward: settled.reward,
        terminated: settled.terminated,
        truncated: settled.truncated,
        info: {
          ...settled.info,
          timing: { stepMs, worldMs, modelMs, overheadMs: Math.max(0, stepMs - worldMs - modelMs) },
        },
      };
    } finally {
      this.busy = false;
      this.lastActive = this.clock.now();
    }
  }

  state(): SessionState {
    return {
      id: this.id,
      env: this.spec.env,
      role: this.role,
      status: this.status,
      runId: this.runId,
      storeDir: this.storeDir,
      episode: this.episode,
      turn: this.turn,
      totalReward: this.totalReward,
      outcome: this.outcome,
      spec: { ...this.spec },
    };
  }

  /**
   * Ends the session: an episode still running is stopped and stored as failed (`error`, with
   * `reason`; `play` stores it so), never as finished, so a rerun plays it again.
   */
  async close(reason: string): Promise<void> {
    if (this.status === "closed") return;
    const wasRunning = this.status === "running";
    this.status = "closed";
    if (!wasRunning) return;
    this.decisions.cancel(new Error(reason));
    await this.loop;
  }
}
