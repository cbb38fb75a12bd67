import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type FuzzRequest, fuzzRequests, send } from "../core/testing/http-fuzz.js";
import { type ServerProcess, startServerProcess } from "../core/testing/server-process.js";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { EnvClient } from "./client.js";

const tmp = tempDirs("env-fuzz");
const WS_UPGRADE = {
  connection: "Upgrade",
  upgrade: "websocket",
  "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
  "sec-websocket-version": "13",
};
const TOKEN = "fuzz-token-fuzz-token";
let server: ServerProcess;
let port: number;
let sessionId: string;
let client: EnvClient;

beforeAll(async () => {
  // A process of its own: a request that crashed it would end it, which the tests check after each one.
  server = await startServerProcess(
    ["env", "serve", "--port", "0", "--dir", tmp(), "--token", TOKEN],
    /environment server: (http:\/\/\S+)/,
  );
  port = Number(new URL(server.url).port);
  client = new EnvClient({ url: server.url, token: TOKEN });
  sessionId = (await client.createSession({ env: "customersim", images: "none" })).id;
  await client.reset(sessionId);
});
afterAll(async () => {
  // It stops cleanly: nothing a client left behind (a half-open socket) holds it open.
  if (server?.alive()) expect(await server.stop()).toBe(0);
});

/** What a refused request must leave as it was: the sessions and the real session's state. */
async function snapshot(): Promise<string> {
  const health = (await (await fetch(`${server.url}/health`)).json()) as { sessions: number; open: number };
  const { status, turn, totalReward } = await client.state(sessionId);
  return JSON.stringify({ sessions: health.sessions, open: health.open, status, turn, totalReward });
}

describe("the environment server under random requests (fast-check, seeded)", () => {
  it("answers every HTTP request below 500, stays up, and a refused request changes nothing", async () => {
    const arb = fuzzRequests(
      ["/sessions", `/sessions/${sessionId}`, "/health", "/", "/sessions/%", "/sessions/nope"],
      ["/reset", "/step", "/state", "/ws", "/images/x.png", "/images/%E0%A4%A"],
    ).map((r) => ({
      ...r,
      // Half with the right token, so the routes behind it are reached.
      headers:
        r.method === "POST" || r.method === "GET"
          ? { ...r.headers, authorization: `Bearer ${TOKEN}` }
          : r.headers,
    }));
    await fc.assert(
      fc.asyncProperty(arb, async (req) => {
        const before = await snapshot();
        const res = await send(port, req);
        expect("timedOut" in res, `no answer to ${req.method} ${req.path.slice(0, 80)}`).toBe(false);
        if ("status" in res) {
          expect(
            res.status,
            `${req.method} ${req.path.slice(0, 80)}: ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
          if (res.status >= 400 && res.status !== 404 && req.method !== "HEAD")
            expect(() => JSON.parse(res.body), res.body.slice(0, 200)).not.toThrow();
          if (res.status >= 400) expect(await snapshot()).toBe(before);
        }
        expect(server.alive(), server.stderr()).toBe(true);
        expect((await fetch(`${server.url}/health`)).status).toBe(200);
      }),
      {
        numRuns: 300,
        seed: 20261202,
        endOnFailure: true,
        // Besides the random ones, the requests that once broke it, every time.
        examples: ["/sessions/%/ws", "/sessions/%E0%A4%A/ws"].map((path): [FuzzRequest] => [
          {
            method: "GET",
            path,
            headers: { ...WS_UPGRADE, authorization: `Bearer ${TOKEN}` },
            body: undefined,
          },
        ]),
      },
    );
  });

  it("answers every WebSocket frame with a reply or an error, and keeps the socket and the session", async () => {
    const ws = new WebSocket(`${server.url.replace("http", "ws")}/sessions/${sessionId}/ws`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    await new Promise<void>((ok, fail) => {
      ws.once("open", () => ok());
      ws.once("error", fail);
    });
    const replies: string[] = [];
    const waiting: ((r: string) => void)[] = [];
    ws.on("message", (d) => {
      const text = d.toString();
      replies.push(text);
      waiting.shift()?.(text);
    });
    const frames = fc.oneof(
      fc.json({ maxDepth: 3 }),
      fc.string({ maxLength: 300 }),
      fc.constantFrom(
        '{"type":"step"}',
        '{"type":"step","action":"{"}',
        '{"type":"reset"}',
        '{"type":"step","action":{"utterance":"hi"}}',
        '{"type":"state","id":5}',
      ),
    );
    await fc.assert(
      fc.asyncProperty(frames, async (frame) => {
        const reply = new Promise<string>((ok) => waiting.push(ok));
        ws.send(frame);
        const parsed = JSON.parse(await reply) as { type: string; status?: number };
        expect(["error", "state", "observation", "step"]).toContain(parsed.type);
        if (parsed.type === "error") expect(parsed.status).toBeLessThan(500);
      }),
      { numRuns: 150, seed: 7 },
    );
    expect(ws.readyState).toBe(WebSocket.OPEN);
    expect(server.alive(), server.stderr()).toBe(true);
    ws.close();
    expect((await client.state(sessionId)).status).toBe("running");
  });
});
