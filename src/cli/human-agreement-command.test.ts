import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { openRunStore } from "../storage/open-run-store.js";
import { episode, ratings, seedStudy, storeRun } from "../study/agreement/testing/study-fixture.js";
import { runCli } from "./testing/run-cli.js";

const [A, B, C] = ["reference", "openai:gpt-4o", "anthropic:claude-sonnet-4-5"] as const;
const answers = (overall: number) => ({ ratings: ratings(overall), comment: "" });
let dir: string;

/** Human: A buys on the first task only, B always, C never; judge overall 4, 4, 2; questionnaire 5, 3, 1. */
const human = { [A]: [50, 4, 5], [B]: [100, 4, 3], [C]: [0, 2, 1] } as const;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "siturec-agreement-"));
  const store = openRunStore(dir);
  try {
    await seedStudy(store, "pilot", [A, B, C], (assistant, _code, task) => {
      const [sr, judge, answer] = human[assistant as keyof typeof human];
      return {
        success: sr === 100 || (sr === 50 && task.endsWith(".1")),
        judge: ratings(judge),
        answers: answers(answer),
      };
    });
    // The same study played but never judged nor rated.
    await seedStudy(store, "unjudged", [A, B, C], (assistant) => ({ success: assistant !== C }));
    const sim = (run: string, assistant: string, outcomes: [boolean, number][]) =>
      storeRun(
        store,
        run,
        outcomes.map(([success, judge], i) =>
          episode(run, `sm-0${i + 1}.1`, { assistant, success, judge: ratings(judge) }),
        ),
      );
    await sim("sim-a", A, [
      [true, 3],
      [false, 3],
    ]);
    await sim("sim-b", B, [[true, 5]]);
    await sim("sim-c1", C, [
      [true, 1],
      [false, 1],
    ]);
    await sim("sim-c2", C, [
      [false, 1],
      [false, 1],
    ]);
    await sim("sim-x", "google:gemini-2.5-pro", [[true, 3]]);
  } finally {
    await store.close();
  }
});

const agreement = (...args: string[]) => runCli("human-agreement", ...args, "--dir", dir);
const SIMS = ["--sim", "sim-a", "sim-b", "sim-c1", "sim-c2"];

