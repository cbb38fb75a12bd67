import { hostname } from "node:os";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sha256 } from "../../core/hash.js";
import {
  LEASE_STALE_MS,
  LeaseLostError,
  type LeaseOwner,
  type NewRun,
  RunBusyError,
  type RunStore,
  type StoredEpisode,
  type StoredHeader,
  type StoredOutcome,
  type StoredUsage,
} from "../run-store.js";
import { describeModelCallsContract } from "./model-calls-contract.js";

/** A new, empty store for one test, and the means to open its location again. */
export interface RunStoreSubject {
  /** The store, opened for writing. */
  store: RunStore;
  /** Opens the same location again, as another process or worker would (read-only, or for writing). */
  reopen(opts?: { readonly?: boolean }): RunStore;
}

/** What the contract needs of an implementation. */
export interface RunStoreContract {
  /** Makes a new, empty store at a location of its own. */
  create(): Promise<RunStoreSubject>;
  /** Opens read-only a location that holds no store (a mistyped one); it may throw at once or on first use. */
  openMissing(): Promise<RunStore>;
  /** Set when the implementation cannot be tested here (no server): the suite is skipped with this reason. */
  skip?: string;
}

const owner = (id: string, pid = process.pid): LeaseOwner => ({ id, pid, host: hostname() });

const newRun = (id: string, over: Partial<NewRun> = {}): NewRun => ({
  id,
  identity: `identity-of-${id}`,
  config: { zeta: 1, alpha: { y: [1, "two", null], b: true } },
  identityParts: { code: "abc", prompts: { z: "1", a: "2" } },
  planned: 2,
  ...over,
});

/** A header as a benchmark writes it: the key the store reads, and more it stores as given. */
const headerOf = (runId: string, env: string, taskId: string): StoredHeader => {
  const task = { id: taskId, zeta: "z", alpha: "a" };
  return { runId, env, task, seed: 7, note: "key order is kept" } as StoredHeader;
};

const usage = (over: Partial<StoredUsage> = {}): StoredUsage => ({
  inputTokens: 10,
  outputTokens: 5,
  costUsd: 0.25,
  formatErrors: 0,
  ...over,
});

