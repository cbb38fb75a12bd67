import type { z } from "zod";
import { SiturecError } from "../core/errors.js";
import {
  type CreateSessionRequest,
  ErrorBody,
  Observation,
  SessionState,
  type StepRequest,
  StepResult,
} from "./protocol.js";

/** A refusal from the environment server: its HTTP status and message. */
export class EnvClientError extends SiturecError {
  override readonly name = "EnvClientError";
  constructor(
    /** The HTTP status (4xx: the request was wrong; 5xx: the server failed). */
    readonly status: number,
    message: string,
  ) {
    super(message, { exitCode: status >= 400 && status < 500 ? 2 : 1 });
  }
}

export interface EnvClientOptions {
  /** The server's URL (`http://127.0.0.1:7576`). */
  url: string;
  /** The token the server printed, when it wants one. */
  token?: string;
}

/**
 * A client of the environment server over HTTP, every reply parsed with the protocol's schemas:
 * `createSession` then, per episode, `reset`, `step` until `terminated || truncated`, and `close`.
 */
export class EnvClient {
  private readonly base: string;

  constructor(private readonly opts: EnvClientOptions) {
    this.base = opts.url.replace(/\/+$/, "");
  }

  private async call<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.infer<S>> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(this.opts.token ? { authorization: `Bearer ${this.opts.token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const json: unknown = await res.json().catch(() => ({ error: res.statusText, status: res.status }));
    if (!res.ok) {
      const err = ErrorBody.safeParse(json);
      throw new EnvClientError(res.status, err.success ? err.data.error : `HTTP ${res.status}`);
    }
    return schema.parse(json);
  }

  /** Opens a session (one episode); its state says the session id. */
  createSession(spec: CreateSessionRequest): Promise<SessionState> {
    return this.call("POST", "/sessions", SessionState, spec);
  }

  reset(sessionId: string): Promise<Observation> {
    return this.call("POST", `/sessions/${sessionId}/reset`, Observation, {});
  }

  step(sessionId: string, action: StepRequest["action"], role?: string): Promise<StepResult> {
    return this.call("POST", `/sessions/${sessionId}/step`, StepResult, {
      action,
      ...(role !== undefined ? { role } : {}),
    });
  }

  state(sessionId: string): Promise<SessionState> {
    return this.call("GET", `/sessions/${sessionId}/state`, SessionState);
  }

  /** Closes a session (an unfinished episode is stored as failed). */
  close(sessionId: string): Promise<SessionState> {
    return this.call("DELETE", `/sessions/${sessionId}`, SessionState);
  }

  /**
   * Plays one episode with `policy` deciding each turn from the observation; returns the session's
   * final state and the rewards of its steps. The session is closed however the rollout ends.
   * `last.info.error` is set when the episode failed (a model or the world, not the policy's play):
   * its reward is not one to learn from.
   */
  async rollout(
    spec: CreateSessionRequest,
    policy: (observation: Observation) => StepRequest["action"] | Promise<StepRequest["action"]>,
  ): Promise<{ state: SessionState; rewards: number[]; last: StepResult }> {
    const { id } = await this.createSession(spec);
    const rewards: number[] = [];
    let last: StepResult | undefined;
    let state: SessionState;
    try {
      let observation: Observation | null = await this.reset(id);
      while (observation) {
        last = await this.step(id, await policy(observation));
        rewards.push(last.reward);
        observation = last.terminated || last.truncated ? null : last.observation;
      }
      state = await this.state(id);
    } finally {
      // Whatever happened (a policy that threw, a lost connection), the server's slot is given back;
      // an unfinished episode is stored as failed. A close that fails must not hide the first error.
      await this.close(id).catch(() => {});
    }
    return { state, rewards, last: last! };
  }
}
