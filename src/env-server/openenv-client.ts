import WebSocket from "ws";
import {
  closeMessage,
  OpenEnvError,
  type OpenEnvRequest,
  type OpenEnvStepResult,
  openEnvSocketUrl,
  parseResult,
  parseState,
  readEnvelope,
  resetMessage,
  stateMessage,
  stepMessage,
} from "./openenv-client-messages.js";
import type { Observation } from "./protocol.js";

export interface OpenEnvClientOptions {
  /** The server's URL (`http://127.0.0.1:7576`, or `ws://…`); the socket is its `/ws`. */
  url: string;
  /** The token the server printed, when it wants one (sent as `Authorization: Bearer`). */
  token?: string;
  /** How long a reply may take (default 600 s: a SituRecBench step waits for the world). */
  messageTimeoutMs?: number;
  /** Largest reply accepted (default 100 MB, as OpenEnv's client: observations carry images). */
  maxMessageBytes?: number;
}

/** An action: the role's output object, or a model's raw reply text. */
export type OpenEnvAction = Record<string, unknown> | string;

interface Pending {
  ok: (raw: string) => void;
  fail: (err: Error) => void;
}

/**
 * A client of OpenEnv's WebSocket protocol (`/ws`: one connection is one session), speaking the
 * messages OpenEnv's `EnvClient` / `GenericEnvClient` speaks: `reset(spec)`, `step(action)` until
 * `done`, `state()`, `close()`. Replies are read in order, as the server answers them.
 */
export class OpenEnvClient {
  private readonly pending: Pending[] = [];
  private closed = false;

  private constructor(
    private readonly ws: WebSocket,
    private readonly timeoutMs: number,
  ) {
    ws.on("message", (data) => this.pending.shift()?.ok(data.toString()));
    ws.on("close", () => this.failAll(new OpenEnvError("CONNECTION_CLOSED", "the connection closed")));
    ws.on("error", (err) => this.failAll(new OpenEnvError("CONNECTION_ERROR", err.message)));
  }

  /** Opens the socket (a new session on the server). */
  static connect(opts: OpenEnvClientOptions): Promise<OpenEnvClient> {
    const ws = new WebSocket(openEnvSocketUrl(opts.url), {
      maxPayload: opts.maxMessageBytes ?? 100 * 1024 * 1024,
      ...(opts.token ? { headers: { authorization: `Bearer ${opts.token}` } } : {}),
    });
    return new Promise((ok, fail) => {
      ws.once("open", () => ok(new OpenEnvClient(ws, opts.messageTimeoutMs ?? 600_000)));
      ws.once("error", (err) => fail(new OpenEnvError("CONNECTION_ERROR", err.message)));
      ws.once("unexpected-response", (_req, res) => {
        fail(new OpenEnvError(`HTTP_${res.statusCode}`, `the server refused the socket (${res.statusCode})`));
        ws.terminate();
      });
    });
  }

  private failAll(err: Error): void {
    this.closed = true;
    for (const p of this.pending.splice(0)) p.fail(err);
  }

  private async ask(message: OpenEnvRequest): Promise<unknown> {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN)
      throw new OpenEnvError("CONNECTION_CLOSED", "the connection is closed");
    const raw = await new Promise<string>((ok, fail) => {
      const entry: Pending = {
        ok: (r) => {
          clearTimeout(timer);
          ok(r);
        },
        fail: (e) => {
          clearTimeout(timer);
          fail(e);
        },
      };
      const timer = setTimeout(() => {
        // A late reply would answer the wrong request: the connection is of no further use.
        this.failAll(new OpenEnvError("TIMEOUT", `no reply within ${this.timeoutMs} ms`));
        this.ws.terminate();
      }, this.timeoutMs);
      this.pending.push(entry);
      this.ws.send(JSON.stringify(message));
    });
    return readEnvelope(raw).data;
  }

  /** Starts the session's episode: `spec` is a session spec (`{env: "situ-rec", task, images, …}`). */
  async reset(spec: Record<string, unknown> = {}): Promise<OpenEnvStepResult> {
    return parseResult(await this.ask(resetMessage(spec)));
  }

  /**
   * Plays the role's action: its output object (`{utterance, assistant_actions, …}`, `{text,
   * tool_calls}`) or a model's raw reply text; `role`, when given, is checked against the session's.
   */
  async step(action: Record<string, unknown> | string, role?: string): Promise<OpenEnvStepResult> {
    return parseResult(await this.ask(stepMessage(action, role)));
  }

  /** The session's state: OpenEnv's `episode_id` and `step_count`, with the session's (`runId`, `status`, `outcome`, …). */
  async state(): Promise<Record<string, unknown>> {
    return parseState(await this.ask(stateMessage()));
  }

  /** Sends `close` (the server ends the session) and closes the socket; never throws. */
  async close(): Promise<void> {
    if (!this.closed && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(closeMessage()));
      this.closed = true;
      await new Promise<void>((ok) => {
        const timer = setTimeout(() => {
          this.ws.terminate();
          ok();
        }, 2_000);
        this.ws.once("close", () => {
          clearTimeout(timer);
          ok();
        });
        this.ws.close();
      });
    }
    this.failAll(new OpenEnvError("CONNECTION_CLOSED", "the connection closed"));
  }

  /**
   * Plays one episode on a new connection with `policy` deciding each turn; returns the rewards of
   * its steps, the last result and the session's final state. The connection is closed however it ends.
   * `last.metadata.error` is set when the episode failed (not the policy's play): drop the rollout.
   */
  static async rollout(
    opts: OpenEnvClientOptions,
    spec: Record<string, unknown>,
    policy: (observation: Observation) => OpenEnvAction | Promise<OpenEnvAction>,
  ): Promise<{ rewards: number[]; last: OpenEnvStepResult; state: Record<string, unknown> }> {
    const env = await OpenEnvClient.connect(opts);
    try {
      let last = await env.reset(spec);
      const rewards: number[] = [];
      while (!last.done && last.observation) {
        last = await env.step(await policy(last.observation));
        rewards.push(last.reward ?? 0);
      }
      return { rewards, last, state: await env.state() };
    } finally {
      await env.close();
    }
  }
}
