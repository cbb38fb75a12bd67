import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "../eval/evaluate.js";
import { buildTrajectory } from "../eval/testing/build-trajectory.js";
import { openRunStore } from "../storage/open-run-store.js";
import type { RunStore } from "../storage/run-store.js";
import { interactionRun } from "../study/create-study.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { LeaderboardQuery, Leaderboards } from "./leaderboard.js";

const JUDGE = {
  informativeness: 4,
  naturalness: 4,
  groundedness: 3,
  preference_alignment: 4,
  proactiveness: 3,
  non_repetition: 5,
  overall: 4,
};

/** A run of `episodes`, stored as the runner stores them (each task id its own). */
async function storeRun(store: RunStore, runId: string, condition: string, episodes: Trajectory[]) {
  await store.createRun({ id: runId, identity: runId, config: { condition }, identityParts: {}, planned: 1 });
  for (const [i, t] of episodes.entries()) {
    const header = { ...t.header, runId, condition, task: { ...t.header.task, id: `${runId}-${i}` } };
    await store.startEpisode(header, i, "a");
    for (const [j, turn] of t.turns.entries())
      await store.writeTurn(header, turn, j === t.turns.length - 1 ? t.outcome : undefined, "a");
    if (t.judge) await store.setJudge(runId, header.env, header.task.id, t.judge);
  }
}

describe("the leaderboard", () => {
  let store: RunStore;

  beforeAll(async () => {
    store = openRunStore(mkdtempSync(join(tmpdir(), "siturec-leaderboard-")));
    const turn = { ranking: ["sm-019"] };
    // Assistant "good" buys in both subsets it plays; "weak" buys in one of two; "blind" plays no-evv.
    await storeRun(store, "good", "full", [
      buildTrajectory({ assistant: "good", subset: 0, turns: [turn], cart: ["sm-019"], judge: JUDGE }),
      buildTrajectory({ assistant: "good", subset: 1, turns: [turn], cart: ["sm-019"], judge: JUDGE }),
    ]);
    await storeRun(store, "weak", "full", [
      buildTrajectory({ assistant: "weak", subset: 0, turns: [turn], cart: ["sm-019"] }),
      buildTrajectory({ assistant: "weak", subset: 1, turns: [turn, turn], reason: "turn_limit" }),
    ]);
    await storeRun(store, "blind", "no-evv", [
      buildTrajectory({ assistant: "blind", subset: 1, turns: [turn], reason: "turn_limit" }),
    ]);
  });
  afterAll(() => store.close());

  it("lays the report's cohorts out as Table 3: grouped columns, a row per assistant and condition, the best in bold", async () => {
    const board = await new Leaderboards(() => store).view({});
    expect([...new Set(board.columns.map((c) => c.group))]).toEqual([
      "Outcome",
      "Navigation",
      "Recommendation",
      "Dialogue (LLM judge, 1–5)",
    ]);
    expect(board.columns.filter((c) => c.group.startsWith("Dialogue"))).toHaveLength(7);
    expect(board.stores.map((s) => s.name)).toEqual(["Supermarket"]);
    const rows = board.stores[0]!.rows;
    expect(rows.map((r) => [r.assistant, r.condition, r.episodes])).toEqual([
      ["blind", "no-evv", 1],
      ["good", "full", 2],
      ["weak", "full", 2],
    ]);
    const good = rows.find((r) => r.assistant === "good")!;
    expect(good.cells.sr).toMatchObject({ value: 100, text: "100.0", best: true });
    expect(rows.find((r) => r.assistant === "weak")!.cells.sr).toMatchObject({ value: 50, best: false });
    // Turn is not ranked; the judge's scores show with two decimals.
    expect(rows.every((r) => !r.cells.turn!.best)).toBe(true);
    expect(good.cells.overall?.text).toBe("4.00");
    expect(board.options).toEqual({
      stores: ["supermarket"],
      conditions: ["full", "no-evv"],
      subsets: [0, 1, 2, 3],
    });
    expect(board.charts.map((c) => c.name)).toEqual([
      "success-by-turn",
      "delta-cgv",
      "dialogue-actions",
      "navigate-suggestions",
      "termination-reasons",
      "dialogue-quality",
    ]);
  });

  it("filters by condition and subset, and draws the charts of what it shows", async () => {
    const boards = new Leaderboards(() => store);
    const full = await boards.view({ condition: "full" });
    expect(full.stores[0]!.rows.map((r) => r.assistant)).toEqual(["good", "weak"]);
    expect(full.charts[0]!.url).toBe("/api/leaderboard/charts/success-by-turn.svg?condition=full");
    const one = await boards.view({ subset: 1 });
    expect(one.stores[0]!.rows.map((r) => [r.assistant, r.cells.sr!.value])).toEqual([
      ["blind", 0],
      ["good", 100],
      ["weak", 0],
    ]);
    expect(await boards.chart({ condition: "full" }, "success-by-turn")).toMatch(/^<svg/);
    expect(await boards.chart({}, "no-such-chart")).toBeUndefined();
    expect((await boards.view({ store: "home-furnishings" })).stores).toEqual([]);
  });

  it("makes one human shopper row of a study's participants, as siturec report does", async () => {
    const dir = mkdtempSync(join(tmpdir(), "siturec-leaderboard-study-"));
    const studyStore = openRunStore(dir);
    try {
      const study = { id: "pilot" } as Parameters<typeof interactionRun>[0];
      for (const code of ["P1", "P2", "P3"]) {
        const t = buildTrajectory({
          assistant: "good",
          subset: 0,
          turns: [{ ranking: ["sm-019"] }],
          cart: ["sm-019"],
        });
        const played = {
          ...t,
          header: { ...t.header, agents: { ...t.header.agents, user: `human-${code}` } },
        };
        await storeRun(studyStore, interactionRun(study, code, 0), "full", [played]);
      }
      await storeRun(studyStore, "simulated", "full", [
        buildTrajectory({ assistant: "good", subset: 0, turns: [{ ranking: ["sm-019"] }] }),
      ]);
      const board = await new Leaderboards(() => studyStore).view({});
      const rows = board.stores[0]!.rows.map((r) => [r.assistant, r.shopper, r.episodes, r.runs.length]);
      expect(rows).toEqual([
        ["good", "human · study pilot", 3, 3],
        ["good", "rule", 1, 1],
      ]);
      const trajectories: Trajectory[] = [];
      for (const run of await studyStore.listRuns())
        for await (const t of studyStore.trajectories(run.id)) trajectories.push(t);
      expect(evaluate(trajectories).map((c) => [c.assistant, c.shopper, c.episodes, c.runs.length])).toEqual(
        rows,
      );
    } finally {
      await studyStore.close();
    }
  });

  it("takes its filters from a query, refusing what is not one", () => {
    expect(LeaderboardQuery.parse({ store: "supermarket", subset: "2", condition: "" })).toEqual({
      store: "supermarket",
      subset: 2,
    });
    for (const bad of [{ subset: "4" }, { store: "<script>" }, { sort: "sr" }])
      expect(LeaderboardQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
