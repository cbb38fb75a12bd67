import { hostname } from "node:os";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { openRunStore } from "../storage/open-run-store.js";
import type { RunStore } from "../storage/run-store.js";
import { customerSimTurn, situRecTurn } from "./episode-index.js";
import { addEpisodeIndexRoutes } from "./episode-index-routes.js";
import type { EpisodeIndex } from "./episode-index-types.js";

const tmp = tempDirs("episode-index");
const usage = { assistant: { inputTokens: 0, outputTokens: 0, costUsd: 0.01, formatErrors: 0 } };

/** A SituRecBench turn record as stored, with only what the index reads (and an observation it skips). */
function turnRecord(turn: number, ended: boolean, utterance = "Hi, welcome!") {
  return {
    turn,
    observations: { assistant: { image: "0".repeat(64), products: [], targets: [] } },
    assistant: {
      output: {
        utterance,
        assistant_actions: [{ type: turn === 0 ? "Greet" : "Navigate" }],
        expected_user_action: { name: "move_to_fixture", arguments: { target: "3" } },
        ranking: ["sm-019", "sm-016"],
        tool_calls: [],
      },
      expectedTargetId: "shelf-02",
    },
    shopper: {
      output: { utterance: "Where is the jam?", tool_call: { name: "move_to_fixture", arguments: {} } },
    },
    execution: { tool: "move_to_fixture", targetId: "shelf-02", success: true },
    termination: { ended, reason: ended ? "turn_limit" : null },
  };
}

async function writeEpisode(store: RunStore, runId: string, taskId: string, position: number, turns: number) {
  const header = { runId, env: "supermarket", task: { id: taskId } };
  await store.startEpisode(header, position, "a1");
  for (let i = 0; i < turns; i++) {
    const last = i === turns - 1;
    const outcome = last
      ? {
          reason: "turn_limit",
          success: false,
          turns,
          recommendations: 0,
          usage,
          purchased: null,
          purchasedReference: false,
        }
      : undefined;
    await store.writeTurn(
      header,
      turnRecord(i, last, i === 1 ? "The Oat Milk is ahead." : undefined),
      outcome,
      "a1",
    );
  }
}

async function storeWithRun(dir: string): Promise<void> {
  const store = openRunStore(dir);
  await store.createRun({
    id: "r1",
    identity: "i",
    config: { env: "supermarket", agents: { assistant: "reference" } },
    identityParts: {},
    planned: 3,
  });
  await writeEpisode(store, "r1", "sm-01.1", 0, 2);
  const failed = { runId: "r1", env: "supermarket", task: { id: "sm-01.2" } };
  await store.startEpisode(failed, 1, "a1");
  await store.failEpisode(
    failed,
    { reason: "error", success: false, turns: 0, recommendations: 0, error: "boom", usage },
    "a1",
  );
  await store.startEpisode({ runId: "r1", env: "supermarket", task: { id: "sm-01.3" } }, 2, "a1");
  await store.close();
}

