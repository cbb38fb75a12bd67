// Environment-server benchmark: concurrent SituRecBench sessions on one in-process server, each a client
// playing the assistant (a scripted policy) against the rule shopper and moderator over HTTP.
// Throughput: steps per second with 1, 8 and 32 sessions at once (SESSIONS_LIST), with observations
// without images (`images: "none"`) and with them inline (`data-url`) (IMAGES_LIST); the world renders
// every turn either way, the image mode adds encoding and the observation's size.
// A step's server overhead is its time minus what it spent in the world (navigation, rendering and
// waiting for a render page) and in model calls (none here): request parsing and validation, the
// other roles' policies, the episode loop, the run store's writes and the observation's prompt.
// Measured two ways: inside the server (info.timing.overheadMs) and at the client (round trip,
// HTTP included), over every step of every configuration. TRANSPORT=openenv plays the same episodes
// over OpenEnv's WebSocket (`/ws`) instead of the session API. Prints one JSON line.
// npm run bench:env-server
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { EnvClient } from "../src/env-server/client.js";
import { startEnvServer } from "../src/env-server/env-server.js";
import { OpenEnvClient } from "../src/env-server/openenv-client.js";
import type { ImageMode, Observation, StepResult } from "../src/env-server/protocol.js";
import { RenderService } from "../src/render/render-service.js";

const SESSIONS_LIST = (process.env.SESSIONS_LIST ?? process.env.SESSIONS ?? "1,8,32").split(",").map(Number);
const IMAGES_LIST = (process.env.IMAGES_LIST ?? "none,data-url").split(",") as ImageMode[];
const MAX_TURNS = Number(process.env.MAX_TURNS ?? 6);
/** Render pages of the server's pool (`--render-pages`), each measured with its own server: steps per second should grow with them. */
const RENDER_PAGES = (process.env.RENDER_PAGES ?? "1,2").split(",").map(Number);
/** `http` (the session API, default) or `openenv` (OpenEnv's `/ws`, one connection per session). */
const TRANSPORT = process.env.TRANSPORT === "openenv" ? "openenv" : "http";

const IDLE = { name: "idle", arguments: {} };
/**
 * Asks first, then alternates: suggests walking to a fixture in view (the rule shopper follows such
 * suggestions, so the world moves and renders) and recommends a product in view.
 */
function policy(obs: Observation): Record<string, unknown> {
  const visible = obs.context.visible as {
    products: { name: string; brand: string }[];
    targets: { handle: string; kind: string; name: string }[];
  };
  const reply = (utterance: string, act: Record<string, unknown>, expected = IDLE) => ({
    utterance,
    assistant_actions: [act],
    expected_user_action: expected,
    ranking: [],
    tool_calls: [],
  });
  const p = visible.products[obs.turn % Math.max(1, visible.products.length)];
  const fixture = visible.targets.find((t) => t.kind !== "store" && t.kind !== "area");
  if (obs.turn === 0) return reply("Hello! What are you looking for today?", { type: "AskPreference" });
  if (obs.turn % 2 === 1 && fixture)
    return reply(
      `Let's head to ${fixture.name} (${fixture.handle}).`,
      { type: "Navigate", navigation_goal: fixture.handle, reason: "what you need is there" },
      { name: "move_to_fixture", arguments: { target: fixture.handle, approach: "nearest" } },
    );
  if (!p) return reply("What matters most to you?", { type: "AskPreference" });
  const name = `${p.brand} ${p.name}`;
  return reply(`Have a look at the ${name}.`, {
    type: "Recommend",
    display_name: name,
    visible_now: true,
    reason: "it is here",
  });
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : Number.NaN;
};
const round = (x: number) => Math.round(x * 100) / 100;

const serverOverhead: number[] = [];
const clientOverhead: number[] = [];
const world: number[] = [];

type Timing = { worldMs: number; modelMs: number; overheadMs: number };
/** Off during warm-up episodes. */
let counting = true;
function record(roundTripMs: number, timing: Timing): void {
  if (!counting) return;
  serverOverhead.push(timing.overheadMs);
  clientOverhead.push(Math.max(0, roundTripMs - timing.worldMs - timing.modelMs));
  world.push(timing.worldMs);
}

