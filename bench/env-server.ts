// Environment-server benchmark: concurrent SituRecBench sessions on one in-process server, each a client
// playing the assistant (a scripted policy, bench/env-server-clients.ts) against the rule shopper and
// moderator over HTTP.
// Throughput: steps per second with 1, 8 and 32 sessions at once (SESSIONS_LIST), with observations
// without images (`images: "none"`) and with them inline (`data-url`) (IMAGES_LIST), for each render
// page count of the server's pool (RENDER_PAGES, each with its own server): steps per second should
// grow with pages where the cores allow it, so each configuration also says what the world waited for
// a render page and how busy the browser kept the cores (Chromium's CPU time per frame and in all,
// from /proc). The world renders every turn that moves the shopper; a turn that moves nothing reuses
// the last view (no render): `no_render_steps` says whether those wait behind other sessions' renders.
// A step's server overhead is its time minus what it spent in the world (navigation, rendering and
// waiting for a render page) and in model calls (none here): reading and validating the action,
// the other roles' policies, the episode loop, the run store's writes and the observation's prompt.
// Measured two ways: inside the server (info.timing.overheadMs) and at the client (round trip,
// HTTP included, minus the world). The server's event loop is watched too: its delay (how late a
// ready step was run) and utilisation. CLIENTS=worker (default) runs the clients in a worker thread, as a
// trainer is another process; CLIENTS=inline runs them in the server's event loop (last release's
// way: their JSON parsing then delays the server's steps). TRANSPORT=openenv plays the same episodes
// over OpenEnv's WebSocket (`/ws`) instead of the session API. Prints one JSON line.
// npm run bench:env-server
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { EnvId } from "../src/core/manifest.js";
import { startEnvServer } from "../src/env-server/env-server.js";
import type { ImageMode } from "../src/env-server/protocol.js";
import { RenderService } from "../src/render/render-service.js";
import { observationCounts } from "../src/world/world.js";
import {
  type Clients,
  type EpisodeBatch,
  inlineClients,
  type StepSample,
  workerClients,
} from "./env-server-clients.js";
import { processTree } from "./process-tree.js";

const SESSIONS_LIST = (process.env.SESSIONS_LIST ?? process.env.SESSIONS ?? "1,8,32").split(",").map(Number);
const IMAGES_LIST = (process.env.IMAGES_LIST ?? "none,data-url").split(",") as ImageMode[];
const MAX_TURNS = Number(process.env.MAX_TURNS ?? 6);
/** Render pages of the server's pool (`--render-pages`), each measured with its own server: steps per second should grow with them. */
const RENDER_PAGES = (process.env.RENDER_PAGES ?? "1,2").split(",").map(Number);
/** `http` (the session API, default) or `openenv` (OpenEnv's `/ws`, one connection per session). */
const TRANSPORT = process.env.TRANSPORT === "openenv" ? "openenv" : "http";
/** `worker` (default): the clients in a thread of their own; `inline`: in the server's event loop. */
const CLIENTS = process.env.CLIENTS === "inline" ? "inline" : "worker";
/** A step whose world time is under this reused the last view: nothing was rendered or waited for. */
const NO_RENDER_MS = 1;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : Number.NaN;
};
const round = (x: number) => Math.round(x * 100) / 100;
const spread = (xs: number[]) => ({ p50: round(quantile(xs, 0.5)), p90: round(quantile(xs, 0.9)) });
const clientOverhead = (s: StepSample) => Math.max(0, s.roundTripMs - s.timing.worldMs - s.timing.modelMs);

/** What the render pool did per frame: its wait for a free page, and the whole frame's time. */
interface PoolTimes {
  waits: number[];
  frames: number[];
}

/**
 * Times every frame of `render` and its wait for a render page (bench-only: it wraps the pool's
 * private `acquire`, the one place a frame waits for a free page).
 */
function timePool(render: RenderService): PoolTimes {
  const times: PoolTimes = { waits: [], frames: [] };
  const timed = <A extends unknown[], R>(f: (...args: A) => Promise<R>, into: number[]) => {
    return async (...args: A): Promise<R> => {
      const t = performance.now();
      try {
        return await f(...args);
      } finally {
        into.push(performance.now() - t);
      }
    };
  };
  const pool = render as unknown as { acquire(env: EnvId): Promise<unknown> };
  pool.acquire = timed(pool.acquire.bind(render), times.waits);
  render.render = timed(render.render.bind(render), times.frames);
  return times;
}

/** CPU ms so far of the render browser's processes (this process's descendants), in all and by `--type`. */
function chromiumCpu(): { cpuMs: number; byType: Record<string, number> } | undefined {
  let tree: ReturnType<typeof processTree>;
  try {
    tree = processTree(process.pid).filter((p) => p.pid !== process.pid && /chrom/i.test(p.cmdline));
  } catch {
    return undefined; // no /proc: not Linux
  }
  const byType: Record<string, number> = {};
  for (const p of tree) {
    const type = /--type=(\S+)/.exec(p.cmdline)?.[1] ?? "browser";
    byType[type] = (byType[type] ?? 0) + p.cpuS * 1000;
  }
  return { cpuMs: Object.values(byType).reduce((a, b) => a + b, 0), byType };
}

