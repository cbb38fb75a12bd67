// Environment-server benchmark: 32 concurrent SituRecBench sessions on one in-process server, each a
// client playing the assistant (a scripted policy) against the rule shopper and moderator over HTTP.
// A step's server overhead is its time minus what it spent in the world (navigation, rendering and
// waiting for a render page) and in model calls (none here): request parsing and validation, the
// other roles' policies, the episode loop, the run store's writes and the observation's prompt.
// Measured two ways: inside the server (info.timing.overheadMs) and at the client (round trip,
// HTTP included). Prints one JSON line. npm run bench:env-server
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EnvClient } from "../src/env-server/client.js";
import { startEnvServer } from "../src/env-server/env-server.js";
import type { Observation, StepResult } from "../src/env-server/protocol.js";
import { RenderService } from "../src/render/render-service.js";

const SESSIONS = Number(process.env.SESSIONS ?? 32);
const MAX_TURNS = Number(process.env.MAX_TURNS ?? 6);

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

const dir = mkdtempSync(join(tmpdir(), "siturec-bench-env-"));
const render = await RenderService.start({ poolSize: 1 });
await render.warm("supermarket");
const server = await startEnvServer({ port: 0, dir, render, maxSessions: SESSIONS });
const client = new EnvClient({ url: server.url });
const serverOverhead: number[] = [];
const clientOverhead: number[] = [];
const world: number[] = [];
let steps = 0;
let episodes = 0;
const started = performance.now();
try {
  await Promise.all(
    Array.from({ length: SESSIONS }, async (_, i) => {
      const { id } = await client.createSession({
        env: "situ-rec",
        store: "supermarket",
        task: i,
        maxTurns: MAX_TURNS,
        images: "none",
        minimap: false,
        agentId: "bench",
      });
      let obs: Observation | null = await client.reset(id);
      while (obs) {
        const t = performance.now();
        const r: StepResult = await client.step(id, policy(obs));
        const roundTrip = performance.now() - t;
        const timing = r.info.timing as { worldMs: number; modelMs: number; overheadMs: number };
        serverOverhead.push(timing.overheadMs);
        clientOverhead.push(Math.max(0, roundTrip - timing.worldMs - timing.modelMs));
        world.push(timing.worldMs);
        steps++;
        obs = r.terminated || r.truncated ? null : r.observation;
      }
      episodes++;
      await client.close(id);
    }),
  );
} finally {
  await server.close();
  await render.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  JSON.stringify({
    bench: "env-server",
    sessions: SESSIONS,
    episodes,
    steps,
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
    target_p50_ms: 5,
  }),
);
