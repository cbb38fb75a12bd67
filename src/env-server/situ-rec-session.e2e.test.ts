import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RenderService } from "../render/render-service.js";
import { runBenchmark } from "../runner/run-benchmark.js";
import { parseRunConfig } from "../runner/run-config.js";
import { openRunStore } from "../storage/open-run-store.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { observationCounts } from "../world/world.js";
import { EnvClient, EnvClientError } from "./client.js";
import { type RunningEnvServer, startEnvServer } from "./env-server.js";
import type { Observation } from "./protocol.js";

// Every PNG encoded in this process goes through sharp's `.png()`: counted, to show which sessions encode none.
const encoded = vi.hoisted(() => ({ n: 0 }));
vi.mock("sharp", async (importOriginal) => {
  type Sharp = (...args: unknown[]) => { png: (...a: unknown[]) => unknown };
  const real = ((await importOriginal()) as { default: Sharp }).default;
  const counting = (...args: unknown[]) => {
    const image = real(...args);
    const png = image.png.bind(image);
    image.png = (...a: unknown[]) => {
      encoded.n++;
      return png(...a);
    };
    return image;
  };
  return { default: counting };
});

let dir: string;
let render: RenderService;
let server: RunningEnvServer;
let client: EnvClient;
/** The in-process episode of the first test (the reference assistant's), replayed by the others. */
let local: Trajectory | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "siturec-env-sr-"));
  render = await RenderService.start({ width: 480, height: 360, poolSize: 1 });
  server = await startEnvServer({ port: 0, dir, render });
  client = new EnvClient({ url: server.url });
});
afterAll(async () => {
  await server?.close();
  await render?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function stored(runId: string): Promise<Trajectory[]> {
  const store = openRunStore(dir, { readonly: true });
  try {
    const out: Trajectory[] = [];
    for await (const t of store.trajectories(runId, { includeErrors: true })) out.push(t);
    return out;
  } finally {
    await store.close();
  }
}

const normalised = (t: Trajectory) =>
  JSON.stringify({ ...t, header: { ...t.header, runId: "", identity: "" } });

describe("SituRecBench sessions", () => {
  it("driving the reference assistant's decisions through the server reproduces the in-process trajectory byte for byte", async () => {
    const config = parseRunConfig({
      env: "supermarket",
      tasks: "0",
      maxTurns: 12,
      seed: 3,
      storeDir: dir,
      render: { width: 480, height: 360 },
    });
    const run = await runBenchmark(config, { render, preflight: false, runId: "in-process" });
    [local] = await stored(run.runId);
    expect(local!.turns.length).toBeGreaterThan(1);

    const { id } = await client.createSession({
      env: "situ-rec",
      store: "supermarket",
      task: 0,
      maxTurns: 12,
      seed: 3,
      agentId: "reference",
      images: "url",
    });
    const looked = observationCounts();
    let obs = await client.reset(id);
    expect(obs.messages[0]!.role).toBe("system");
    expect(obs.actionSchema).toHaveProperty("properties.assistant_actions");
    expect(obs.context).toHaveProperty("visible.products");
    const rewards: number[] = [];
    for (const turn of local!.turns) {
      expect(obs.turn).toBe(turn.turn);
      const r = await client.step(id, turn.assistant.output as unknown as Record<string, unknown>);
      rewards.push(r.reward);
      expect((r.info.turns as { turn: number }[])[0]!.turn).toBe(turn.turn);
      // The step's time splits into the world's (every step executes a call there), the models' and the server's.
      const t = r.info.timing as { stepMs: number; worldMs: number; modelMs: number; overheadMs: number };
      expect(t.worldMs).toBeGreaterThan(0);
      expect(t.modelMs).toBe(0);
      expect(t.overheadMs).toBeCloseTo(Math.max(0, t.stepMs - t.worldMs), 6);
      if (r.terminated || r.truncated) {
        expect(r.observation).toBeNull();
        break;
      }
      obs = r.observation!;
    }
    // The view after the last action is drawn for no one: the session's world never looks at it.
    const views = observationCounts();
    const moved = local!.turns.map((t) => t.execution.success);
    expect(moved.at(-1)).toBe(true);
    expect(views.rendered + views.reused - looked.rendered - looked.reused).toBe(
      1 + moved.slice(0, -1).filter(Boolean).length,
    );
    const state = await client.state(id);
    expect(state.status).toBe("ended");
    expect(state.runId).toMatch(/^env-supermarket-/);
    const [remote] = await stored(state.runId!);
    expect(normalised(remote!)).toBe(normalised(local!));
    expect(rewards).toHaveLength(local!.turns.length);
    if (local!.outcome.success) expect(rewards.at(-1)).toBeGreaterThan(0.5);
  });

  it("an invalid action is a recorded format error with the fallback, as in a run; a shopper's action is refused", async () => {
    encoded.n = 0;
    const { id } = await client.createSession({ env: "situ-rec", task: 1, maxTurns: 2, images: "url" });
    const obs = await client.reset(id);
    expect(encoded.n).toBeGreaterThan(0);
    const image = obs.messages
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .find((p) => p.type === "image_url");
    expect(image).toBeDefined();
    const png = await fetch(`${server.url}${image!.type === "image_url" ? image!.image_url.url : ""}`);
    expect(png.headers.get("content-type")).toBe("image/png");
    const wrong = await client
      .step(id, { utterance: "hi", tool_call: { name: "idle", arguments: {} } })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(EnvClientError);
    expect((wrong as EnvClientError).status).toBe(422);
    const r = await client.step(id, "this is not JSON at all");
    expect((r.info.turns as { formatErrors: { assistant: string } }[])[0]!.formatErrors.assistant).toMatch(
      /no JSON/,
    );
    const r2 = await client.step(
      id,
      '```json\n{"utterance": " Hello ", "assistant_actions": [{"type": "Greet"}], "expected_user_action": {"name": "idle", "arguments": {}}, "ranking": [], "tool_calls": [], "extra": 1}\n```',
    );
    expect(r2.truncated).toBe(true);
    const [t] = await stored((await client.state(id)).runId!);
    expect(t!.turns[0]!.assistant.formatError).toMatch(/no JSON/);
    expect(t!.turns[1]!.assistant.formatWarnings?.join(" ")).toMatch(/extra/);
    await client.close(id);
  });

  it("plays the shopper against the reference assistant; with images none and built-in roles, no PNG is encoded", async () => {
    encoded.n = 0;
    const { id } = await client.createSession({
      env: "situ-rec",
      role: "shopper",
      task: 2,
      maxTurns: 3,
      images: "none",
    });
    const obs = await client.reset(id);
    expect(obs.role).toBe("shopper");
    expect(obs.context).toHaveProperty("assistantUtterance");
    let r = await client.step(id, { utterance: "Just looking.", tool_call: { name: "idle", arguments: {} } });
    while (!r.terminated && !r.truncated)
      r = await client.step(id, { utterance: "Still looking.", tool_call: { name: "idle", arguments: {} } });
    expect((await client.state(id)).outcome).toHaveProperty("reason");
    const [t] = await stored((await client.state(id)).runId!);
    expect(t!.header.agents.user).toBe("remote");
    expect(t!.turns.length).toBeGreaterThan(0);
    expect(encoded.n).toBe(0);
    await client.close(id);
  });

  it("siturec drives a remote policy serving /act (http-policy:URL) with the same observations; replaying the reference's outputs reproduces its trajectory", async () => {
    expect(local).toBeDefined();
    const seen: { role: string; observation: Observation }[] = [];
    const remote = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString();
      });
      req.on("end", () => {
        const asked = JSON.parse(body) as { role: string; observation: Observation };
        seen.push(asked);
        const turn = local!.turns[asked.observation.turn]!;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ action: turn.assistant.output }));
      });
    });
    await new Promise<void>((ok) => remote.listen(0, "127.0.0.1", () => ok()));
    const id = `http-policy:http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
    try {
      const config = parseRunConfig({
        env: "supermarket",
        tasks: "0",
        maxTurns: 12,
        seed: 3,
        storeDir: dir,
        agents: { assistant: id },
        render: { width: 480, height: 360 },
      });
      const run = await runBenchmark(config, { render, preflight: true, runId: "remote-act" });
      const [t] = await stored(run.runId);
      expect(t!.header.agents.assistant).toBe(id);
      const strip = (x: Trajectory) =>
        normalised({ ...x, header: { ...x.header, agents: { ...x.header.agents, assistant: "" } } });
      expect(strip(t!)).toBe(strip(local!));
      expect(seen).toHaveLength(local!.turns.length);
      const first = seen[0]!.observation;
      expect(seen[0]!.role).toBe("assistant");
      expect(first.messages[0]!.role).toBe("system");
      expect(JSON.stringify(first.messages[1])).toContain("data:image/png;base64,");
      expect(first.actionSchema).toHaveProperty("properties.expected_user_action");
    } finally {
      remote.close();
    }
    const refused = () =>
      parseRunConfig({ env: "supermarket", storeDir: dir, agents: { moderator: "http-policy:http://x" } });
    expect(refused).toThrow(/remote policy plays the assistant or the shopper/);
    expect(() =>
      parseRunConfig({ env: "supermarket", storeDir: dir, agents: { assistant: "http-policy:ftp" } }),
    ).toThrow(/http\(s\) URL/);
  });
});
