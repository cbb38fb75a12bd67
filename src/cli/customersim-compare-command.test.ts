import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../core/testing/temp-dirs.js";
import { runCli } from "./testing/run-cli.js";

const tmp = tempDirs("customersim-compare");

interface CompareJson {
  a: { run: string; shopper: string };
  b: { run: string; shopper: string };
  personas: number;
  onlyA: number;
  onlyB: number;
  permutations: number;
  seed: number;
  metrics: {
    metric: string;
    pairs: number;
    meanA: number;
    meanB: number;
    difference: number;
    p: number;
    permutations: number;
    exact: boolean;
  }[];
}

describe("siturec customersim compare, and the DA floors of evaluate", () => {
  const dir = tmp();
  const play = async (shopper: string, runId: string, personas = "0:12") => {
    const r = await runCli(
      "customersim",
      "run",
      ...["--shopper", shopper, "--sales", "reference", "--category", "games", "--personas", personas],
      ...["--out", dir, "--run-id", runId, "--quiet"],
    );
    expect(r.code, r.err).toBe(0);
  };

  it("shows the walk-out and buy-first floors and the shown share beside DA", async () => {
    await play("rule", "rule-ref");
    await play("walk-out", "walkout-ref");
    await play("buy-first", "buyfirst-ref", "0:10");
    const r = await runCli("customersim", "evaluate", "rule-ref", "--dir", dir, "--json");
    expect(r.code, r.err).toBe(0);
    const [run] = JSON.parse(r.out).runs;
    expect(run.floors.sales).toBe("reference");
    expect(run.floors.walkOut.kind).toBe("played");
    // The floors played on demand are the DA of the floor runs themselves.
    const floorRun = async (id: string) =>
      JSON.parse((await runCli("customersim", "evaluate", id, "--dir", dir, "--json")).out).runs[0];
    expect(run.overall.floors.walkOut).toBe((await floorRun("walkout-ref")).overall.da);
    expect(run.byCategory.games.floors).toEqual(run.overall.floors);
    expect(run.overall.shownAcceptable.feasible).toBeGreaterThan(0);
    expect(run.overall.shownAcceptable.shown).toBeLessThanOrEqual(run.overall.shownAcceptable.feasible);
    const text = await runCli("customersim", "evaluate", "rule-ref", "--dir", dir);
    expect(text.out).toMatch(/DA floors against reference on the same personas/);
    expect(text.out).toMatch(/walk-out \(leaves after the first recommendation\) played here/);
  });

  it("compares two runs persona by persona: difference, permutation p, Cohen's d", async () => {
    const r = await runCli("customersim", "compare", "rule-ref", "walkout-ref", "--dir", dir, "--json");
    expect(r.code, r.err).toBe(0);
    const c = JSON.parse(r.out) as CompareJson;
    expect(c).toMatchObject({ personas: 12, onlyA: 0, onlyB: 0, permutations: 10_000, seed: 0 });
    expect(c.a).toMatchObject({ run: "rule-ref", shopper: "rule" });
    const da = c.metrics.find((m) => m.metric === "da")!;
    expect(da.meanA).toBe(1);
    expect(da.difference).toBeCloseTo(da.meanA - da.meanB, 12);
    // The walk-out shopper states no criterion: Crit. drops for every persona. 2^12 sign patterns
    // are fewer than 10,000, so p is exact: only "no flip" and "all flipped" are as extreme.
    const crit = c.metrics.find((m) => m.metric === "crit")!;
    expect(crit).toMatchObject({ meanB: 0, p: 2 / 4096, permutations: 4096, exact: true });
    // Same seed, same output.
    const again = await runCli("customersim", "compare", "rule-ref", "walkout-ref", "--dir", dir, "--json");
    expect(again.out).toBe(r.out);
    const text = await runCli("customersim", "compare", "rule-ref", "buyfirst-ref", "--dir", dir);
    expect(text.out).toMatch(/10 personas played by both \(left out: 2 only in A, 0 only in B\)/);
    expect(text.out).toMatch(/METRIC\s+PAIRS\s+A\s+B\s+A − B\s+P\s+D\s+D_Z/);
    expect(text.out).toMatch(/^Crit\.\s+10\s+/m);
    expect(text.out).toMatch(/paired permutation test/);
  });

  it("refuses runs that share no persona", async () => {
    await play("walk-out", "other-personas", "20:22");
    const r = await runCli("customersim", "compare", "rule-ref", "other-personas", "--dir", dir);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/share no persona/);
  });

  it("compares a category with RecQuest's dialogues of its domain, and says which have none", async () => {
    const human = tmp();
    const dialogue = (domain: string, text: string) =>
      JSON.stringify({ domain, messages: [{ role: "human", content: text }] });
    writeFileSync(join(human, "a.json"), dialogue("smartwatch", "A watch with GPS, under $300."));
    writeFileSync(join(human, "b.json"), dialogue("bicycle", "Hello!"));
    const run = await runCli(
      "customersim",
      "run",
      ...["--shopper", "rule", "--sales", "reference", "--category", "smart-watches", "--personas", "0:2"],
      ...["--out", dir, "--run-id", "rule-watches", "--quiet"],
    );
    expect(run.code, run.err).toBe(0);
    const evaluate = (...more: string[]) =>
      runCli(
        "customersim",
        "evaluate",
        "rule-ref",
        "rule-watches",
        "--dir",
        dir,
        "--human-baseline",
        human,
        ...more,
      );
    const json = JSON.parse((await evaluate("--json")).out);
    const [games, watches] = json.runs;
    expect(watches.byCategory["smart-watches"].human).toEqual({
      crit: 2,
      cpl: 0,
      red: null,
      scope: "category",
    });
    expect(games.byCategory.games.human).toMatchObject({ crit: 1, scope: "all" });
    expect(json.human.byCategory).toEqual({ "smart-watches": 1, bicycle: 1 });
    const text = (await evaluate()).out;
    expect(text).toMatch(/compared per category: smart-watches with its 1 dialogues/);
    expect(text).toMatch(
      /no RecQuest counterpart \(compared with all 2\): female-clothing, male-clothing, laptops, games/,
    );
  });
});
