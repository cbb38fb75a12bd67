import { describe, expect, it } from "vitest";
import { createStudy, newRecord } from "../create-study.js";
import type { QuestionnaireAnswers, Study } from "../study-spec.js";
import type { HumanTrajectory } from "../study-trajectories.js";
import { humanAgreement } from "./human-agreement.js";
import { episode, ratings, taskIds } from "./testing/study-fixture.js";

const [A, B, C] = ["reference", "openai:gpt-4o", "anthropic:claude-sonnet-4-5"] as const;
const study: Study = createStudy({
  id: "pilot",
  assistants: [A, B, C],
  tasks: taskIds(2),
  participants: ["P01", "P02"],
  token: (code) => `${code}`.padEnd(32, "x"),
});

const answers = (overall: number): QuestionnaireAnswers => ({ ratings: ratings(overall), comment: "" });

/** Every interaction of the study played: `success` and judge/questionnaire overall ratings per assistant. */
function played(
  spec: Record<string, { success: (task: number) => boolean; judge?: number; answer?: number }>,
) {
  return study.participants.flatMap((p) => {
    const record = newRecord(study, p);
    return record.interactions.map((interaction): HumanTrajectory => {
      const a = study.assistants[interaction.assistant]!;
      const s = spec[(["a", "b", "c"] as const)[interaction.assistant]!]!;
      const task = study.tasks.indexOf(interaction.task);
      return {
        record,
        interaction: {
          ...interaction,
          status: s.answer ? "done" : "questionnaire",
          ...(s.answer ? { answers: answers(s.answer) } : {}),
        },
        trajectory: episode(interaction.run, interaction.task, {
          assistant: a,
          success: s.success(task),
          subset: task,
          ...(s.judge ? { judge: ratings(s.judge) } : {}),
        }),
      };
    });
  });
}

const sim = (
  run: string,
  assistant: string,
  outcomes: { success: boolean; subset?: number; judge?: number }[],
) => ({
  run,
  trajectories: outcomes.map((o, i) =>
    episode(run, `t${i}`, {
      assistant,
      success: o.success,
      subset: o.subset ?? 0,
      ...(o.judge ? { judge: ratings(o.judge) } : {}),
    }),
  ),
});

const human = played({
  a: { success: (t) => t === 0, judge: 4, answer: 5 },
  b: { success: () => true, judge: 4, answer: 3 },
  c: { success: () => false, judge: 2, answer: 1 },
});
const sims = [
  sim("sim-a", A, [
    { success: true, judge: 3 },
    { success: false, judge: 3 },
  ]),
  sim("sim-b", B, [{ success: true, judge: 5 }]),
  // Two runs of c are pooled: 1 of 4 bought.
  sim("sim-c1", C, [
    { success: true, judge: 1 },
    { success: false, judge: 1 },
  ]),
  sim("sim-c2", C, [
    { success: false, judge: 1 },
    { success: false, judge: 1 },
  ]),
];

