import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ManualClock } from "../core/testing/manual-clock.js";
import { openRunStore } from "../storage/open-run-store.js";
import { EnvClient } from "./client.js";
import { type RunningEnvServer, startEnvServer } from "./env-server.js";
import { envProtocolJsonSchema, WsReply } from "./protocol.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0)) await f();
});

async function start(
  opts: Parameters<typeof startEnvServer>[0] = {},
): Promise<{ server: RunningEnvServer; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "siturec-env-"));
  const server = await startEnvServer({ port: 0, dir, ...opts });
  cleanup.push(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { server, dir };
}

/** A socket that answers each request in order. */
async function socket(url: string): Promise<{ ask: (msg: unknown) => Promise<WsReply>; close: () => void }> {
  const ws = new WebSocket(url);
  await new Promise<void>((ok, fail) => {
    ws.once("open", () => ok());
    ws.once("error", fail);
  });
  const waiting: ((r: WsReply) => void)[] = [];
  ws.on("message", (data) => waiting.shift()?.(WsReply.parse(JSON.parse(data.toString()))));
  return {
    ask: (msg) =>
      new Promise((ok) => {
        waiting.push(ok);
        ws.send(typeof msg === "string" ? msg : JSON.stringify(msg));
      }),
    close: () => ws.close(),
  };
}

describe("the environment server", () => {
  it("speaks the same messages over a WebSocket per session", async () => {
    const { server } = await start();
    const client = new EnvClient({ url: server.url });
    const { id } = await client.createSession({ env: "customersim", persona: 5, images: "none" });
    const ws = await socket(`${server.url.replace("http", "ws")}/sessions/${id}/ws`);
    const first = await ws.ask({ type: "reset", id: "a" });
    expect(first).toMatchObject({ type: "observation", id: "a" });
    expect(await ws.ask("{oops")).toMatchObject({ type: "error", status: 400 });
    expect(await ws.ask({ type: "jump" })).toMatchObject({ type: "error", status: 400 });
    const step = await ws.ask({
      type: "step",
      id: "b",
      action: { text: "bye", tool_calls: [{ name: "end_conversation", arguments: {} }] },
    });
    expect(step).toMatchObject({ type: "step", id: "b", result: { terminated: true } });
    expect(await ws.ask({ type: "state" })).toMatchObject({ type: "state", state: { status: "ended" } });
    ws.close();
  });

  it("wants the token when it has one: 401 without or with a wrong one, on HTTP and WebSocket", async () => {
    const { server } = await start({ token: "s3cret-token" });
    const none = await fetch(`${server.url}/sessions`, { method: "POST", body: "{}" });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: string }).error).toMatch(/token/);
    const wrong = new EnvClient({ url: server.url, token: "wrong-token!" });
    await expect(wrong.createSession({ env: "customersim" })).rejects.toMatchObject({ status: 401 });
    const right = new EnvClient({ url: server.url, token: "s3cret-token" });
    const { id } = await right.createSession({ env: "customersim", images: "none" });
    await expect(socket(`${server.url.replace("http", "ws")}/sessions/${id}/ws`)).rejects.toThrow(/401/);
    const ws = await socket(`${server.url.replace("http", "ws")}/sessions/${id}/ws?token=s3cret-token`);
    expect(await ws.ask({ type: "state" })).toMatchObject({ type: "state" });
    ws.close();
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  it("makes up a token when bound beyond loopback", async () => {
    const { server } = await start({ host: "0.0.0.0" });
    expect(server.token).toMatch(/^[\w-]{20,}$/);
  });

  it("drops an idle session, storing its episode as failed; refuses sessions past --max-sessions", async () => {
    // Idle time passes only when the test moves the server's clock: a slow machine cannot make a
    // session idle early, nor keep it alive late.
    const clock = new ManualClock();
    const { server, dir } = await start({ idleTimeoutMs: 300, maxSessions: 2, clock });
    const client = new EnvClient({ url: server.url });
    const a = await client.createSession({ env: "customersim", persona: 6, images: "none" });
    await client.reset(a.id);
    const runId = (await client.state(a.id)).runId!;
    await client.createSession({ env: "customersim", persona: 7 });
    await expect(client.createSession({ env: "customersim", persona: 8 })).rejects.toMatchObject({
      status: 429,
    });
    await clock.advance(300);
    expect((await client.state(a.id)).id).toBe(a.id);
    await clock.advance(300);
    await expect(client.state(a.id)).rejects.toMatchObject({ status: 404 });
    const store = openRunStore(dir, { readonly: true });
    try {
      const [row] = await store.episodes(runId);
      expect(row).toMatchObject({ status: "error" });
      expect(row!.error).toMatch(/idle/);
    } finally {
      await store.close();
    }
  });

  it("publishes the protocol as JSON Schema", () => {
    const schema = envProtocolJsonSchema() as { $defs: Record<string, unknown> };
    expect(Object.keys(schema.$defs)).toEqual(
      expect.arrayContaining(["CreateSessionRequest", "Observation", "StepResult", "WsRequest"]),
    );
  });

  it("checks a session's other roles when it is created (400), before anything is rendered", async () => {
    const { server } = await start();
    const client = new EnvClient({ url: server.url });
    const refused = async (spec: Parameters<EnvClient["createSession"]>[0], message: RegExp) => {
      const err = (await client.createSession(spec).catch((e: unknown) => e)) as {
        status: number;
        message: string;
      };
      expect(err.status).toBe(400);
      expect(err.message).toMatch(message);
    };
    await refused({ env: "situ-rec", agents: { shopper: "nobody" } }, /no shopper is named 'nobody'/);
    await refused({ env: "situ-rec", agents: { assistant: "reference" } }, /the client plays the assistant/);
    await refused({ env: "situ-rec", role: "shopper", condition: "no-evv-caption" }, /cannot play it/);
    await refused({ env: "situ-rec", maxTurns: 0 }, /maxTurns/);
    await refused({ env: "customersim", sales: "nosuch:model" }, /unknown provider/);
    await expect(client.createSession({ env: "situ-rec", store: "moon-mart" })).rejects.toMatchObject({
      status: 404,
    });
    await expect(client.createSession({ env: "situ-rec", task: 9999 })).rejects.toMatchObject({
      status: 404,
    });
  });
});
