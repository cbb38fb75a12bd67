// The environment-server benchmark's clients: scripted assistants playing SituRecBench episodes over
// the session API (HTTP) or OpenEnv's `/ws`. Run in the server's thread (CLIENTS=inline) or in a
// worker thread of their own (CLIENTS=worker, the default: a trainer is another process, so its JSON
// parsing and validation should not sit in the server's event loop). Imported by bench/env-server.ts,
// which also starts this file as the worker.
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { EnvClient } from "../src/env-server/client.js";
import { OpenEnvClient } from "../src/env-server/openenv-client.js";
import type { ImageMode, Observation, StepResult } from "../src/env-server/protocol.js";

/** The server's own timing of a step (`info.timing`). */
export interface Timing {
  stepMs: number;
  worldMs: number;
  modelMs: number;
  overheadMs: number;
}

/** One step as the client saw it: its round trip and the server's timing. */
export interface StepSample {
  roundTripMs: number;
  timing: Timing;
}

/** What a batch of concurrent episodes is: `sessions` of them at once, tasks `0..sessions-1`. */
export interface EpisodeBatch {
  url: string;
  transport: "http" | "openenv";
  sessions: number;
  images: ImageMode;
  maxTurns: number;
}

const IDLE = { name: "idle", arguments: {} };
/**
 * Asks first, then alternates: suggests walking to a fixture in view (the rule shopper follows such
 * suggestions, so the world moves and renders) and recommends a product in view.
 */
export function policy(obs: Observation): Record<string, unknown> {
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

const spec = (task: number, images: ImageMode, maxTurns: number) => ({
  env: "situ-rec" as const,
  store: "supermarket",
  task,
  maxTurns,
  images,
  minimap: false,
  agentId: "bench",
});

/** One episode over the session API (HTTP). */
async function httpEpisode(b: EpisodeBatch, task: number, out: StepSample[]): Promise<void> {
  const client = new EnvClient({ url: b.url });
  const { id } = await client.createSession(spec(task, b.images, b.maxTurns));
  let obs: Observation | null = await client.reset(id);
  while (obs) {
    const t = performance.now();
    const r: StepResult = await client.step(id, policy(obs));
    out.push({ roundTripMs: performance.now() - t, timing: r.info.timing as Timing });
    obs = r.terminated || r.truncated ? null : r.observation;
  }
  await client.close(id);
}

/** One episode over OpenEnv's WebSocket (`/ws`, one connection per session). */
async function wsEpisode(b: EpisodeBatch, task: number, out: StepSample[]): Promise<void> {
  const env = await OpenEnvClient.connect({ url: b.url });
  try {
    let r = await env.reset(spec(task, b.images, b.maxTurns));
    while (!r.done && r.observation) {
      const t = performance.now();
      r = await env.step(policy(r.observation));
      out.push({ roundTripMs: performance.now() - t, timing: r.metadata.info?.timing as Timing });
    }
  } finally {
    await env.close();
  }
}

/** Plays the batch's episodes at once in this thread: every step's sample. */
export async function playBatch(b: EpisodeBatch): Promise<StepSample[]> {
  const out: StepSample[] = [];
  const episode = b.transport === "openenv" ? wsEpisode : httpEpisode;
  await Promise.all(Array.from({ length: b.sessions }, (_, i) => episode(b, i, out)));
  return out;
}

const WORKER_TAG = "siturec-bench-env-clients";

/** Where the clients run: `play` plays one batch there and answers every step's sample. */
export interface Clients {
  play(batch: EpisodeBatch): Promise<StepSample[]>;
  close(): Promise<void>;
}

/** Clients in this thread: their work shares the server's event loop. */
export const inlineClients: Clients = { play: playBatch, close: async () => {} };

/**
 * Clients in a worker thread (an event loop of their own), as a trainer in another process would be;
 * started once, so its start-up is not in any batch's time.
 */
export async function workerClients(): Promise<Clients> {
  // Loader hooks (tsx's) do not reach worker threads on Node 20: the worker imports this file through tsx's API.
  const boot = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then((t) => t.tsImport(${JSON.stringify(import.meta.url)}, ${JSON.stringify(import.meta.url)}))`;
  const worker = new Worker(boot, { eval: true, workerData: { tag: WORKER_TAG } });
  let failed: Error | undefined;
  const waiting = new Set<(err: Error) => void>();
  const fail = (err: Error) => {
    failed = err;
    for (const reject of waiting) reject(err);
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the client worker exited (${code})`)));
  const reply = <T>() =>
    new Promise<T>((resolve, reject) => {
      if (failed) return reject(failed);
      waiting.add(reject);
      worker.once("message", (m: T) => {
        waiting.delete(reject);
        resolve(m);
      });
    });
  await reply<"ready">();
  return {
    play: (batch) => {
      const answer = reply<StepSample[]>();
      worker.postMessage(batch);
      return answer;
    },
    close: async () => {
      worker.removeAllListeners("exit");
      await worker.terminate();
    },
  };
}

if (!isMainThread && (workerData as { tag?: string } | null)?.tag === WORKER_TAG) {
  const port = parentPort!;
  port.on("message", (batch: EpisodeBatch) => {
    playBatch(batch).then(
      (samples) => port.postMessage(samples),
      (err: unknown) => {
        throw err; // an uncaught error ends the worker: the main thread's `error` event reports it
      },
    );
  });
  port.postMessage("ready");
}