const outcomeOf = (reason: string, over: Partial<StoredOutcome> = {}): StoredOutcome => ({
  reason,
  success: reason === "purchase",
  turns: 1,
  recommendations: 0,
  usage: { assistant: usage(), shopper: usage() },
  ...over,
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * Registers the `RunStore` contract's tests for one implementation: runs, the lease, attempts,
 * finishing and failing episodes, the spend ledger, judge scores, stored payloads and their order,
 * images, read-only opening, two handles on one store racing, and each turn's model calls. Every
 * implementation (SQLite, Postgres) runs the same tests.
 */
export function describeRunStoreContract(name: string, contract: RunStoreContract): void {
  const suite = contract.skip ? describe.skip : describe;
  if (contract.skip) console.warn(`skipping the ${name} run store contract: ${contract.skip}`);
  describeModelCallsContract(name, contract);

  suite(`the ${name} run store keeps the RunStore contract`, () => {
    const open: RunStore[] = [];
    afterEach(async () => {
      vi.useRealTimers();
      for (const s of open.splice(0)) await s.close();
    });
    /** A new store with run `r1`, and a way to open it again (closed after the test). */
    async function subject(runs = ["r1"]) {
      const made = await contract.create();
      open.push(made.store);
      for (const id of runs) await made.store.createRun(newRun(id));
      const reopen = (opts?: { readonly?: boolean }) => {
        const s = made.reopen(opts);
        open.push(s);
        return s;
      };
      return { store: made.store, reopen };
    }

    it("creates runs and lists them oldest first, with their benchmark, config and identity as given", async () => {
      const { store } = await subject([]);
      await store.createRun(newRun("a"));
      await new Promise((r) => setTimeout(r, 5));
      await store.createRun(newRun("b", { benchmark: "customersim", planned: 360 }));
      await expect(store.createRun(newRun("a"))).rejects.toThrow();
      const runs = await store.listRuns();
      expect(runs.map((r) => [r.id, r.benchmark, r.planned])).toEqual([
        ["a", "situ-rec", 2],
        ["b", "customersim", 360],
      ]);
      const a = (await store.getRun("a"))!;
      expect(JSON.stringify(a.config)).toBe(JSON.stringify(newRun("a").config));
      expect(JSON.stringify(a.identityParts)).toBe(JSON.stringify(newRun("a").identityParts));
      expect(a.identity).toBe("identity-of-a");
      expect(a.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      // Stored as running, but nobody holds it: it reads as interrupted.
      expect([a.status, a.lease]).toEqual(["interrupted", null]);
      await store.setRunStatus("a", "complete");
      const done = (await store.getRun("a"))!;
      expect(done.status).toBe("complete");
      expect(done.updatedAt >= done.createdAt).toBe(true);
      expect(await store.getRun("missing")).toBeUndefined();
    });

    it("a run is played by one owner at a time: refused while alive, naming it; taken over when stale or dead", async () => {
      const { store } = await subject();
      await store.acquireLease("r1", owner("A"));
      await store.acquireLease("r1", owner("A"));
      expect((await store.getRun("r1"))?.status).toBe("running");
      expect((await store.getRun("r1"))?.lease).toMatchObject({
        id: "A",
        pid: process.pid,
        host: hostname(),
      });
      await expect(store.acquireLease("r1", owner("B"))).rejects.toBeInstanceOf(RunBusyError);
      await expect(store.acquireLease("r1", owner("B"))).rejects.toThrow(
        new RegExp(`^run r1 is being run by pid ${process.pid} on ${hostname()} since \\d{4}-`),
      );
      await store.renewLease("r1", "A");
      // A's heartbeat goes stale: the run reads as interrupted, B takes it, and A learns it lost it.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + LEASE_STALE_MS + 1000);
      expect((await store.getRun("r1"))?.status).toBe("interrupted");
      await store.acquireLease("r1", owner("B"));
      vi.useRealTimers();
      await expect(store.renewLease("r1", "A")).rejects.toBeInstanceOf(LeaseLostError);
      await store.releaseLease("r1", "A");
      expect((await store.getRun("r1"))?.lease?.id).toBe("B");
      // A holder whose process is gone, on this host, frees the run at once.
      await store.releaseLease("r1", "B");
      expect((await store.getRun("r1"))?.lease).toBeNull();
      await store.acquireLease("r1", owner("D", 999_999_999));
      await store.acquireLease("r1", owner("A"));
      expect((await store.getRun("r1"))?.lease?.id).toBe("A");
    });

    it("each write names its attempt: a replaced attempt's writes are refused, a finished episode never restarts", async () => {
      const { store } = await subject();
      const h = headerOf("r1", "supermarket", "sm-01.1");
      expect(await store.startEpisode(h, 0, "A#1")).toBe(true);
      await store.writeTurn(h, { turn: 0, by: "A" } as { turn: number }, undefined, "A#1");
      await store.writeTurn(h, { turn: 1, by: "A" } as { turn: number }, undefined, "A#1");
      // Another attempt takes the episode over: the first may not write to it any more.
      expect(await store.startEpisode(h, 0, "B#1")).toBe(true);
      await expect(store.writeTurn(h, { turn: 2 }, undefined, "A#1")).rejects.toBeInstanceOf(LeaseLostError);
      await expect(store.failEpisode(h, outcomeOf("error"), "A#1")).rejects.toBeInstanceOf(LeaseLostError);
      await store.writeTurn(h, { turn: 0, by: "B" } as { turn: number }, outcomeOf("purchase"), "B#1");
      expect((await store.episodes("r1")).map((e) => [e.status, e.turns, e.success])).toEqual([
        ["finished", 1, true],
      ]);
      // The earlier attempt's turns went with it.
      const [stored] = await collect(store.storedEpisodes("r1"));
      expect(stored?.turns).toEqual([{ turn: 0, by: "B" }]);
      expect(await store.startEpisode(h, 0, "C#1")).toBe(false);
      await expect(store.writeTurn(h, { turn: 1 }, undefined, "B#1")).rejects.toBeInstanceOf(LeaseLostError);
      expect((await store.episodes("r1")).map((e) => e.status)).toEqual(["finished"]);
      expect(await store.finishedKeys("r1")).toEqual(new Set(["supermarket/sm-01.1"]));
    });

    it("a failed attempt ends as an error with its reason, and a resume plays it again from scratch", async () => {
      const { store } = await subject();
      const h = headerOf("r1", "supermarket", "sm-01.1");
      await store.startEpisode(h, 0, "A#1");
      await store.writeTurn(h, { turn: 0 }, undefined, "A#1");
      await store.failEpisode(h, outcomeOf("error", { error: "the page crashed" }), "A#1");
      expect(await store.episodes("r1")).toEqual([
        expect.objectContaining({
          status: "error",
          reason: "error",
          error: "the page crashed",
          success: false,
        }),
      ]);
      expect(await store.finishedKeys("r1")).toEqual(new Set());
      expect(await collect(store.storedEpisodes("r1"))).toEqual([]);
      const failed = await collect(store.storedEpisodes("r1", { includeErrors: true }));
      expect(failed.map((e) => [e.turns.length, (e.outcome as StoredOutcome).error])).toEqual([
        [1, "the page crashed"],
      ]);
      expect(await store.startEpisode(h, 0, "B#1")).toBe(true);
      expect(await store.episodes("r1")).toEqual([
        expect.objectContaining({ status: "running", reason: null, error: null, turns: 0, costUsd: 0 }),
      ]);
      expect(await collect(store.storedEpisodes("r1", { includeErrors: true }))).toEqual([]);
    });

    it("an episode's row sums every role's figures (prompt-cache ones too); episodes come by store, then bank position", async () => {
      const { store } = await subject();
      const keys: [string, string, number][] = [
        ["test-mart", "tm-03.1", 2],
        ["test-mart", "tm-01.1", 0],
        ["testa", "ta-01.1", 0],
        ["Zmart", "zm-01.1", 1],
      ];
      for (const [env, task, position] of keys)
        await store.startEpisode(headerOf("r1", env, task), position, "A#1");
      const big = 3_000_000_000; // past a 32-bit integer
      const outcome = outcomeOf("purchase", {
        turns: 4,
        recommendations: 3,
        usage: {
          assistant: usage({
            inputTokens: 100,
            cachedInputTokens: 60,
            cacheWriteTokens: 20,
            costUsd: 0.5,
            cacheSavingUsd: 0.125,
            formatErrors: 1,
            formatWarnings: 2,
          }),
          shopper: usage({ inputTokens: big, outputTokens: 7, costUsd: 0.25, formatWarnings: 1 }),
        },
      });
      await store.writeTurn(headerOf("r1", "test-mart", "tm-01.1"), { turn: 0 }, outcome, "A#1");
      const rows = await store.episodes("r1");
      expect(rows.map((e) => `${e.env}/${e.taskId}@${e.position}`)).toEqual([
        "Zmart/zm-01.1@1",
        "test-mart/tm-01.1@0",
        "test-mart/tm-03.1@2",
        "testa/ta-01.1@0",
      ]);
      expect(rows[1]).toEqual({
        runId: "r1",
        env: "test-mart",
        taskId: "tm-01.1",
        position: 0,
        status: "finished",
        reason: "purchase",
        success: true,
        turns: 4,
        recommendations: 3,
        costUsd: 0.75,
        inputTokens: 100 + big,
        outputTokens: 12,
        cachedInputTokens: 60,
        cacheWriteTokens: 20,
        cacheSavingUsd: 0.125,
        formatErrors: 1,
        formatWarnings: 3,
        error: null,
      });
      expect(rows[0]).toMatchObject({ status: "running", reason: null, success: false, inputTokens: 0 });
    });

    it("the spend ledger counts every call by role and model, cached calls and prompt-cache figures apart", async () => {
      const { store } = await subject(["r1", "r2"]);
      await store.recordSpend("r1", {
        role: "shopper",
        model: "m-b",
        cached: false,
        inputTokens: 7,
        outputTokens: 3,
        costUsd: 0.5,
      });
      const paid = {
        role: "assistant",
        model: "m-a",
        cached: false,
        inputTokens: 100,
        outputTokens: 10,
        costUsd: 0.25,
        cachedInputTokens: 40,
        cacheWriteTokens: 5,
        cacheSavingUsd: 0.125,
      };
      await store.recordSpend("r1", paid);
      await store.recordSpend("r1", { ...paid, cached: true, costUsd: 0, cachedInputTokens: 0 });
      // Calls recorded at once all count.
      await Promise.all(Array.from({ length: 10 }, () => store.recordSpend("r2", paid)));
      expect(await store.spent("r1")).toEqual([
        {
          role: "assistant",
          model: "m-a",
          calls: 2,
          cachedCalls: 1,
          inputTokens: 200,
          outputTokens: 20,
          costUsd: 0.25,
          cachedInputTokens: 40,
          cacheWriteTokens: 10,
          cacheSavingUsd: 0.25,
        },
        {
          role: "shopper",
          model: "m-b",
          calls: 1,
          cachedCalls: 0,
          inputTokens: 7,
          outputTokens: 3,
          costUsd: 0.5,
          cachedInputTokens: 0,
          cacheWriteTokens: 0,
          cacheSavingUsd: 0,
        },
      ]);
      expect((await store.spent("r2")).map((s) => [s.calls, s.inputTokens, s.costUsd])).toEqual([
        [10, 1000, 2.5],
      ]);
      expect(await store.spent("nothing")).toEqual([]);
    });

    it("gives back payloads as written, turns in turn order, by store then bank order, with judge scores", async () => {
      const { store } = await subject(["r1", "r2"]);
      const first = headerOf("r1", "supermarket", "sm-02.1");
      const second = headerOf("r1", "supermarket", "sm-01.1");
      const failed = headerOf("r1", "electronics", "el-01.1");
      const other = headerOf("r2", "supermarket", "sm-01.1");
      await store.startEpisode(first, 0, "A#1");
      await store.startEpisode(second, 1, "A#1");
      await store.startEpisode(failed, 0, "A#1");
      await store.startEpisode(other, 0, "A#1");
      const turn = (n: number) => ({ turn: n, zeta: { b: 1, a: [n, "x"] }, alpha: "é\u0000" });
      await store.writeTurn(second, turn(2), undefined, "A#1");
      await store.writeTurn(second, turn(10), undefined, "A#1");
      await store.writeTurn(second, { turn: 1, replaced: true } as { turn: number }, undefined, "A#1");
      await store.writeTurn(second, turn(1), outcomeOf("purchase", { turns: 3 }), "A#1");
      await store.writeTurn(first, turn(0), outcomeOf("turn_limit"), "A#1");
      await store.writeTurn(other, turn(0), outcomeOf("turn_limit"), "A#1");
      await store.failEpisode(failed, outcomeOf("error", { error: "boom" }), "A#1");
      await store.setJudge("r1", "supermarket", "sm-01.1", { helpfulness: 4, notes: { z: 1, a: 2 } });

      const episodes = await collect(store.storedEpisodes("r1"));
      expect(episodes.map((e) => (e.header as StoredHeader).task.id)).toEqual(["sm-02.1", "sm-01.1"]);
      const judged = episodes[1] as StoredEpisode;
      expect(JSON.stringify(judged.header)).toBe(JSON.stringify(second));
      expect(JSON.stringify(judged.turns)).toBe(JSON.stringify([turn(1), turn(2), turn(10)]));
      expect(JSON.stringify(judged.outcome)).toBe(JSON.stringify(outcomeOf("purchase", { turns: 3 })));
      expect(JSON.stringify(judged.judge)).toBe(JSON.stringify({ helpfulness: 4, notes: { z: 1, a: 2 } }));
      expect("judge" in (episodes[0] as StoredEpisode)).toBe(false);

      const all = await collect(store.storedEpisodes("r1", { includeErrors: true }));
      expect(all.map((e) => (e.header as StoredHeader).task.id)).toEqual(["el-01.1", "sm-02.1", "sm-01.1"]);
      const trajectories = await collect(store.trajectories("r1", { includeErrors: true }));
      expect(trajectories.map((t) => [t.kind, t.version, t.header.task.id, t.turns.length])).toEqual([
        ["siturec.trajectory", 1, "el-01.1", 0],
        ["siturec.trajectory", 1, "sm-02.1", 1],
        ["siturec.trajectory", 1, "sm-01.1", 3],
      ]);
      expect(trajectories[2]?.judge).toEqual({ helpfulness: 4, notes: { z: 1, a: 2 } });
      expect(await collect(store.trajectories("nothing"))).toEqual([]);

      // One episode by its key: the same payloads; a failed one too; none while it plays.
      expect(JSON.stringify(await store.storedEpisode("r1", "supermarket", "sm-01.1"))).toBe(
        JSON.stringify(judged),
      );
      expect((await store.storedEpisode("r1", "electronics", "el-01.1"))?.outcome).toEqual(
        outcomeOf("error", { error: "boom" }),
      );
      await store.startEpisode(headerOf("r1", "supermarket", "sm-03.1"), 2, "A#1");
      expect(await store.storedEpisode("r1", "supermarket", "sm-03.1")).toBeUndefined();
      expect(await store.storedEpisode("r2", "supermarket", "sm-02.1")).toBeUndefined();
    });

    it("keeps images content-addressed: one PNG stored once, read back byte for byte by any handle", async () => {
      const { store, reopen } = await subject();
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255, 0, 7]);
      const hash = await store.images.put(png);
      expect(hash).toBe(sha256(png));
      expect(await Promise.all([store.images.put(png), store.images.put(Buffer.from(png))])).toEqual([
        hash,
        hash,
      ]);
      expect(await store.images.get(hash)).toEqual(png);
      expect(await reopen({ readonly: true }).images.get(hash)).toEqual(png);
      expect(await store.images.get(sha256("another"))).toBeUndefined();
      expect(await store.images.get("../../etc/passwd")).toBeUndefined();
    });

    it("opened read-only, reads everything and refuses every write; a location without a store is refused", async () => {
      const { store, reopen } = await subject();
      const h = headerOf("r1", "supermarket", "sm-01.1");
      await store.startEpisode(h, 0, "A#1");
      await store.writeTurn(h, { turn: 0 }, outcomeOf("purchase"), "A#1");
      const ro = reopen({ readonly: true });
      expect((await ro.listRuns()).map((r) => r.id)).toEqual(["r1"]);
      expect((await ro.episodes("r1")).map((e) => e.status)).toEqual(["finished"]);
      expect(await collect(ro.storedEpisodes("r1"))).toHaveLength(1);
      expect(await ro.spent("r1")).toEqual([]);
      const writes: [string, () => Promise<unknown>][] = [
        ["createRun", () => ro.createRun(newRun("r2"))],
        ["setRunStatus", () => ro.setRunStatus("r1", "complete")],
        ["acquireLease", () => ro.acquireLease("r1", owner("A"))],
        ["startEpisode", () => ro.startEpisode(headerOf("r1", "supermarket", "sm-02.1"), 1, "B#1")],
        ["recordSpend", () => ro.recordSpend("r1", { ...newSpend })],
        ["setJudge", () => ro.setJudge("r1", "supermarket", "sm-01.1", { score: 1 })],
        ["putRecord", () => ro.putRecord("study", "s1", { a: 1 })],
      ];
      for (const [what, write] of writes) await expect(write(), what).rejects.toThrow(/read-only/);
      expect((await store.getRun("r1"))?.status).toBe("interrupted");
      await expect(
        (async () => {
          const missing = await contract.openMissing();
          open.push(missing);
          return missing.listRuns();
        })(),
      ).rejects.toThrow(/no run store/);
    });

    it("keeps records by kind and id: replaced whole, read back as written, listed by id, seen by other handles", async () => {
      const { store, reopen } = await subject();
      expect(await store.getRecord("study", "s1")).toBeUndefined();
      expect(await store.listRecords("study")).toEqual([]);
      await store.putRecord("study", "s2", { zeta: 2, alpha: ["x", null] });
      await store.putRecord("study", "s1", { old: true });
      await store.putRecord("study", "s1", { zeta: 1, alpha: { b: "<img onerror=x>" } });
      await store.putRecord("participant", "s1/P01", { step: 3 });
      expect(JSON.stringify(await store.getRecord("study", "s1"))).toBe(
        '{"zeta":1,"alpha":{"b":"<img onerror=x>"}}',
      );
      const ro = reopen({ readonly: true });
      expect(await ro.listRecords("study")).toEqual([
        { id: "s1", value: { zeta: 1, alpha: { b: "<img onerror=x>" } } },
        { id: "s2", value: { zeta: 2, alpha: ["x", null] } },
      ]);
      expect(await ro.listRecords("participant")).toEqual([{ id: "s1/P01", value: { step: 3 } }]);
    });

    it("two handles on one store: one of two owners racing for a run gets it, one of two attempts finishes an episode", async () => {
      const { store, reopen } = await subject(["r1", "r2", "r3"]);
      const other = reopen();
      for (const run of ["r1", "r2", "r3"]) {
        const results = await Promise.allSettled([
          store.acquireLease(run, owner("A")),
          other.acquireLease(run, owner("B")),
        ]);
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        const refused = results.find((r) => r.status === "rejected");
        expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(RunBusyError);
      }
      const h = headerOf("r1", "supermarket", "sm-01.1");
      expect(await Promise.all([store.startEpisode(h, 0, "A#1"), other.startEpisode(h, 0, "B#1")])).toEqual([
        true,
        true,
      ]);
      const writes = await Promise.allSettled([
        store.writeTurn(h, { turn: 0, by: "A" } as { turn: number }, outcomeOf("purchase"), "A#1"),
        other.writeTurn(h, { turn: 0, by: "B" } as { turn: number }, outcomeOf("purchase"), "B#1"),
      ]);
      expect(writes.filter((w) => w.status === "fulfilled")).toHaveLength(1);
      expect((writes.find((w) => w.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(
        LeaseLostError,
      );
      const [stored] = await collect(store.storedEpisodes("r1"));
      expect(stored?.turns).toHaveLength(1);
      expect(await Promise.all([store.startEpisode(h, 0, "A#2"), other.startEpisode(h, 0, "B#2")])).toEqual([
        false,
        false,
      ]);
    });
  });
}

const newSpend = {
  role: "assistant",
  model: "m-a",
  cached: false,
  inputTokens: 1,
  outputTokens: 1,
  costUsd: 0,
};