describe("humanAgreement (Table 4)", () => {
  it("matches runs to assistants by id, pools a cohort's runs and correlates the means (hand-computed)", () => {
    const a = humanAgreement({ study, human, sim: sims });
    expect(a.assistants).toEqual([A, B, C]);
    const [ra, rb, rc] = a.table4.rows;
    const rows = { a: ra, b: rb, c: rc };
    expect(rows.a!.human).toMatchObject({ trajectories: 4, judged: 4, means: { sr: 50, overall: 4 } });
    expect(rows.b!.human.means.sr).toBe(100);
    expect(rows.c!.human.means.sr).toBe(0);
    expect(rows.c!.sim).toMatchObject({ trajectories: 4, runs: ["sim-c1", "sim-c2"], means: { sr: 25 } });
    // SR: human 50, 100, 0 vs simulated 50, 100, 25: r = 3750 / √(5000 · 2916.67), same order.
    expect(a.table4.correlations.sr.pearson).toBeCloseTo(3750 / Math.sqrt(5000 * (8750 / 3)), 10);
    expect(a.table4.correlations.sr.spearman).toBeCloseTo(1, 12);
    // Overall: human 4, 4, 2 (a tie) vs simulated 3, 5, 1: both √3/2.
    expect(a.table4.correlations.overall).toEqual({
      n: 3,
      pearson: expect.closeTo(Math.sqrt(3) / 2, 12),
      spearman: expect.closeTo(Math.sqrt(3) / 2, 12),
    });
    // The other dimensions are 3 everywhere: undefined, not NaN.
    expect(a.table4.correlations.naturalness).toEqual({ n: 3, pearson: null, spearman: null });
    expect(a.notes).toEqual([]);
  });

  it("averages all human trajectories, and the simulated ones over the four subsets when they cover them", () => {
    const covering = played({
      a: { success: (t) => t === 0 },
      b: { success: () => true },
      c: { success: () => false },
    });
    // Human trajectories of a cover two subsets only here, so pooled either way; simulated: 4 subsets.
    const subsets = sim("sim-a", A, [
      { success: true, subset: 0 },
      { success: false, subset: 0 },
      { success: true, subset: 1 },
      { success: true, subset: 2 },
      { success: true, subset: 3 },
    ]);
    const a = humanAgreement({ study, human: covering, sim: [subsets, sims[1]!, sims[2]!] });
    const row = a.table4.rows.find((r) => r.assistant === A)!;
    expect(row.sim).toMatchObject({ bySubsets: true, means: { sr: 87.5 } });
    expect(row.human).toMatchObject({ bySubsets: false, means: { sr: 50 } });
  });

  it("says what is missing: unmatched assistants, judge scores, too few assistants", () => {
    const unjudged = played({
      a: { success: () => true },
      b: { success: () => true },
      c: { success: () => false },
    });
    const a = humanAgreement({
      study,
      human: unjudged,
      sim: [sims[0]!, sims[1]!, sim("sim-x", "x", [{ success: true }])],
    });
    expect(a.assistants).toEqual([A, B]);
    expect(a.unmatched).toEqual({ study: [C], sim: [{ run: "sim-x", assistant: "x" }] });
    expect(a.table4.correlations.sr).toEqual({ n: 2, pearson: null, spearman: null });
    expect(a.table4.rows[0]!.human.means.sr).toBe(100);
    expect(a.table4.rows[0]!.human.means.overall).toBeNull();
    expect(a.notes.join("\n")).toContain(
      "no judge scores on the study's human trajectories: run `siturec judge --study pilot --model ID` first",
    );
    expect(a.notes.join("\n")).toContain("correlations need at least 3");
    expect(a.notes.join("\n")).toContain("run sim-x played x, not one of the study's assistants");
    expect(a.notes.join("\n")).toContain("no questionnaire answers yet");
  });

  it("refuses when nothing can be compared", () => {
    expect(() => humanAgreement({ study, human, sim: [sim("sim-x", "x", [{ success: true }])] })).toThrow(
      /no assistant in common: the study has reference, openai:gpt-4o, anthropic:claude-sonnet-4-5; the runs played x/,
    );
    const mixed = { run: "mixed", trajectories: [...sims[0]!.trajectories, ...sims[1]!.trajectories] };
    expect(() => humanAgreement({ study, human, sim: [mixed] })).toThrow(/run mixed holds 2 assistants/);
    expect(() => humanAgreement({ study, human: [], sim: sims })).toThrow(/no finished interactions yet/);
  });
});

describe("humanAgreement (Figure 5)", () => {
  it("compares questionnaire and judge means on the same rated trajectories, per dimension", () => {
    const f = humanAgreement({ study, human, sim: sims }).figure5;
    expect(
      f.rows.map((r) => [r.assistant, r.answered, r.judged, r.questionnaire.overall, r.judge.overall]),
    ).toEqual([
      [A, 4, 4, 5, 4],
      [B, 4, 4, 3, 4],
      [C, 4, 4, 1, 2],
    ]);
    // Questionnaire 5, 3, 1 vs judge 4, 4, 2 (a tie): r = ρ = √3/2.
    expect(f.correlations.overall.pearson).toBeCloseTo(Math.sqrt(3) / 2, 12);
    expect(f.correlations.overall.spearman).toBeCloseTo(Math.sqrt(3) / 2, 12);
    expect(f.correlations.informativeness.pearson).toBeNull();
  });

  it("leaves unanswered interactions out of the questionnaire means", () => {
    const some = played({
      a: { success: () => true, judge: 4, answer: 5 },
      b: { success: () => true, judge: 4 },
      c: { success: () => false, judge: 2, answer: 1 },
    });
    const f = humanAgreement({ study, human: some, sim: sims }).figure5;
    expect(f.rows[1]).toMatchObject({
      assistant: B,
      answered: 0,
      judged: 0,
      questionnaire: { overall: null },
    });
    expect(f.correlations.overall.n).toBe(2);
  });
});
