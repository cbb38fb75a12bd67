import { beforeAll, describe, expect, it } from "vitest";
import type { TaskBank } from "../core/task.js";
import { loadEnvData } from "../envs/env-data.js";
import { isRoundBudget } from "./budget.js";
import { checkTaskBank, formatTaskProblem } from "./conflict-check.js";
import { generateTaskBank, type TaskSources } from "./generate-bank.js";
import { meetsLabels } from "./labels.js";
import { sentences } from "./request-text.js";
import { humanEvalAssignments } from "./subsets.js";
import { serializeTaskBank } from "./task-bank-file.js";
import { syntheticNeeds, syntheticRoles } from "./testing/synthetic-task-spec.js";

function sources(env: "supermarket" | "home-furnishings"): TaskSources {
  const d = loadEnvData(env);
  return {
    manifest: d.manifest,
    catalog: d.catalog,
    locationIndex: d.locationIndex,
    roles: syntheticRoles(d.manifest),
    needs: syntheticNeeds(d.catalog),
  };
}

let bank: TaskBank;
beforeAll(() => {
  bank = generateTaskBank("supermarket", sources("supermarket"), 7);
});

const problemsOf = (b: TaskBank) => checkTaskBank(b, loadEnvData(b.env)).map(formatTaskProblem);

describe("generateTaskBank", () => {
  it("builds 25 profiles with four tasks each", () => {
    expect(bank.profiles).toHaveLength(25);
    expect(bank.tasks).toHaveLength(100);
    for (const p of bank.profiles) expect(bank.tasks.filter((t) => t.profileId === p.id)).toHaveLength(4);
    expect(bank.tasks[5]!.id).toBe("sm-02.2");
  });

  it("keeps budgets above targets and round, and reference sets exact", () => {
    const products = new Map(loadEnvData("supermarket").catalog.products.map((p) => [p.id, p]));
    for (const t of bank.tasks) {
      const { budget, target, preferences, need } = t.goal;
      expect(budget.amount).toBeGreaterThan(target.price);
      expect(isRoundBudget(budget.amount, budget.increment)).toBe(true);
      expect(t.referenceItems).toContain(target.product);
      for (const id of t.referenceItems) {
        const p = products.get(id)!;
        expect(p.price).toBeLessThanOrEqual(budget.amount);
        expect(need.categories).toContain(p.category);
        expect(meetsLabels(p, preferences.required, preferences.unwanted)).toBe(true);
      }
    }
  });

  it("never repeats a request sentence", () => {
    const all = bank.tasks.flatMap((t) => sentences(t.goal.request));
    expect(new Set(all).size).toBe(all.length);
  });

  it("splits into four subsets that each cover every profile", () => {
    for (let s = 0; s < 4; s++) {
      const profiles = new Set(bank.tasks.filter((t) => t.subset === s).map((t) => t.profileId));
      expect(profiles.size).toBe(25);
    }
  });

  it("passes its own conflict check, and is deterministic per seed", () => {
    expect(problemsOf(bank)).toEqual([]);
    expect(serializeTaskBank(generateTaskBank("supermarket", sources("supermarket"), 7))).toBe(
      serializeTaskBank(bank),
    );
    const other = generateTaskBank("supermarket", sources("supermarket"), 8);
    expect(serializeTaskBank(other)).not.toBe(serializeTaskBank(bank));
    expect(problemsOf(other)).toEqual([]);
  });

  it("works for the furniture store too", () => {
    const hf = generateTaskBank("home-furnishings", sources("home-furnishings"), 3);
    expect(hf.tasks).toHaveLength(100);
    expect(problemsOf(hf)).toEqual([]);
  });

  it("samples five tasks for human evaluation, each for two participants", () => {
    const a = humanEvalAssignments(bank);
    expect(a).toHaveLength(5);
    const counts = new Map<string, number>();
    for (const x of a) for (const id of x.tasks) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts.values()]).toEqual([2, 2, 2, 2, 2]);
    expect(a[0]!.tasks[1]).toBe(a[1]!.tasks[0]);
    expect(a[4]!.tasks[1]).toBe(a[0]!.tasks[0]);
  });
});

describe("the conflict check refuses", () => {
  const mutate = (edit: (b: TaskBank) => void) => {
    const b = structuredClone(bank);
    edit(b);
    return problemsOf(b).join("\n");
  };

  it("a budget below the target's price", () => {
    const out = mutate((b) => {
      b.tasks[3]!.goal.budget.amount = 1;
    });
    expect(out).toContain(
      `${bank.tasks[3]!.id}: $.tasks[3].goal.budget.amount: 1 does not exceed the target's price`,
    );
  });

  it("a target that is not in the catalog", () => {
    const out = mutate((b) => {
      b.tasks[0]!.goal.target.product = "sm-999";
    });
    expect(out).toContain(
      `${bank.tasks[0]!.id}: $.tasks[0].goal.target.product: 'sm-999' is not in the catalog`,
    );
  });

  it("an unknown attribute label", () => {
    const out = mutate((b) => {
      b.tasks[2]!.goal.preferences.required = [{ facet: "dietary", value: "paleo" }];
    });
    expect(out).toContain(`$.tasks[2].goal.preferences.required[0]: unknown attribute label dietary:paleo`);
    const furniture = mutate((b) => {
      b.tasks[2]!.goal.preferences.required = [{ facet: "material", value: "oak" }];
    });
    expect(furniture).toContain("unknown attribute label material:oak for a grocery store");
  });

  it("a label the target does not have, and a reference set without the target", () => {
    const out = mutate((b) => {
      b.tasks[1]!.goal.preferences.unwanted = b.tasks[1]!.goal.preferences.required.slice(0, 1);
      b.tasks[4]!.referenceItems = b.tasks[4]!.referenceItems.filter(
        (id) => id !== b.tasks[4]!.goal.target.product,
      );
    });
    expect(out).toMatch(/\$\.tasks\[1\]\.goal\.preferences\.unwanted: the target sm-\d+ has the unwanted/);
    expect(out).toMatch(/\$\.tasks\[4\]\.referenceItems: does not contain the target/);
  });

  it("a budget that is not what its tier gives, or not round", () => {
    const out = mutate((b) => {
      b.tasks[6]!.goal.budget.amount += 0.5;
    });
    expect(out).toMatch(/\$\.tasks\[6\]\.goal\.budget\.amount: [\d.]+ is not a multiple of/);
    expect(out).toMatch(/\$\.tasks\[6\]\.goal\.budget: a \w+ budget for these labels is/);
  });

  it("a task whose theme is not its role's, a repeated request, a broken split", () => {
    const out = mutate((b) => {
      const t = b.tasks[8]!;
      const profile = b.profiles.find((p) => p.id === t.profileId)!;
      profile.persona.themes = profile.persona.themes.filter((x) => x !== t.goal.theme);
      b.tasks[9]!.goal.request = b.tasks[10]!.goal.request;
      b.tasks[11]!.subset = b.tasks[10]!.subset;
    });
    expect(out).toContain(`${bank.tasks[8]!.id}: $.tasks[8].goal.theme:`);
    expect(out).toMatch(/\$\.tasks\[10\]\.goal\.request: repeats a sentence of/);
    expect(out).toMatch(/the split needs one task in each of 4 subsets/);
  });
});
