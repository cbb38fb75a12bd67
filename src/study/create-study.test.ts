import { describe, expect, it } from "vitest";
import { useTempEnvDir } from "../core/testing/temp-dirs.js";
import { cyclicAssignment, humanEvalAssignments, humanEvalSample } from "../tasks/subsets.js";
import { loadTaskBank } from "../tasks/task-bank-file.js";
import { createStudy, interactionsOf, sampleTasks } from "./create-study.js";
import { studyRunConfig } from "./study-run-config.js";

describe("a study as the paper builds it (Appendix C.2)", () => {
  it("samples five supermarket tasks with seed 42: the same five every time, all different, from the bank", () => {
    const a = sampleTasks("supermarket", 5, 42);
    expect(a).toEqual(sampleTasks("supermarket", 5, 42));
    expect(new Set(a).size).toBe(5);
    const ids = new Set(loadTaskBank("supermarket").tasks.map((t) => t.id));
    expect(a.every((t) => ids.has(t))).toBe(true);
    expect(sampleTasks("supermarket", 5, 43)).not.toEqual(a);
  });

  it("assigns adjacent pairs cyclically: with five participants, each task is played by two of them", () => {
    const pairs = cyclicAssignment(["t1", "t2", "t3", "t4", "t5"], 5, 2);
    expect(pairs).toEqual([
      ["t1", "t2"],
      ["t2", "t3"],
      ["t3", "t4"],
      ["t4", "t5"],
      ["t5", "t1"],
    ]);
    const counts = new Map<string, number>();
    for (const t of pairs.flat()) counts.set(t, (counts.get(t) ?? 0) + 1);
    expect([...counts.values()]).toEqual([2, 2, 2, 2, 2]);
  });

  it("blinds each participant: letters and orders are permutations, seeded, varying across participants", () => {
    const assistants = [
      "reference",
      "openai:gpt-4o",
      "anthropic:claude-sonnet-4-5",
      "google:gemini-2.5-pro",
      "openai:o3",
    ];
    const study = createStudy({ id: "s", assistants });
    const again = createStudy({ id: "s", assistants });
    expect(study.tasks).toEqual(sampleTasks("supermarket", 5, 42));
    expect(study.participants.map((p) => p.code)).toEqual(["P1", "P2", "P3", "P4", "P5"]);
    // The same sample and pairs as `siturec tasks human-eval`.
    expect(study.participants.map((p) => ({ participant: p.code, tasks: p.tasks }))).toEqual(
      humanEvalAssignments(loadTaskBank("supermarket")),
    );
    for (const [k, p] of study.participants.entries()) {
      expect([...p.letters].sort()).toEqual(["A", "B", "C", "D", "E"]);
      for (const order of p.order) expect([...order].sort()).toEqual([0, 1, 2, 3, 4]);
      expect(p.letters).toEqual(again.participants[k]!.letters);
      expect(p.order).toEqual(again.participants[k]!.order);
      expect(p.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(p.token).not.toBe(again.participants[k]!.token);
    }
    expect(new Set(study.participants.map((p) => p.letters.join(""))).size).toBeGreaterThan(1);
    expect(new Set(study.participants.map((p) => p.order[0]!.join(""))).size).toBeGreaterThan(1);
    // Ten interactions each: both tasks, every assistant on each, in the participant's order.
    const interactions = interactionsOf(study, study.participants[0]!);
    expect(interactions).toHaveLength(10);
    expect(interactions.slice(0, 5).map((i) => i.assistant)).toEqual(study.participants[0]!.order[0]);
    expect(new Set(interactions.map((i) => i.run)).size).toBe(5);
  });

  it("refuses unknown tasks and assistants, naming them", () => {
    expect(() => createStudy({ id: "s", assistants: ["reference"], tasks: ["sm-99.9"] })).toThrow(/sm-99.9/);
    expect(() => createStudy({ id: "s", assistants: ["nobody"] })).toThrow(/nobody/);
    expect(() => createStudy({ id: "Bad Id", assistants: ["reference"] })).toThrow(/study id/);
    expect(() => createStudy({ id: "s", env: "grocer", assistants: ["reference"] })).toThrow(
      /env: no store 'grocer'; .*seeded variant such as supermarket@1000/,
    );
  });
});

describe("a study in a seeded variant", () => {
  const root = useTempEnvDir("SITUREC_VARIANTS_DIR", "study-variants");

  it("samples the variant's own bank and records the variant as its store", () => {
    const study = createStudy({ id: "s", env: "supermarket@1000", assistants: ["reference"] });
    expect(study.env).toBe("supermarket@1000");
    expect(study.tasks).toEqual(humanEvalSample(loadTaskBank("supermarket@1000"), 42, 5));
    // The sample draws ids as in any bank; behind them are the variant's tasks, not the store's.
    const request = (env: string, id: string) =>
      loadTaskBank(env).tasks.find((t) => t.id === id)!.goal.request;
    for (const id of study.tasks)
      expect(request("supermarket@1000", id)).not.toBe(request("supermarket", id));
    const run = studyRunConfig(study, study.participants[0]!, 0, root());
    expect(run.env).toBe("supermarket@1000");
    expect(() =>
      createStudy({ id: "s", env: "supermarket@1000", assistants: ["reference"], tasks: ["sm-99.9"] }),
    ).toThrow(/no task sm-99.9 in the supermarket@1000 bank/);
  });
});