/** Whatever a configuration is measured by, read before and after it. */
function gauges(pool: PoolTimes) {
  return {
    at: performance.now(),
    waits: pool.waits.length,
    frames: pool.frames.length,
    counts: observationCounts(),
    chromium: chromiumCpu(),
    elu: performance.eventLoopUtilization(),
  };
}

const all: StepSample[] = [];
const delays = monitorEventLoopDelay({ resolution: 1 });

/** `sessions` episodes at once: throughput, overheads, page waits and the browser's CPU. */
async function configuration(clients: Clients, batch: EpisodeBatch, pages: number, pool: PoolTimes) {
  const before = gauges(pool);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const samples = await clients.play(batch);
  loop.disable();
  const after = gauges(pool);
  all.push(...samples);
  const wallMs = after.at - before.at;
  const frames = after.counts.rendered - before.counts.rendered;
  const pageWaits = pool.waits.slice(before.waits);
  const frameMs = pool.frames.slice(before.frames);
  const worldMs = samples.map((s) => s.timing.worldMs);
  const noRender = samples.filter((s) => s.timing.worldMs < NO_RENDER_MS);
  const chromiumMs = after.chromium && before.chromium ? after.chromium.cpuMs - before.chromium.cpuMs : null;
  const byType = Object.fromEntries(
    Object.entries(after.chromium?.byType ?? {}).map(([t, ms]) => [
      t,
      round((ms - (before.chromium?.byType[t] ?? 0)) / wallMs),
    ]),
  );
  return {
    render_pages: pages,
    sessions: batch.sessions,
    images: batch.images,
    steps: samples.length,
    wall_ms: Math.round(wallMs),
    steps_per_s: round(samples.length / (wallMs / 1000)),
    frames,
    frames_per_s: round(frames / (wallMs / 1000)),
    world_p50_ms: round(quantile(worldMs, 0.5)),
    /** Per frame rendered (resets included): its wait for a free render page, and the whole frame's time. */
    page_wait_ms: spread(pageWaits),
    frame_ms: spread(frameMs),
    server_overhead_ms: spread(samples.map((s) => s.timing.overheadMs)),
    client_overhead_ms: spread(samples.map(clientOverhead)),
    no_render_steps: { n: noRender.length, round_trip_ms: spread(noRender.map((s) => s.roundTripMs)) },
    event_loop: {
      delay_p50_ms: round(loop.percentile(50) / 1e6),
      delay_p99_ms: round(loop.percentile(99) / 1e6),
      utilization: round(performance.eventLoopUtilization(after.elu, before.elu).utilization),
    },
    chromium:
      chromiumMs === null
        ? null
        : {
            cpu_ms_per_frame: frames ? round(chromiumMs / frames) : null,
            /** Cores' worth of CPU the browser used over the configuration, in all and by process type. */
            cores_busy: round(chromiumMs / wallMs),
            cores_busy_by_type: byType,
          },
  };
}

const results: Awaited<ReturnType<typeof configuration>>[] = [];
let started = performance.now();
let first = true;
const clients = CLIENTS === "worker" ? await workerClients() : inlineClients;
for (const pages of RENDER_PAGES) {
  const dir = mkdtempSync(join(tmpdir(), "siturec-bench-env-"));
  const render = await RenderService.start({ poolSize: pages });
  // Every page of the pool opened (a scene takes seconds to build) before the clock starts.
  await Promise.all(Array.from({ length: pages }, () => render.warm("supermarket")));
  const pool = timePool(render);
  const server = await startEnvServer({ port: 0, dir, render, maxSessions: Math.max(...SESSIONS_LIST) });
  const batch = (sessions: number, images: ImageMode, maxTurns: number): EpisodeBatch => ({
    url: server.url,
    transport: TRANSPORT,
    sessions,
    images,
    maxTurns,
  });
  try {
    // A short episode first, not counted: the first session loads the store's knowledge and prompts.
    await clients.play(batch(1, "none", 2));
    if (first) {
      started = performance.now();
      delays.enable();
    }
    first = false;
    for (const images of IMAGES_LIST)
      for (const n of SESSIONS_LIST)
        results.push(await configuration(clients, batch(n, images, MAX_TURNS), pages, pool));
  } finally {
    await server.close();
    await render.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
delays.disable();
await clients.close();
console.log(
  JSON.stringify({
    bench: "env-server",
    transport: TRANSPORT,
    clients: CLIENTS,
    cores: availableParallelism(),
    load_avg_1m: round(loadavg()[0]!),
    max_turns: MAX_TURNS,
    throughput: results,
    steps: all.length,
    wall_ms: Math.round(performance.now() - started),
    server_overhead_ms: spread(all.map((s) => s.timing.overheadMs)),
    client_overhead_ms: spread(all.map(clientOverhead)),
    event_loop_delay_ms: { p50: round(delays.percentile(50) / 1e6), p99: round(delays.percentile(99) / 1e6) },
    world_ms: spread(all.map((s) => s.timing.worldMs)),
    target_overhead_ms: { p50: 2, p90: 5 },
  }),
);
