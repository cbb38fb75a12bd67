import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseData, readDataFile, toDataJson } from "../core/data-file.js";
import type { EnvId } from "../core/manifest.js";
import { TaskBank } from "../core/task.js";
import { type EnvData, envDataDir, loadEnvData } from "../envs/env-data.js";
import { envDefinition } from "../envs/registry.js";
import { generateTaskBank, type TaskSources } from "./generate-bank.js";
import { NeedsFile, RolesFile } from "./role-spec.js";

/** The seed the checked-in task banks are generated with (recorded in each bank). */
export const DEFAULT_TASK_SEED = 2026;

/**
 * A store's task bank: `tasks.json` in its data folder (checked in for the built-in stores). A store
 * generated at run time (a seeded variant) gets its bank generated there, with its task seed, on first use.
 */
export function taskBankFile(env: EnvId): string {
  const file = join(envDataDir(env), "tasks.json");
  const seed = envDefinition(env).taskSeed;
  if (seed !== undefined && !existsSync(file)) {
    // Written whole under another name, then moved: a reader never sees half a bank.
    const tmp = `${file}.tmp-${process.pid}`;
    writeFileSync(tmp, serializeTaskBank(generateTaskBank(env, taskSources(env), seed)));
    renameSync(tmp, file);
  }
  return file;
}

function specFile(env: EnvId, name: string): string {
  return join(envDefinition(env).dir, "spec", name);
}

/** Everything the bank generator reads: the store's data (or the given data of it), its roles and its need families. */
export function taskSources(env: EnvId, data: EnvData = loadEnvData(env)): TaskSources {
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

/**
 * Generates a store's bank from its data (or the given data of it): with the store's own task seed
 * (the checked-in banks', or a variant's) unless told another.
 */
export function generateBuiltinTaskBank(env: EnvId, seed?: number, data?: EnvData): TaskBank {
  const s = seed ?? envDefinition(env).taskSeed ?? DEFAULT_TASK_SEED;
  return generateTaskBank(env, taskSources(env, data), s);
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
