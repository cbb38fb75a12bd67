import { hostname } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { PostgresRunStore } from "./postgres-run-store.js";
import { LeaseLostError, RunBusyError, type StoredOutcome } from "./run-store.js";
import { freshPostgresDatabase, postgresUrlForTests, stopTestServices } from "./testing/test-services.js";

const server = await postgresUrlForTests();
afterAll(stopTestServices);
const withServer = server.url ? describe : describe.skip;
if (server.reason) console.warn(`skipping the Postgres concurrency tests: ${server.reason}`);

const WORKERS = 6;
const EPISODES = 24;

/** Each worker its own pool, as separate processes would have. */
async function workers(): Promise<PostgresRunStore[]> {
  const url = await freshPostgresDatabase(server.url!);
  return Array.from({ length: WORKERS }, () => new PostgresRunStore(url, { maxConnections: 4 }));
}

const outcome = (by: string): StoredOutcome & { by: string } => ({
  reason: "purchase",
  success: true,
  turns: 2,
  recommendations: 1,
  usage: { assistant: { inputTokens: 1, outputTokens: 1, costUsd: 0.5, formatErrors: 0 } },
  by,
});

withServer("many workers writing one Postgres run store", () => {
  it("every episode is finished exactly once, by one attempt whose turns alone it keeps", async () => {
    const stores = await workers();
    await stores[0]!.createRun({ id: "r", identity: "x", config: {}, identityParts: {}, planned: EPISODES });
    let finishes = 0;
    let refusals = 0;
    const play = async (store: PostgresRunStore, w: number) => {
      // Each worker walks the episodes from its own starting point, so they collide all the time.
      for (let i = 0; i < EPISODES; i++) {
        const n = (i + w * 5) % EPISODES;
        const header = { runId: "r", env: "supermarket", task: { id: `sm-${n}` } };
        const attempt = `w${w}#${n}`;
        try {
          if (!(await store.startEpisode(header, n, attempt))) continue;
          await store.writeTurn(header, { turn: 0, by: attempt } as { turn: number }, undefined, attempt);
          await store.writeTurn(
            header,
            { turn: 1, by: attempt } as { turn: number },
            outcome(attempt),
            attempt,
          );
          finishes++;
        } catch (err) {
          if (!(err instanceof LeaseLostError)) throw err;
          refusals++;
        }
      }
    };
    await Promise.all(stores.map(play));
    const store = stores[0]!;
    expect(finishes).toBe(EPISODES);
    expect((await store.finishedKeys("r")).size).toBe(EPISODES);
    const rows = await store.episodes("r");
    expect(rows.map((e) => e.position)).toEqual(Array.from({ length: EPISODES }, (_, i) => i));
    expect(rows.every((e) => e.status === "finished" && e.costUsd === 0.5)).toBe(true);
    for await (const e of store.storedEpisodes("r")) {
      const by = (e.outcome as { by: string }).by;
      expect(e.turns).toEqual([
        { turn: 0, by },
        { turn: 1, by },
      ]);
    }
    console.info(`${WORKERS} workers, ${EPISODES} episodes: ${refusals} writes refused to replaced attempts`);
    for (const s of stores) await s.close();
  });

  it("one worker of many gets a run's lease; the ledger counts every call; an image is stored once", async () => {
    const stores = await workers();
    for (const id of ["a", "b", "c", "d"])
      await stores[0]!.createRun({ id, identity: "x", config: {}, identityParts: {}, planned: 1 });
    for (const id of ["a", "b", "c", "d"]) {
      const results = await Promise.allSettled(
        stores.map((s, w) => s.acquireLease(id, { id: `w${w}`, pid: process.pid, host: hostname() })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(RunBusyError);
    }
    const spend = {
      role: "assistant",
      model: "m",
      cached: false,
      inputTokens: 3,
      outputTokens: 1,
      costUsd: 0.25,
    };
    await Promise.all(
      stores.flatMap((s) =>
        Array.from({ length: 25 }, () => s.recordSpend("a", { ...spend, cachedInputTokens: 2 })),
      ),
    );
    expect(await stores[0]!.spent("a")).toEqual([
      expect.objectContaining({
        calls: WORKERS * 25,
        inputTokens: WORKERS * 75,
        cachedInputTokens: WORKERS * 50,
      }),
    ]);
    const pngs = [0, 1, 2].map((i) => Buffer.from(`png ${i}`));
    const hashes = await Promise.all(stores.flatMap((s) => pngs.map((p) => s.images.put(p))));
    expect(new Set(hashes).size).toBe(3);
    for (const [i, png] of pngs.entries()) expect(await stores[5]!.images.get(hashes[i]!)).toEqual(png);
    for (const s of stores) await s.close();
  });
});
