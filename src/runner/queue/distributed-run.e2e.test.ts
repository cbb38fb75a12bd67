import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { MockOpenAIServer } from "../../llm/testing/mock-openai-server.js";
import { openRunStore } from "../../storage/open-run-store.js";
import {
  freePort,
  freshPostgresDatabase,
  freshRedisDatabase,
  postgresUrlForTests,
  redisUrlForTests,
  stopTestServices,
} from "../../storage/testing/test-services.js";
import { parseCustomerSimRunConfig } from "../customersim/customersim-config.js";
import { runCustomerSim } from "../customersim/run-customersim.js";
import { runBenchmark } from "../run-benchmark.js";
import { parseRunConfig } from "../run-config.js";
import { digestExport, GOLDEN_FILE, type GoldenTrajectories } from "../testing/golden-trajectories.js";
import { exportOf, holdStoreWhen, type StoreHold, tmpStore } from "../testing/run-store-reads.js";
import { EpisodeQueue } from "./episode-queue.js";
import { type RunningWorker, startWorker } from "./queue-worker.js";

const [redis, postgres] = await Promise.all([redisUrlForTests(), postgresUrlForTests()]);
if (!redis.url) console.warn(`distributed-run tests skipped: no Redis server (${redis.reason})`);
if (!postgres.url)
  console.warn(`distributed-run tests on Postgres skipped: no Postgres server (${postgres.reason})`);
afterAll(stopTestServices);

/** A Redis database of its own per test, emptied, so their queues never meet (other test files use others). */
const queueUrl = (db: number) => freshRedisDatabase(redis.url!, db);
const golden = JSON.parse(readFileSync(GOLDEN_FILE, "utf8")) as GoldenTrajectories;
const exec = promisify(execFile);
const bin = join(import.meta.dirname, "../../../bin/siturec.js");

async function withWorkers<T>(
  n: number,
  opts: { queue: string; store: string; concurrency?: number },
  body: (workers: RunningWorker[]) => Promise<T>,
): Promise<T> {
  const workers = await Promise.all(Array.from({ length: n }, () => startWorker(opts)));
  try {
    return await body(workers);
  } finally {
    await Promise.all(workers.map((w) => w.close()));
  }
}

/** Every episode's trajectory digest equals the single-process golden run's. */
async function expectGolden(store: string, runId: string, count: number): Promise<void> {
  const digests = digestExport(await exportOf(store, runId));
  expect(Object.keys(digests)).toHaveLength(count);
  const differing = Object.keys(digests).filter(
    (k) => digests[k]!.trajectory !== golden.episodes[k]?.trajectory,
  );
  expect(differing, "episodes whose trajectory differs from the single-process run").toEqual([]);
}