const spec = (task: number, images: ImageMode, maxTurns: number) => ({
  env: "situ-rec" as const,
  store: "supermarket",
  task,
  maxTurns,
  images,
  minimap: false,
  agentId: "bench",
});

/** One episode over the session API (HTTP); returns its steps. */
async function httpEpisode(url: string, task: number, images: ImageMode, maxTurns: number): Promise<number> {
  const client = new EnvClient({ url });
  const { id } = await client.createSession(spec(task, images, maxTurns));
  let steps = 0;
  let obs: Observation | null = await client.reset(id);
  while (obs) {
    const t = performance.now();
    const r: StepResult = await client.step(id, policy(obs));
    record(performance.now() - t, r.info.timing as Timing);
    steps++;
    obs = r.terminated || r.truncated ? null : r.observation;
  }
  await client.close(id);
  return steps;
}

/** One episode over OpenEnv's WebSocket (`/ws`, one connection per session); returns its steps. */
async function wsEpisode(url: string, task: number, images: ImageMode, maxTurns: number): Promise<number> {
  const env = await OpenEnvClient.connect({ url });
  try {
    let r = await env.reset(spec(task, images, maxTurns));
    let steps = 0;
    while (!r.done && r.observation) {
      const t = performance.now();
      r = await env.step(policy(r.observation));
      record(performance.now() - t, r.metadata.info?.timing as Timing);
      steps++;
    }
    return steps;
  } finally {
    await env.close();
  }
}

const episode = TRANSPORT === "openenv" ? wsEpisode : httpEpisode;

/** `sessions` episodes at once (tasks 0..sessions-1): steps per second of wall time. */
async function throughput(url: string, sessions: number, images: ImageMode, pages: number) {
  const from = world.length;
  const started = performance.now();
  const steps = (
    await Promise.all(Array.from({ length: sessions }, (_, i) => episode(url, i, images, MAX_TURNS)))
  ).reduce((a, b) => a + b, 0);
  const wallMs = performance.now() - started;
  return {
    render_pages: pages,
    sessions,
    images,
    steps,
    wall_ms: Math.round(wallMs),
    steps_per_s: round(steps / (wallMs / 1000)),
    world_p50_ms: round(quantile(world.slice(from), 0.5)),
  };
}

const results: Awaited<ReturnType<typeof throughput>>[] = [];
let started = performance.now();
let first = true;
for (const pages of RENDER_PAGES) {
  const dir = mkdtempSync(join(tmpdir(), "siturec-bench-env-"));
  const render = await RenderService.start({ poolSize: pages });
  // Every page of the pool opened (a scene takes seconds to build) before the clock starts.
  await Promise.all(Array.from({ length: pages }, () => render.warm("supermarket")));
  const server = await startEnvServer({ port: 0, dir, render, maxSessions: Math.max(...SESSIONS_LIST) });
  try {
    counting = false;
    // A short episode first, not counted: the first session loads the store's knowledge and prompts.
    await episode(server.url, 0, "none", 2);
    counting = true;
    if (first) started = performance.now();
    first = false;
    for (const images of IMAGES_LIST)
      for (const n of SESSIONS_LIST) results.push(await throughput(server.url, n, images, pages));
  } finally {
    await server.close();
    await render.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(
  JSON.stringify({
    bench: "env-server",
    transport: TRANSPORT,
    cores: availableParallelism(),
    max_turns: MAX_TURNS,
    throughput: results,
    steps: world.length,
    wall_ms: Math.round(performance.now() - started),
    server_overhead_ms: {
      p50: round(quantile(serverOverhead, 0.5)),
      p90: round(quantile(serverOverhead, 0.9)),
    },
    client_overhead_ms: {
      p50: round(quantile(clientOverhead, 0.5)),
      p90: round(quantile(clientOverhead, 0.9)),
    },
    world_ms: { p50: round(quantile(world, 0.5)), p90: round(quantile(world, 0.9)) },
    target_overhead_ms: { p50: 2, p90: 5 },
  }),
);
