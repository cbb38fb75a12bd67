import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadEnvData } from "../envs/env-data.js";
import { envIds } from "../envs/registry.js";
import { isRoundBudget } from "./budget.js";
import { checkTaskBank, formatTaskProblem } from "./conflict-check.js";
import { meetsLabels } from "./labels.js";
import {
  DEFAULT_TASK_SEED,
  generateBuiltinTaskBank,
  loadTaskBank,
  serializeTaskBank,
  taskBankFile,
} from "./task-bank-file.js";

describe.each(envIds())("the %s task bank", (env) => {
  const bank = loadTaskBank(env);
  const products = new Map(loadEnvData(env).catalog.products.map((p) => [p.id, p]));

  it("is exactly what its seed generates", () => {
    expect(bank.seed).toBe(DEFAULT_TASK_SEED);
    expect(
      serializeTaskBank(generateBuiltinTaskBank(env, bank.seed)) === readFileSync(taskBankFile(env), "utf8"),
    ).toBe(true);
  });

  it("has 25 profiles with four tasks each, and passes the conflict check", () => {
    expect(bank.profiles).toHaveLength(25);
    expect(bank.tasks).toHaveLength(100);
    for (const p of bank.profiles) expect(bank.tasks.filter((t) => t.profileId === p.id)).toHaveLength(4);
    expect(checkTaskBank(bank, loadEnvData(env)).map(formatTaskProblem)).toEqual([]);
  });

  it("keeps every budget above its target and round, every reference set exact", () => {
    for (const t of bank.tasks) {
      const { budget, target, preferences } = t.goal;
      expect(budget.amount, t.id).toBeGreaterThan(target.price);
      expect(isRoundBudget(budget.amount, budget.increment), t.id).toBe(true);
      expect(t.referenceItems, t.id).toContain(target.product);
      for (const id of t.referenceItems) {
        const p = products.get(id)!;
        expect(
          p.price <= budget.amount && meetsLabels(p, preferences.required, preferences.unwanted),
          `${t.id} ${id}`,
        ).toBe(true);
      }
    }
  });

  it("splits into four subsets that each cover all 25 profiles", () => {
    for (let s = 0; s < 4; s++)
      expect(new Set(bank.tasks.filter((t) => t.subset === s).map((t) => t.profileId)).size).toBe(25);
  });

  it("serves every theme of the store", () => {
    const themes = new Set(bank.tasks.map((t) => t.goal.theme));
    for (const theme of loadEnvData(env).manifest.themes) expect(themes.has(theme.id), theme.id).toBe(true);
  });

  it("another seed gives a different bank that also passes", () => {
    const other = generateBuiltinTaskBank(env, DEFAULT_TASK_SEED + 1);
    expect(serializeTaskBank(other)).not.toBe(serializeTaskBank(bank));
    expect(checkTaskBank(other, loadEnvData(env))).toEqual([]);
  });
});