/** Polls until `probe` answers, however long that takes on this machine (the test's timeout bounds it). */
async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 1; ; tries++) {
    const v = await probe();
    if (v !== undefined) return v;
    if (tries % 300 === 0) console.warn(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!redis.url)("runs across queue workers (BullMQ on Redis)", () => {
  it.skipIf(!postgres.url)(
    "3 workers play the embedded default's subset 0 into a Postgres store: every trajectory byte-identical to the single-process run",
    async () => {
      const store = await freshPostgresDatabase(postgres.url!);
      const queue = await queueUrl(1);
      const config = parseRunConfig({ subset: "0", images: false, storeDir: store });
      const result = await withWorkers(3, { queue, store, concurrency: 1 }, () =>
        runBenchmark(config, { queue, runId: "three-workers", preflight: false }),
      );
      expect(result.status).toBe("complete");
      expect(result.summaries.map((s) => [s.env, s.finished])).toEqual([
        ["supermarket", 25],
        ["home-furnishings", 25],
      ]);
      await expectGolden(store, "three-workers", 50);
      // The run looks like any other to the commands that read stores.
      const s = openRunStore(store, { readonly: true });
      expect((await s.getRun("three-workers"))?.status).toBe("complete");
      await s.close();
    },
  );

  it("a worker killed mid-episode: its job goes to another worker, which replays the episode from the start; nothing lost or doubled", async () => {
    // Worker processes of the built package, and the run planned by it too (a run's identity
    // includes the code's hash, which differs between src/ and dist/).
    const store = tmpStore("queue-kill");
    const queue = await queueUrl(2);
    const worker = (): { child: ChildProcess; log: () => string } => {
      const child = spawn(
        process.execPath,
        // The killed worker's job is taken over 5 s after its last lock renewal, not the default 20.
        [bin, "worker", "--queue", queue, "--store", store, "--concurrency", "1", "--take-over-after", "5"],
        {
          detached: true,
          stdio: ["ignore", "ignore", "pipe"],
        },
      );
      let log = "";
      child.stderr!.on("data", (d: Buffer) => {
        log += d.toString();
      });
      return { child, log: () => log };
    };
    const first = worker();
    let hold: StoreHold | undefined;
    try {
      const planned = await exec(process.execPath, [
        bin,
        "run",
        "--env",
        "supermarket",
        "--tasks",
        "0:3",
        "--no-images",
        "--no-preflight",
        "--queue",
        queue,
        "--store",
        store,
        "--detach",
        "--run-id",
        "killed",
      ]);
      expect(planned.stdout).toMatch(/on the queue/);
      // Kill the worker (Node and its Chromium) once it has committed a turn of its first episode,
      // while it waits on the store's lock for its next write: surely mid-episode.
      hold = await holdStoreWhen(store, first.child, "turns", 1);
    } finally {
      const gone = new Promise((r) => first.child.once("exit", r));
      process.kill(-first.child.pid!, "SIGKILL");
      await gone;
      hold?.release();
    }
    const second = worker();
    try {
      await waitFor("the run to complete", async () => {
        const s = openRunStore(store, { readonly: true });
        try {
          return (await s.getRun("killed"))?.status === "complete" ? true : undefined;
        } finally {
          await s.close();
        }
      });
    } finally {
      // SIGTERM: the worker finishes what it plays (nothing now) and exits.
      const exited = new Promise((r) => second.child.once("exit", r));
      process.kill(second.child.pid!, "SIGTERM");
      await exited;
    }
    expect(second.log()).toMatch(/sm-01\.\d: playing \(attempt 1\)/);
    expect(second.log()).toMatch(/stopped/);
    await expectGolden(store, "killed", 3);
  });

  it("a worker refuses the jobs of a run whose identity it does not compute (other code, prompts or browser), saying why", async () => {
    const store = tmpStore("queue-refuse");
    const queue = await queueUrl(3);
    const config = parseRunConfig({ env: "supermarket", tasks: "0:1", images: false, storeDir: store });
    await runBenchmark(config, { queue, detach: true, runId: "other-code", preflight: false });
    // As if planned by another version: its identity parts name another code hash.
    const db = new Database(join(store, "siturec.db"));
    const parts = JSON.parse(
      (db.prepare("SELECT identity_parts AS p FROM runs").get() as { p: string }).p,
    ) as Record<string, unknown>;
    db.prepare("UPDATE runs SET identity = 'ffffffffffffffff', identity_parts = ?").run(
      JSON.stringify({ ...parts, codeVersion: "someone-elses" }),
    );
    db.close();
    const q = await EpisodeQueue.open(queue);
    try {
      const reason = await withWorkers(1, { queue, store }, () =>
        waitFor("the job to fail", async () => {
          const s = (await q.states("other-code", ["supermarket/sm-01.1"])).get("supermarket/sm-01.1");
          return s?.state === "failed" ? s.reason : undefined;
        }),
      );
      expect(reason).toMatch(/planned with another configuration, code, prompts, task banks or browser/);
      expect(reason).toMatch(/codeVersion: "someone-elses" → /);
    } finally {
      await q.close();
    }
  });

  it.skipIf(!postgres.url)(
    "CustomerSim on 2 workers: the per-provider limit holds across them, and a rerun on other workers is served by the shared cache (no HTTP)",
    async () => {
      const mock = await MockOpenAIServer.start();
      mock.latencyMs = 100;
      mock.fallback = () => ({
        kind: "text",
        content: "Hi, I need a laptop for work.",
        inputTokens: 50,
        outputTokens: 10,
      });
      try {
        const store = await freshPostgresDatabase(postgres.url!);
        const queue = await queueUrl(4);
        const config = (storeDir: string) =>
          parseCustomerSimRunConfig({
            shopper: mock.modelId("shopper-lm"),
            sales: "reference",
            category: "laptops",
            personas: "0:8",
            turnLimit: 3,
            storeDir,
            llm: { concurrency: 2 },
          });
        const first = await withWorkers(2, { queue, store, concurrency: 4 }, () =>
          runCustomerSim(config(store), { queue, runId: "limited" }),
        );
        expect(first.status).toBe("complete");
        expect(mock.requests.length).toBeGreaterThan(8);
        // 2 workers × 4 conversations at once, but never more than llm.concurrency calls in flight.
        expect(mock.maxInFlight).toBe(2);
        const paid = mock.requests.length;
        const again = await withWorkers(2, { queue, store, concurrency: 4 }, () =>
          runCustomerSim(config(store), { queue, runId: "from-cache" }),
        );
        expect(again.status).toBe("complete");
        expect(mock.requests.length).toBe(paid);
        expect(again.scores.overall.da).toBe(first.scores.overall.da);

        // A run's own limit: 2 workers × 4 take jobs, but at most 3 conversations play at once
        // (one model call at a time each, so at most 3 calls in flight with llm.concurrency 8).
        mock.maxInFlight = 0;
        const capped = await withWorkers(2, { queue, store, concurrency: 4 }, () =>
          runCustomerSim(
            parseCustomerSimRunConfig({
              ...config(store),
              personas: "8:16",
              llm: { concurrency: 8 },
              queueConcurrency: 3,
            }),
            { queue, runId: "run-limited" },
          ),
        );
        expect(capped.status).toBe("complete");
        expect(mock.maxInFlight).toBe(3);
      } finally {
        await mock.close();
      }
    },
  );

  it("Redis restarted mid-run: the workers and the planner reconnect and the run completes, every conversation once", async () => {
    // A Redis of this test's own, persisting to its folder (a restart keeps the jobs), restarted mid-run.
    const dir = mkdtempSync(join(tmpdir(), "siturec-redis-restart-"));
    const port = await freePort();
    const startRedis = async () => {
      const child = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--save", ""],
        {
          stdio: "ignore",
        },
      );
      await waitFor("redis to answer", async () => {
        const r = await exec("redis-cli", ["-p", String(port), "ping"]).catch(() => undefined);
        return r?.stdout.trim() === "PONG" ? true : undefined;
      });
      return child;
    };
    let server = await startRedis();
    const mock = await MockOpenAIServer.start();
    mock.latencyMs = 150;
    mock.fallback = () => ({
      kind: "text",
      content: "Hi, I need a laptop for work.",
      inputTokens: 50,
      outputTokens: 10,
    });
    const store = tmpStore("queue-redis-restart");
    const queue = `redis://127.0.0.1:${port}/0`;
    try {
      const result = await withWorkers(2, { queue, store, concurrency: 2 }, async () => {
        const run = runCustomerSim(
          parseCustomerSimRunConfig({
            shopper: mock.modelId("shopper-lm"),
            sales: "reference",
            personas: "0:16",
            turnLimit: 3,
            storeDir: store,
            llm: { noCache: true },
          }),
          { queue, runId: "redis-restart" },
        );
        // Once a few conversations have ended, stop Redis (it writes its data) and start it again.
        await waitFor("three conversations", async () => {
          const s = openRunStore(store, { readonly: true });
          try {
            const ended = (await s.episodes("redis-restart")).filter((e) => e.status === "finished").length;
            return ended >= 3 ? true : undefined;
          } catch {
            return undefined;
          } finally {
            await s.close();
          }
        });
        const stopped = new Promise((r) => server.once("exit", r));
        server.kill("SIGTERM");
        await stopped;
        await new Promise((r) => setTimeout(r, 1000));
        server = await startRedis();
        return run;
      });
      expect(result.status).toBe("complete");
      expect(result.scores.overall.conversations).toBe(16);
      const s = openRunStore(store, { readonly: true });
      const rows = await s.episodes("redis-restart");
      await s.close();
      expect(rows.map((r) => r.status)).toEqual(Array(16).fill("finished"));
    } finally {
      server.kill("SIGKILL");
      await mock.close();
    }
  });
  it("Redis lost the jobs (restarted without persistence): the planner enqueues them again, the run completes and says so", async () => {
    const queue = await queueUrl(14);
    const store = tmpStore("queue-lost-jobs");
    const run = runCustomerSim(
      parseCustomerSimRunConfig({ shopper: "rule", sales: "reference", personas: "0:8", storeDir: store }),
      { queue, runId: "lost-jobs" },
    );
    // No worker yet: once the jobs wait on the queue, Redis forgets them all.
    const watcher = await EpisodeQueue.open(queue);
    try {
      await waitFor("the jobs to be enqueued", async () =>
        (await watcher.queue.getWaitingCount()) === 8 ? true : undefined,
      );
      await exec("redis-cli", ["-u", queue, "flushdb"]);
      expect(await watcher.queue.getWaitingCount()).toBe(0);
    } finally {
      await watcher.close();
    }
    const result = await withWorkers(1, { queue, store, concurrency: 4 }, () => run);
    expect(result.status).toBe("complete");
    expect(result.requeued).toHaveLength(8);
    expect(result.scores.overall.conversations).toBe(8);
    const s = openRunStore(store, { readonly: true });
    const rows = await s.episodes("lost-jobs");
    await s.close();
    expect(rows.map((r) => r.status)).toEqual(Array(8).fill("finished"));
  });
});