describe("siturec human-agreement", () => {
  it("prints Table 4 and Figure 5 with sample sizes", async () => {
    const r = await agreement("pilot", ...SIMS);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("study pilot · supermarket · full · 3 of 3 assistants matched");
    expect(r.out).toMatch(/PEARSON \(R\)\s+0\.982\s+/i);
    expect(r.out).toMatch(/reference\s+human\s+4\s+4\s+50\.0/);
    expect(r.out).toMatch(/anthropic:claude-sonnet-4-5\s+simulated\s+4\s+4\s+25\.0/);
    expect(r.out).toMatch(/reference\s+questionnaire\s+4\s+3\.00/);
    expect(r.err).toBe("");
  });

  it("--json prints one object: matched assistants, both tables' means and coefficients, notes", async () => {
    const r = await agreement("pilot", ...SIMS, "--json");
    expect(r.code, r.err).toBe(0);
    const a = JSON.parse(r.out);
    expect(Object.keys(a)).toEqual([
      "study",
      "env",
      "condition",
      "assistants",
      "unmatched",
      "table4",
      "figure5",
      "notes",
    ]);
    expect(a.assistants).toEqual([A, B, C]);
    expect(a.table4.metrics).toEqual([
      "sr",
      "afr",
      "lnsr",
      "r_at_5",
      "ndcg_at_10",
      "overall",
      "informativeness",
      "naturalness",
      "groundedness",
      "preference_alignment",
      "proactiveness",
      "non_repetition",
    ]);
    expect(a.table4.rows[2]).toMatchObject({
      assistant: C,
      human: { trajectories: 4, judged: 4, runs: expect.any(Array), judgeModels: ["test"], bySubsets: false },
      sim: { trajectories: 4, runs: ["sim-c1", "sim-c2"], means: { sr: 25, overall: 1 } },
    });
    expect(a.table4.correlations.sr.pearson).toBeCloseTo(3750 / Math.sqrt(5000 * (8750 / 3)), 10);
    expect(a.table4.correlations.overall.spearman).toBeCloseTo(Math.sqrt(3) / 2, 12);
    expect(a.figure5.dimensions).toHaveLength(7);
    expect(a.figure5.rows[0]).toMatchObject({ assistant: A, answered: 4, judged: 4 });
    expect(a.figure5.correlations.overall).toEqual({
      n: 3,
      pearson: expect.closeTo(Math.sqrt(3) / 2, 12),
      spearman: expect.closeTo(Math.sqrt(3) / 2, 12),
    });
    expect(a.notes).toEqual([]);
  });

  it("--out writes table4.md/.csv, figure5.md/.csv and the figure as SVG", async () => {
    const out = join(dir, "agreement");
    const r = await agreement("pilot", ...SIMS, "--out", out);
    expect(r.code, r.err).toBe(0);
    for (const f of ["table4.md", "table4.csv", "figure5.md", "figure5.csv", "figure5.svg"])
      expect(existsSync(join(out, f)), f).toBe(true);
    expect(readFileSync(join(out, "figure5.svg"), "utf8")).toMatch(/^<svg/);
    expect(readFileSync(join(out, "table4.md"), "utf8")).toContain("| Coefficient | SR | AFR |");
    const csv = readFileSync(join(out, "table4.csv"), "utf8").trim().split("\n");
    expect(csv[0]).toBe(
      "kind,assistant,trajectories,judged,sr,afr,lnsr,r_at_5,ndcg_at_10,overall,informativeness,naturalness,groundedness,preference_alignment,proactiveness,non_repetition",
    );
    expect(csv.map((l) => l.split(",")[0])).toEqual([
      "kind",
      "human",
      "sim",
      "human",
      "sim",
      "human",
      "sim",
      "pearson",
      "spearman",
      "assistants",
    ]);
    expect(readFileSync(join(out, "figure5.csv"), "utf8")).toContain(
      "questionnaire,reference,4,3,3,3,3,3,3,5",
    );
  });

  it("without judge scores: says to judge the study first, still prints the other metrics", async () => {
    const r = await agreement("unjudged", ...SIMS);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(
      "note: no judge scores on the study's human trajectories: run `siturec judge --study unjudged --model ID` first",
    );
    expect(r.out).toMatch(/reference\s+human\s+4\s+0\s+100\.0/);
    expect(r.err).toContain("no questionnaire answers yet");
  });

  it("with fewer than three assistants in common: correlations undefined, means printed", async () => {
    const r = await agreement("pilot", "--sim", "sim-a", "sim-b", "sim-x", "--json");
    expect(r.code, r.err).toBe(0);
    const a = JSON.parse(r.out);
    expect(a.unmatched).toEqual({ study: [C], sim: [{ run: "sim-x", assistant: "google:gemini-2.5-pro" }] });
    expect(a.table4.correlations.sr).toEqual({ n: 2, pearson: null, spearman: null });
    expect(a.table4.rows[1].human.means.sr).toBe(100);
    expect(r.err).toContain(
      "only 2 assistants in common with the simulated runs: correlations need at least 3",
    );
  });

  it("names what is wrong: unknown study, unknown run, no assistant in common, missing --sim", async () => {
    const unknown = await agreement("nope", ...SIMS);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain(`no study 'nope' in ${dir}`);
    expect(unknown.err).toContain("pilot, unjudged");
    const run = await agreement("pilot", "--sim", "sim-a", "missing");
    expect(run.code).toBe(2);
    expect(run.err).toContain("no run 'missing'");
    const none = await agreement("pilot", "--sim", "sim-x");
    expect(none.code).toBe(2);
    expect(none.err).toContain("no assistant in common");
    const flag = await runCli("human-agreement", "pilot", "--dir", dir);
    expect(flag.code).not.toBe(0);
    expect(flag.err).toContain("--sim");
  });
});
