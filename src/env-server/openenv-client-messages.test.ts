import { describe, expect, it } from "vitest";
import {
  closeMessage,
  OpenEnvError,
  openEnvSocketUrl,
  parseResult,
  parseState,
  readEnvelope,
  resetMessage,
  stateMessage,
  stepMessage,
} from "./openenv-client-messages.js";
import type { Observation } from "./protocol.js";

const observation: Observation = {
  env: "situ-rec",
  role: "assistant",
  turn: 0,
  messages: [{ role: "system", content: "You are a shop assistant." }],
  actionSchema: { type: "object" },
  context: { visible: { products: [], targets: [] } },
};

describe("OpenEnv client messages", () => {
  it("builds the four requests as OpenEnv's EnvClient sends them", () => {
    expect(JSON.parse(JSON.stringify(resetMessage({ env: "situ-rec", seed: 3, images: "none" })))).toEqual({
      type: "reset",
      data: { env: "situ-rec", seed: 3, images: "none" },
    });
    expect(resetMessage()).toEqual({ type: "reset", data: {} });
    expect(stepMessage({ text: "Hi" })).toEqual({ type: "step", data: { text: "Hi" } });
    expect(stateMessage()).toEqual({ type: "state" });
    expect(closeMessage()).toEqual({ type: "close" });
  });

  it("turns a base URL into the /ws socket URL (OpenEnv's convert_to_ws_url)", () => {
    expect(openEnvSocketUrl("http://127.0.0.1:7576/")).toBe("ws://127.0.0.1:7576/ws");
    expect(openEnvSocketUrl("https://env.example")).toBe("wss://env.example/ws");
    expect(openEnvSocketUrl("ws://h:1")).toBe("ws://h:1/ws");
    expect(openEnvSocketUrl("localhost:8000")).toBe("ws://localhost:8000/ws");
    expect(openEnvSocketUrl("ws://h:1/ws")).toBe("ws://h:1/ws");
  });

  it("wraps raw reply text, or an action given with its role, as {action, role?}", () => {
    expect(stepMessage('{"text": "Hi"}')).toEqual({ type: "step", data: { action: '{"text": "Hi"}' } });
    expect(stepMessage({ text: "Hi" }, "shopper")).toEqual({
      type: "step",
      data: { action: { text: "Hi" }, role: "shopper" },
    });
  });

  it("reads a reset or step reply's data, the observation as the server's Observation", () => {
    const metadata = { terminated: false, truncated: false, error: null, info: {} };
    const env = readEnvelope(
      JSON.stringify({
        type: "observation",
        data: { observation: { ...observation, metadata }, reward: null, done: false },
      }),
    );
    expect(env.type).toBe("observation");
    expect(parseResult(env.data)).toEqual({ observation, reward: null, done: false, metadata, extra: {} });
    const end = { terminated: true, truncated: false, error: null, info: { outcome: "purchase" } };
    expect(parseResult({ observation: { metadata: end }, reward: 1.4, done: true })).toEqual({
      observation: null,
      reward: 1.4,
      done: true,
      metadata: end,
      extra: {},
    });
    // A server that sends no metadata (any OpenEnv server), or extra keys beside the three.
    expect(parseResult({ observation, reward: 0, done: false, note: 1 })).toEqual({
      observation,
      reward: 0,
      done: false,
      metadata: {},
      extra: { note: 1 },
    });
    expect(parseResult({ observation: {}, done: true }).observation).toBeNull();
    expect(parseResult({}).done).toBe(false);
  });

  it("refuses malformed replies and an observation that is not the protocol's", () => {
    expect(() => readEnvelope("not json")).toThrow(OpenEnvError);
    expect(() => readEnvelope(JSON.stringify({ data: {} }))).toThrow(/no type/);
    expect(() => parseResult({ observation, reward: "1", done: false })).toThrow(OpenEnvError);
    expect(() => parseResult({ observation: { env: "chess" }, done: false })).toThrow();
    expect(() => parseResult({ observation: { metadata: { terminated: "yes" } }, done: true })).toThrow(
      /metadata/,
    );
  });

  it("throws an error reply with its code and message", () => {
    const raw = JSON.stringify({
      type: "error",
      data: { message: "step before reset", code: "SESSION_ERROR" },
    });
    try {
      readEnvelope(raw);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(OpenEnvError);
      expect((err as OpenEnvError).code).toBe("SESSION_ERROR");
      expect((err as OpenEnvError).message).toBe("step before reset (code: SESSION_ERROR)");
    }
    expect(() => readEnvelope(JSON.stringify({ type: "error" }))).toThrow(/Unknown error \(code: UNKNOWN\)/);
  });

  it("keeps a state reply's data as sent", () => {
    expect(parseState({ episode_id: "e1", step_count: 2 })).toEqual({ episode_id: "e1", step_count: 2 });
    expect(parseState(undefined)).toEqual({});
    expect(() => parseState([1])).toThrow();
  });
});
