import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { RenderService } from "../render/render-service.js";
import { openRunStore } from "../storage/open-run-store.js";
import { type RunningEnvServer, startEnvServer } from "./env-server.js";

/**
 * A minimal OpenEnv client written from OpenEnv's documented messages (not its code): it connects to
 * `{base}/ws`, sends `{"type": "reset", "data": {…}}`, `{"type": "step", "data": action}`,
 * `{"type": "state"}` and `{"type": "close"}`, and reads `{"type", "data"}` replies in order.
 */
interface Reply {
  type: string;
  data: Record<string, unknown>;
}
interface Result {
  observation: Record<string, unknown> & { metadata: Record<string, unknown> };
  reward: number | null;
  done: boolean;
}

class OpenEnvSocket {
  private readonly waiting: ((r: Reply) => void)[] = [];
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => this.waiting.shift()?.(JSON.parse(data.toString()) as Reply));
    this.closed = new Promise((ok) => ws.once("close", (code) => ok(code)));
  }

  static async connect(base: string, query = ""): Promise<OpenEnvSocket> {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/ws${query}`);
    await new Promise<void>((ok, fail) => {
      ws.once("open", () => ok());
      ws.once("error", fail);
    });
    return new OpenEnvSocket(ws);
  }

  ask(msg: unknown): Promise<Reply> {
    return new Promise((ok) => {
      this.waiting.push(ok);
      this.ws.send(typeof msg === "string" ? msg : JSON.stringify(msg));
    });
  }

  /** As OpenEnv's client: an error reply is thrown with its message and code. */
  private async result(msg: unknown): Promise<Result> {
    const reply = await this.ask(msg);
    if (reply.type === "error")
      throw new Error(`${String(reply.data.message)} (code: ${String(reply.data.code)})`);
    expect(reply.type).toBe("observation");
    return reply.data as unknown as Result;
  }

  reset(data: Record<string, unknown> = {}): Promise<Result> {
    return this.result({ type: "reset", data });
  }

  step(action: Record<string, unknown>): Promise<Result> {
    return this.result({ type: "step", data: action });
  }

  async state(): Promise<Record<string, unknown>> {
    const reply = await this.ask({ type: "state" });
    expect(reply.type).toBe("state");
    return reply.data;
  }

  async close(): Promise<number> {
    this.ws.send(JSON.stringify({ type: "close" }));
    return this.closed;
  }
}

let dir: string;
let render: RenderService;
let server: RunningEnvServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "siturec-openenv-"));
  render = await RenderService.start({ width: 480, height: 360, poolSize: 1 });
  server = await startEnvServer({
    port: 0,
    dir,
    render,
    resetDefaults: { env: "customersim", images: "none" },
  });
});
afterAll(async () => {
  await server?.close();
  await render?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function episodeRow(runId: string, taskId: string) {
  const store = openRunStore(dir, { readonly: true });
  try {
    return (await store.episodes(runId)).find((e) => e.taskId === taskId);
  } finally {
    await store.close();
  }
}

const ASSISTANT = {
  utterance: "Hello! What are you looking for today?",
  assistant_actions: [{ type: "ClarifyNeed" }],
  expected_user_action: { name: "idle", arguments: {} },
  ranking: [],
  tool_calls: [],
};

describe("OpenEnv's protocol", () => {
  it("plays a SituRecBench episode to its end over /ws, and state fetches the last reply again", async () => {
    const env = await OpenEnvSocket.connect(server.url);
    const first = await env.reset({
      env: "situ-rec",
      store: "supermarket",
      task: 0,
      maxTurns: 3,
      seed: 7,
      images: "none",
    });
    expect(first).toMatchObject({ reward: null, done: false });
    expect(first.observation.role).toBe("assistant");
    expect(first.observation.metadata).toEqual({
      terminated: false,
      truncated: false,
      error: null,
      info: {},
    });
    let result = first;
    let steps = 0;
    while (!result.done) {
      result = await env.step(ASSISTANT);
      steps++;
      expect(typeof result.reward).toBe("number");
      expect(result.observation.metadata.error).toBeNull();
    }
    const meta = result.observation.metadata;
    expect(result.done).toBe(Boolean(meta.terminated) || Boolean(meta.truncated));
    expect(meta.info).toHaveProperty("timing");
    const state = await env.state();
    expect(state).toMatchObject({ step_count: steps, status: "ended", env: "situ-rec" });
    expect(state.episode_id).toBe(state.id);
    expect((state.spec as { seed: number }).seed).toBe(7);
    expect(state.last_result).toEqual(result);
    expect(await env.close()).toBe(1000);
    const row = await episodeRow(state.runId as string, (state.episode as { taskId: string }).taskId);
    expect(row?.status).not.toBe("error");
  });

  it("plays a CustomerSim conversation with the server's reset defaults, OpenEnv's episode_id kept", async () => {
    const env = await OpenEnvSocket.connect(server.url);
    const first = await env.reset({ persona: "lt-p001", episode_id: "ep-1" });
    expect(first.observation).toMatchObject({ env: "customersim", role: "shopper" });
    const mid = await env.step({ text: "Hi, I need a light laptop for college." });
    expect(mid).toMatchObject({ done: false, reward: 0 });
    const last = await env.step({
      text: "Thanks, I'll think about it.",
      tool_calls: [{ name: "end_conversation", arguments: {} }],
    });
    expect(last.done).toBe(true);
    expect(last.observation.metadata).toMatchObject({ terminated: true, error: null });
    expect(typeof last.reward).toBe("number");
    const state = await env.state();
    expect(state).toMatchObject({ episode_id: "ep-1", step_count: 2, status: "ended" });
    const after = await env.ask({ type: "step", data: { text: "one more thing" } });
    expect(after).toMatchObject({ type: "error", data: { code: "EXECUTION_ERROR", status: 409 } });
    const again = await env.reset({ persona: "lt-p001", seed: 1 });
    expect(again).toMatchObject({ done: false, reward: null });
    const next = await env.state();
    expect(next).toMatchObject({ step_count: 0, status: "running" });
    expect(next.id).not.toBe(state.id);
    expect(await env.close()).toBe(1000);
    const row = await episodeRow(state.runId as string, (state.episode as { taskId: string }).taskId);
    expect(row?.status).not.toBe("error");
  });

  it("asks for the token on /ws and the stateful HTTP routes when the server has one", async () => {
    const guarded = await startEnvServer({
      port: 0,
      dir,
      token: "secret-token",
      resetDefaults: { env: "customersim", images: "none" },
    });
    try {
      await expect(OpenEnvSocket.connect(guarded.url)).rejects.toThrow(/401/);
      const env = await OpenEnvSocket.connect(guarded.url, "?token=secret-token");
      expect(await env.state()).toEqual({ episode_id: null, step_count: 0 });
      expect(await env.close()).toBe(1000);
      expect((await fetch(`${guarded.url}/reset`, { method: "POST", body: "{}" })).status).toBe(401);
      expect((await fetch(`${guarded.url}/health`)).status).toBe(200);
      expect((await fetch(`${guarded.url}/schema`)).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it("answers bad messages with OpenEnv's error envelopes and codes, and keeps the session", async () => {
    const env = await OpenEnvSocket.connect(server.url);
    expect(await env.state()).toEqual({ episode_id: null, step_count: 0 });
    expect(await env.ask("{oops")).toMatchObject({ type: "error", data: { code: "INVALID_JSON" } });
    expect(await env.ask({ type: "jump" })).toMatchObject({
      type: "error",
      data: { code: "UNKNOWN_TYPE", message: "Unknown message type: jump" },
    });
    const before = await env.ask({ type: "step", data: { text: "hi" } });
    expect(before).toMatchObject({ type: "error", data: { code: "EXECUTION_ERROR" } });
    expect(String(before.data.message)).toMatch(/reset/);
    const extra = await env.ask({ type: "reset", data: {}, id: "x" });
    expect(extra).toMatchObject({ type: "error", data: { code: "VALIDATION_ERROR" } });
    const spec = await env.ask({ type: "reset", data: { persona: "lt-p001", turnLimit: 0 } });
    expect(spec).toMatchObject({ type: "error", data: { code: "VALIDATION_ERROR" } });
    expect(String(spec.data.message)).toContain("data.turnLimit");
    await env.reset({ persona: 2 });
    const noData = await env.ask({ type: "step" });
    expect(noData).toMatchObject({ type: "error", data: { code: "VALIDATION_ERROR" } });
    expect(String(noData.data.message)).toContain("data");
    const wrongRole = await env.ask({
      type: "step",
      data: { utterance: "hi", tool_call: { name: "idle", arguments: {} } },
    });
    expect(wrongRole).toMatchObject({ type: "error", data: { code: "VALIDATION_ERROR", status: 422 } });
    const ok = await env.step({ text: "hello" });
    expect(ok.done).toBe(false);
    const state = await env.state();
    expect(state.step_count).toBe(1);
    expect(await env.close()).toBe(1000);
    const row = await episodeRow(state.runId as string, (state.episode as { taskId: string }).taskId);
    expect(row?.status).toBe("error");
    expect(row?.error).toContain("closed by the client");
  });

  it("stores the episode of a dropped connection as a delete does", async () => {
    const env = await OpenEnvSocket.connect(server.url);
    await env.reset({ persona: 3 });
    await env.step({ text: "hello" });
    const state = await env.state();
    env.ws.terminate();
    const taskId = (state.episode as { taskId: string }).taskId;
    let row = await episodeRow(state.runId as string, taskId);
    for (let i = 0; i < 50 && row?.status !== "error"; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      row = await episodeRow(state.runId as string, taskId);
    }
    expect(row?.status).toBe("error");
    expect(row?.error).toContain("connection dropped");
  });

  it("serves OpenEnv's HTTP routes", async () => {
    const get = async (path: string) =>
      (await fetch(`${server.url}${path}`)).json() as Promise<Record<string, unknown>>;
    expect(await get("/health")).toMatchObject({ status: "healthy" });
    const schema = await get("/schema");
    expect(Object.keys(schema).sort()).toEqual(["action", "observation", "state"]);
    expect(JSON.stringify(schema.action)).toContain("assistant_actions");
    expect(await get("/metadata")).toMatchObject({ name: "siturec" });
    expect(await get("/state")).toEqual({ episode_id: null, step_count: 0 });
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method: "POST", body: JSON.stringify(body) });
    const reset = await post("/reset", { persona: 1, seed: 3 });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({
      reward: null,
      done: false,
      observation: { env: "customersim" },
    });
    const step = await post("/step", { action: { text: "Just looking, thanks." } });
    expect(step.status).toBe(200);
    expect(await step.json()).toMatchObject({ done: false, reward: 0 });
    const bad = await post("/step", { action: "nope" });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { detail: { loc: string[] }[] }).detail[0]!.loc).toEqual([
      "body",
      "action",
    ]);
    expect((await post("/reset", { seed: -1 })).status).toBe(422);
  });
});
