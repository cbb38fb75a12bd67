// Distributed-run benchmark: 64 CustomerSim conversations whose shopper is a model that answers
// after 500 ms (the project's OpenAI-compatible mock), played by queue workers on Redis (worker
// processes, `siturec worker` from the sources): 1 worker × concurrency 4, then 4 workers ×
// concurrency 4, in one run of this script; each set of workers is started and warm before its clock starts. Prints one JSON line:
// seconds for each, their ratio (the goal: ≥ 3), and the most model calls in flight at once against
// the shared per-provider limit (llm.concurrency) they ran under. Redis and Postgres come from
// SITUREC_TEST_REDIS_URL / SITUREC_TEST_POSTGRES_URL or throwaway servers (SQLite without Postgres).
//   npm run bench:distributed
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MockOpenAIServer } from "../src/llm/testing/mock-openai-server.js";
import { parseCustomerSimRunConfig } from "../src/runner/customersim/customersim-config.js";
import { runCustomerSim } from "../src/runner/customersim/run-customersim.js";
import {
  freshPostgresDatabase,
  postgresUrlForTests,
  redisUrlForTests,
  stopTestServices,
} from "../src/storage/testing/test-services.js";

const CONVERSATIONS = 64;
const LIMIT = 16;

const redis = await redisUrlForTests();
if (!redis.url) throw new Error(`no Redis server: ${redis.reason}`);
const queue = (() => {
  const u = new URL(redis.url);
  u.pathname = "/9";
  return u.toString();
})();
const mock = await MockOpenAIServer.start();
mock.latencyMs = 500;
mock.fallback = () => ({
  kind: "text",
  content: "Hi, I need a laptop for work.",
  inputTokens: 50,
  outputTokens: 10,
});
// The Postgres run store when a server is at hand (as a study across machines would use), else SQLite.
const postgres = await postgresUrlForTests();
const store = postgres.url
  ? await freshPostgresDatabase(postgres.url)
  : mkdtempSync(join(tmpdir(), "siturec-bench-distributed-"));

const entry = join(import.meta.dirname, "../scripts/siturec-src.ts");
const tsx = join(import.meta.dirname, "../node_modules/.bin/tsx");

/** A `siturec worker` process, once it is listening on the queue. */
function startWorkerProcess(): Promise<ChildProcess> {
  const child = spawn(tsx, [entry, "worker", "--queue", queue, "--store", store, "--concurrency", "4"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let log = "";
    child.stderr!.on("data", (d: Buffer) => {
      log += d.toString();
      if (process.env.BENCH_LOG) process.stderr.write(d);
      if (/SIGTERM or Ctrl-C stops/.test(log)) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`worker exited (${code}): ${log}`)));
  });
}

async function stopWorkerProcess(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function timed(
  workers: number,
  runId: string,
): Promise<{ seconds: number; calls: number; maxInFlight: number }> {
  const running = await Promise.all(Array.from({ length: workers }, startWorkerProcess));
  const config = (personas: string) =>
    parseCustomerSimRunConfig({
      shopper: mock.modelId("slow-shopper"),
      sales: "reference",
      personas,
      turnLimit: 4,
      storeDir: store,
      llm: { noCache: true, concurrency: LIMIT },
    });
  try {
    // Warm: each worker has loaded the data and built its retrieval indexes before the clock starts.
    await runCustomerSim(config(`0:${4 * workers}`), { queue, runId: `${runId}-warm-up` });
    const before = mock.requests.length;
    mock.maxInFlight = 0;
    const started = performance.now();
    const result = await runCustomerSim(config(`0:${CONVERSATIONS}`), { queue, runId });
    if (result.status !== "complete") throw new Error(`run ${runId} ended ${result.status}`);
    if (result.scores.overall.conversations !== CONVERSATIONS)
      throw new Error(`run ${runId} played ${result.scores.overall.conversations} conversations`);
    return {
      seconds: (performance.now() - started) / 1000,
      calls: mock.requests.length - before,
      maxInFlight: mock.maxInFlight,
    };
  } finally {
    await Promise.all(running.map(stopWorkerProcess));
  }
}

try {
  const one = await timed(1, "one-worker");
  const four = await timed(4, "four-workers");
  const r2 = (v: number) => Math.round(v * 100) / 100;
  console.log(
    JSON.stringify({
      conversations: CONVERSATIONS,
      store: postgres.url ? "postgres" : "sqlite",
      model_latency_ms: mock.latencyMs,
      one_worker_s: r2(one.seconds),
      four_workers_s: r2(four.seconds),
      speedup: r2(one.seconds / four.seconds),
      calls: four.calls,
      shared_limit: LIMIT,
      max_in_flight_one: one.maxInFlight,
      max_in_flight_four: four.maxInFlight,
    }),
  );
} finally {
  await mock.close();
  await stopTestServices();
}
