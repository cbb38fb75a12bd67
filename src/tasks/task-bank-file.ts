import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseData, readDataFile, toDataJson } from "../core/data-file.js";
import type { EnvId } from "../core/manifest.js";
import { TaskBank } from "../core/task.js";
import { loadEnvData } from "../envs/env-data.js";
import { envDefinition } from "../envs/registry.js";
import { generateTaskBank, type TaskSources } from "./generate-bank.js";
import { NeedsFile, RolesFile } from "./role-spec.js";

/** The seed the checked-in task banks are generated with (recorded in each bank). */
export const DEFAULT_TASK_SEED = 2026;

/** A store's checked-in task bank: `data/tasks.json` in its folder. */
export function taskBankFile(env: EnvId): string {
  return join(envDefinition(env).dir, "data", "tasks.json");
}

function specFile(env: EnvId, name: string): string {
  return join(envDefinition(env).dir, "spec", name);
}

/** Everything the bank generator reads: the store's data, its roles and its need families. */
export function taskSources(env: EnvId): TaskSources {
  const data = loadEnvData(env);
  const read = (name: string) => {
    const file = specFile(env, name);
    return { file, raw: JSON.parse(readFileSync(file, "utf8")) as unknown };
  };
  const roles = read("roles.json");
  const needs = read("needs.json");
  return {
    manifest: data.manifest,
    catalog: data.catalog,
    locationIndex: data.locationIndex,
    roles: parseData(roles.file, roles.raw, RolesFile),
    needs: parseData(needs.file, needs.raw, NeedsFile),
  };
}

export function generateBuiltinTaskBank(env: EnvId, seed = DEFAULT_TASK_SEED): TaskBank {
  return generateTaskBank(env, taskSources(env), seed);
}

export function serializeTaskBank(bank: TaskBank): string {
  return toDataJson(bank as unknown as Record<string, unknown>);
}

const cache = new Map<EnvId, TaskBank>();

/** The checked-in task bank of a store, schema-checked once per process. */
export function loadTaskBank(env: EnvId): TaskBank {
  let bank = cache.get(env);
  if (!bank) {
    bank = readDataFile(taskBankFile(env), TaskBank);
    cache.set(env, bank);
  }
  return bank;
}