describe("the episode index", () => {
  it("reads a SituRecBench turn in a few words, and a turn it cannot read as an empty one", () => {
    expect(situRecTurn(turnRecord(1, true))).toEqual({
      acts: ["Navigate"],
      expected: "move_to_fixture(shelf-02)",
      action: "move_to_fixture",
      target: "shelf-02",
      top: "sm-019",
      ended: true,
      assistant: "Hi, welcome!",
      shopper: "Where is the jam?",
    });
    expect(situRecTurn("nonsense")).toMatchObject({ acts: [], action: null, assistant: "" });
    // A field of the wrong shape reads as empty; the rest of the turn is kept.
    const odd = turnRecord(0, false) as unknown as { assistant: { output: { ranking: unknown } } };
    odd.assistant.output.ranking = "sm-1";
    expect(situRecTurn(odd)).toMatchObject({ top: null, acts: ["Greet"], shopper: "Where is the jam?" });
  });

  it("reads a CustomerSim round: the salesperson's tools as acts, the shopper's call and its product", () => {
    const round = {
      turn: 2,
      shopper: {
        text: "I'll take it.",
        toolCalls: [{ name: "add_to_cart", arguments: { product_id: "fc-017" } }],
        recommended: [],
      },
      sales: {
        text: "Try fc-081.",
        toolCalls: [
          { name: "recommend", arguments: {} },
          { name: "recommend", arguments: {} },
        ],
        recommended: ["fc-081"],
      },
      calls: [],
    };
    expect(customerSimTurn(round, true)).toEqual({
      acts: ["recommend"],
      expected: null,
      action: "add_to_cart",
      target: "fc-017",
      top: "fc-081",
      ended: true,
      assistant: "Try fc-081.",
      shopper: "I'll take it.",
    });
    expect(customerSimTurn({ ...round, sales: null }, false)).toMatchObject({
      acts: [],
      top: null,
      assistant: "",
    });
  });

  it("answers GET /api/runs/RUN/episode-index: ended episodes, gzipped when asked, cached until the run changes", async () => {
    const dir = tmp();
    await storeWithRun(dir);
    // The run is played by a live process (this one): its status reads `running`.
    const writer = openRunStore(dir);
    await writer.acquireLease("r1", { id: "w", pid: process.pid, host: hostname() });
    const reader = openRunStore(dir, { readonly: true });
    const calls = { storedEpisodes: 0, storedEpisode: 0, episodes: 0 };
    const counted = Object.create(reader, {
      storedEpisodes: {
        value: (runId: string, opts?: { includeErrors?: boolean }) => {
          calls.storedEpisodes++;
          return reader.storedEpisodes(runId, opts);
        },
      },
      storedEpisode: {
        value: (runId: string, env: string, task: string) => {
          calls.storedEpisode++;
          return reader.storedEpisode(runId, env, task);
        },
      },
      episodes: {
        value: (runId: string) => {
          calls.episodes++;
          return reader.episodes(runId);
        },
      },
    }) as RunStore;
    const app = new Hono();
    addEpisodeIndexRoutes(app, () => counted);
    const get = (headers: Record<string, string> = {}) =>
      app.request("/api/runs/r1/episode-index", { headers });
    try {
      const res = await get();
      expect(res.status).toBe(200);
      const index = (await res.json()) as EpisodeIndex;
      expect(index.run).toMatchObject({
        id: "r1",
        benchmark: "situ-rec",
        env: "supermarket",
        assistant: "reference",
      });
      expect(index.episodes.map((e) => [e.taskId, e.status, e.steps.length])).toEqual([
        ["sm-01.1", "finished", 2],
        ["sm-01.2", "error", 0],
      ]);
      expect(index.episodes[0]).toMatchObject({
        reason: "turn_limit",
        turns: 2,
        acts: ["Greet", "Navigate"],
        actions: ["move_to_fixture"],
        referenceHit: false,
      });
      expect(index.episodes[1]).toMatchObject({ error: "boom", costUsd: 0.01 });

      const zipped = await get({ "Accept-Encoding": "gzip, br" });
      expect(zipped.headers.get("content-encoding")).toBe("gzip");
      expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString())).toEqual(index);
      const etag = res.headers.get("etag")!;
      expect(zipped.headers.get("etag")).toBe(etag);
      expect((await get({ "If-None-Match": etag })).status).toBe(304);
      // Built once, in one pass over the run.
      expect(calls).toMatchObject({ storedEpisodes: 1, storedEpisode: 0 });

      // Another episode ends: the next answer has it (and another tag), reading only that episode.
      await writeEpisode(writer, "r1", "sm-01.3", 2, 1);
      const after = await get({ "If-None-Match": etag });
      expect(after.status).toBe(200);
      const next = (await after.json()) as EpisodeIndex;
      expect(next.episodes.map((e) => e.taskId)).toEqual(["sm-01.1", "sm-01.2", "sm-01.3"]);
      expect(next.episodes.slice(0, 2)).toEqual(index.episodes);
      expect(after.headers.get("etag")).not.toBe(etag);
      expect(calls).toMatchObject({ storedEpisodes: 1, storedEpisode: 1 });

      // Once the run has settled, its index stands without reading the episodes' rows again.
      await writer.setRunStatus("r1", "complete");
      await writer.releaseLease("r1", "w");
      expect((await get()).status).toBe(200);
      const rowsRead = calls.episodes;
      expect(((await (await get()).json()) as EpisodeIndex).episodes).toHaveLength(3);
      expect(calls.episodes).toBe(rowsRead);

      expect((await app.request("/api/runs/nope/episode-index")).status).toBe(404);
      const bad = await app.request("/api/runs/a%20b/episode-index");
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: "invalid run id" });
    } finally {
      await writer.close();
      await reader.close();
    }
  });
});
