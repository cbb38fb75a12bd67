import { request } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { EnvClient, type EnvClientError } from "./client.js";
import { type RunningEnvServer, startEnvServer } from "./env-server.js";

const tmp = tempDirs("env-hardening");
const servers: RunningEnvServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function start(opts: Parameters<typeof startEnvServer>[0] = {}): Promise<RunningEnvServer> {
  const server = await startEnvServer({ port: 0, dir: tmp(), ...opts });
  servers.push(server);
  return server;
}

/** The status line of a raw WebSocket upgrade to `path` (sent byte for byte, no client-side escaping). */
function upgradeStatus(server: RunningEnvServer, path: string): Promise<string> {
  return new Promise((ok, fail) => {
    const socket = connect(server.port, "127.0.0.1", () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
      ),
    );
    let text = "";
    socket.on("data", (d) => {
      text += d.toString();
    });
    socket.on("close", () => ok(text.split("\r\n")[0] ?? ""));
    socket.on("error", fail);
  });
}

/** POSTs `chunks` with chunked transfer encoding; resolves with the status (or the error that ended it). */
function chunkedPost(server: RunningEnvServer, path: string, chunks: number, size: number): Promise<number> {
  return new Promise((ok, fail) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path,
        method: "POST",
        headers: { "content-type": "application/json" },
      },
      (res) => {
        res.resume();
        ok(res.statusCode ?? 0);
      },
    );
    req.on("error", fail);
    const chunk = "x".repeat(size);
    let sent = 0;
    const write = () => {
      while (sent < chunks) {
        sent++;
        if (!req.write(chunk)) return req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

const health = async (server: RunningEnvServer) =>
  (await (await fetch(`${server.url}/health`)).json()) as { sessions: number; open: number };

describe("the environment server under malformed and hostile requests", () => {
  it("answers a WebSocket upgrade with a malformed path 400 and keeps serving", async () => {
    const server = await start();
    const { id } = await new EnvClient({ url: server.url }).createSession({ env: "customersim" });
    for (const path of ["/sessions/%/ws", "/sessions/%E0%A4%A/ws", "/sessions/%00%ZZ/ws"])
      expect(await upgradeStatus(server, path)).toBe("HTTP/1.1 400 Bad Request");
    expect(await upgradeStatus(server, "/nowhere")).toBe("HTTP/1.1 404 Not Found");
    expect(await upgradeStatus(server, `/sessions/${id}x/ws`)).toBe("HTTP/1.1 404 Not Found");
    expect((await health(server)).sessions).toBe(1);
  });

  it("refuses a body over 1 MB as it streams (chunked or not) with 413", async () => {
    const server = await start();
    expect(await chunkedPost(server, "/sessions", 40, 64 * 1024)).toBe(413);
    const big = await fetch(`${server.url}/sessions`, { method: "POST", body: "x".repeat(1_100_000) });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toMatch(/over 1000000 bytes/);
    expect((await health(server)).sessions).toBe(0);
  });

  it("checks CustomerSim's reward configuration and the other roles' models when the session is created", async () => {
    const server = await start();
    const client = new EnvClient({ url: server.url });
    const refused = (spec: Parameters<EnvClient["createSession"]>[0]) =>
      client.createSession(spec).then(
        () => undefined,
        (e: unknown) => e as EnvClientError,
      );
    const badWeights = await refused({ env: "customersim", reward: { weights: "x" } as never });
    expect(badWeights).toMatchObject({ status: 400 });
    expect(badWeights!.message).toMatch(/reward\.weights/);
    expect(await refused({ env: "customersim", reward: { targetRounds: 1 } })).toMatchObject({ status: 400 });
    const key = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const noKey = await refused({ env: "customersim", sales: "openai:gpt-4o" });
      expect(noKey).toMatchObject({ status: 422 });
      expect(noKey!.message).toMatch(/openai:gpt-4o cannot be used.*OPENAI_API_KEY/);
      const situ = await refused({ env: "situ-rec", agents: { shopper: "openai:gpt-4o" } });
      expect(situ).toMatchObject({ status: 422 });
    } finally {
      if (key !== undefined) process.env.OPENAI_API_KEY = key;
    }
    expect((await health(server)).sessions).toBe(0);
  });

  it("frees an ended session's slot, says when to retry a 429, and takes the bearer scheme in any case", async () => {
    const server = await start({ maxSessions: 1, token: "t0ken-t0ken" });
    const headers = { authorization: "bearer t0ken-t0ken", "content-type": "application/json" };
    const create = () =>
      fetch(`${server.url}/sessions`, {
        method: "POST",
        headers,
        body: JSON.stringify({ env: "customersim", images: "none" }),
      });
    const first = await create();
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    const full = await create();
    expect(full.status).toBe(429);
    expect(Number(full.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const client = new EnvClient({ url: server.url, token: "t0ken-t0ken" });
    await client.reset(id);
    const end = await client.step(id, {
      text: "bye",
      tool_calls: [{ name: "end_conversation", arguments: {} }],
    });
    expect(end.terminated).toBe(true);
    expect(end.info.error).toBeUndefined();
    expect((await create()).status).toBe(201);
    expect((await client.state(id)).status).toBe("ended");
  });

  it("closes the session when a rollout's policy throws", async () => {
    const server = await start();
    const client = new EnvClient({ url: server.url });
    await expect(
      client.rollout({ env: "customersim", images: "none" }, () => {
        throw new Error("the policy broke");
      }),
    ).rejects.toThrow(/the policy broke/);
    expect((await health(server)).sessions).toBe(0);
  });
});
