import { beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import type { RunEvaluation } from "../eval/customersim/evaluate-customersim-run.js";
import { openRunStore } from "../storage/open-run-store.js";
import type { RunStore } from "../storage/run-store.js";
import { CustomerSimLeaderboards } from "../web/customersim-leaderboard.js";
import type { CustomerSimBoardRow } from "../web/customersim-leaderboard-types.js";
import { runCli } from "./testing/run-cli.js";

/**
 * The viewer's CustomerSim leaderboard (src/web/customersim-leaderboard.ts) against the command line:
 * its figures are `siturec customersim evaluate --json`'s, run for run. Here (cli/) because it runs
 * the commands; the viewer's module is the subject.
 */
const tmp = tempDirs("customersim-board");

async function play(dir: string, runId: string, ...flags: string[]) {
  const r = await runCli("customersim", "run", "--out", dir, "--run-id", runId, "--quiet", ...flags);
  expect(r.code, r.err).toBe(0);
}

/**
 * A copy of a run's conversations as another run: a human-steered shopper's, or one against a model
 * salesperson (no model here can play either).
 */
async function copyRun(dir: string, from: string, runId: string, as: "steered" | "model-sales") {
  const store = openRunStore(dir);
  try {
    const run = (await store.getRun(from))!;
    const config = run.config as Record<string, string>;
    const steering = as === "steered" ? "human" : (config.steering ?? "none");
    const shopper = as === "steered" ? `${config.shopper}+human-steering` : config.shopper!;
    const sales = as === "model-sales" ? "openai:gpt-4o" : config.sales!;
    await store.createRun({
      id: runId,
      benchmark: "customersim",
      identity: runId,
      config: { ...config, shopper, sales, steering },
      identityParts: {},
      planned: run.planned,
    });
    let position = 0;
    for await (const e of store.storedEpisodes(from)) {
      const c = e as unknown as {
        header: { runId: string; env: string; task: { id: string }; agents: Record<string, string> };
        turns: { turn: number }[];
        outcome: unknown;
      };
      const header = { ...c.header, runId, steering, agents: { ...c.header.agents, shopper, sales } };
      await store.startEpisode(header, position++, "a");
      for (const [i, turn] of c.turns.entries())
        await store.writeTurn(header, turn, i === c.turns.length - 1 ? (c.outcome as never) : undefined, "a");
    }
    await store.setRunStatus(runId, "complete");
  } finally {
    await store.close();
  }
}

describe("the CustomerSim leaderboard", () => {
  const dir = tmp();
  let store: RunStore;

  beforeAll(async () => {
    await play(
      dir,
      "rule-ref",
      "--shopper",
      "rule",
      "--sales",
      "reference",
      "--category",
      "female-clothing",
      "--personas",
      "0:10",
    );
    await play(
      dir,
      "walk-ref",
      "--shopper",
      "walk-out",
      "--sales",
      "reference",
      "--category",
      "female-clothing",
      "--personas",
      "0:10",
    );
    await play(
      dir,
      "rule-pushy",
      "--shopper",
      "rule",
      "--sales",
      "pushy",
      "--category",
      "laptops",
      "--personas",
      "0:8",
    );
    await copyRun(dir, "rule-ref", "rule-ref-steered", "steered");
    await copyRun(dir, "rule-pushy", "rule-gpt", "model-sales");
    store = openRunStore(dir, { readonly: true });
    return () => store.close();
  });

  it("has exactly the figures of `customersim evaluate --json`, run for run", async () => {
    const ids = ["rule-ref", "walk-ref", "rule-pushy", "rule-ref-steered", "rule-gpt"];
    const cli = await runCli("customersim", "evaluate", ...ids, "--dir", dir, "--json");
    expect(cli.code, cli.err).toBe(0);
    const evaluated = (JSON.parse(cli.out) as { runs: RunEvaluation[] }).runs;
    const board = await new CustomerSimLeaderboards(() => store).view();
    expect(board.skipped).toEqual([]);
    expect(board.rows.map((r) => r.run).sort()).toEqual([...ids].sort());
    for (const e of evaluated) {
      const row = board.rows.find((r) => r.run === e.run)!;
      const cats = Object.keys(e.byCategory) as (keyof typeof e.byCategory)[];
      const per = (k: "da" | "end" | "fmt") => ({
        overall: e.overall[k],
        byCategory: Object.fromEntries(
          board.categories.map((c) => [
            c.id,
            cats.includes(c.id as never) ? e.byCategory[c.id as never]![k] : null,
          ]),
        ),
      });
      expect(row, e.run).toMatchObject({
        shopper: e.shopper,
        sales: e.sales,
        steering: e.steering,
        conversations: e.overall.conversations,
        da: per("da"),
        end: per("end"),
        fmt: per("fmt"),
        crit: e.overall.crit,
        cpl: e.overall.cpl,
        red: e.overall.red,
        floors: e.overall.floors,
        shownAcceptable: {
          shown: e.overall.shownAcceptable!.shown,
          feasible: e.overall.shownAcceptable!.feasible,
        },
      });
    }
    expect(board.conversations).toBe(evaluated.reduce((s, e) => s + e.overall.conversations, 0));
  });

  it("lays the rows out as Table 1: a block per salesperson, a backbone's steered run under it, the best DA marked", async () => {
    const board = await new CustomerSimLeaderboards(() => store).view();
    expect(board.categories.map((c) => c.label)).toEqual(["Female Clothing", "Laptops"]);
    const line = (r: CustomerSimBoardRow) => [r.sales, r.backbone, r.steering, r.label];
    expect(board.rows.map(line)).toEqual([
      ["reference", "rule", "none", "rule vs reference"],
      ["reference", "rule", "human", "rule+human-steering + Human Steering vs reference"],
      ["reference", "walk-out", "none", "walk-out vs reference"],
      ["pushy", "rule", "none", "rule vs pushy"],
      ["openai:gpt-4o", "rule", "none", "rule vs openai:gpt-4o"],
    ]);
    const [rule, steered, walk, pushy, gpt] = board.rows;
    // The rule shopper decides right every time; the walk-out floor does not: second best.
    expect(rule!.daRank).toEqual({ "female-clothing": 1, overall: 1 });
    expect(steered!.daRank).toEqual({ "female-clothing": 1, overall: 1 });
    expect(walk!.da.overall).toBeLessThan(1);
    expect(walk!.daRank).toEqual({ "female-clothing": 2, overall: 2 });
    // Alone against its salesperson: nothing to rank it against.
    expect(pushy!.daRank).toEqual({});
    // Built-in salespeople's floors are played here; a model's come from floor runs, or are missing.
    expect(board.rows.slice(0, 4).map((r) => r.floorSource)).toEqual([null, null, null, null]);
    expect(gpt!.floors).toEqual({ walkOut: null, buyFirst: null });
    expect(gpt!.floorSource).toContain(
      "walk-out missing (siturec customersim run --shopper walk-out --sales openai:gpt-4o",
    );
  });

  it("is evaluated once until a CustomerSim run changes", async () => {
    const boards = new CustomerSimLeaderboards(() => store);
    const first = await boards.view();
    expect(await boards.view()).toBe(first);
    await play(
      dir,
      "rule-ref-2",
      "--shopper",
      "rule",
      "--sales",
      "reference",
      "--category",
      "games",
      "--personas",
      "0:3",
    );
    const next = await boards.view();
    expect(next).not.toBe(first);
    expect(next.rows.map((r) => r.run)).toContain("rule-ref-2");
    expect(next.categories.map((c) => c.id)).toContain("games");
  });
});
