import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toDataJson } from "../../core/data-file.js";
import type { EnvData } from "../../envs/env-data.js";
import type { EnvDefinition } from "../../envs/env-definition.js";
import { serializeEnv } from "../../envs/generate-data.js";
import { registerEnv } from "../../envs/registry.js";
import { supermarket } from "../../envs/supermarket/definition.js";
import { generateSupermarket } from "../../envs/supermarket/generate/index.js";
import { syntheticGrocerySpec } from "../../envs/testing/synthetic-specs.js";
import { generateTaskBank } from "../../tasks/generate-bank.js";
import { serializeTaskBank } from "../../tasks/task-bank-file.js";
import { syntheticNeeds, syntheticRoles } from "../../tasks/testing/synthetic-task-spec.js";

/** Renames a supermarket's data to another store: its id, and the `sm-` prefix of every id. */
function rebrand(data: EnvData, id: string, prefix: string): EnvData {
  const json = JSON.stringify(data, (_key, value: unknown) => {
    if (typeof value !== "string") return value;
    if (value === supermarket.id) return id;
    return /^sm-i?\d+$/.test(value) ? `${prefix}-${value.slice(3)}` : value;
  });
  const out = JSON.parse(json) as EnvData;
  out.manifest.name = "Test Mart";
  // The synthetic products serve one theme; shoppers can only shop for themes something serves.
  const served = new Set(out.catalog.products.flatMap((p) => p.themes));
  out.manifest.themes = out.manifest.themes.filter((t) => served.has(t.id));
  return out;
}

/**
 * A third store made the way a new store is added: a folder with its data (generated from the
 * synthetic grocery spec), its task bank (synthetic roles and needs), its prompts, and a definition
 * registered at run time. Nothing outside the store's folder and definition knows about it.
 */
export function registerSyntheticStore(dir: string, id = "test-mart", idPrefix = "tm"): EnvDefinition {
  const def: EnvDefinition = {
    ...supermarket,
    id,
    displayName: "Test Mart",
    promptName: "a small test mart",
    idPrefix,
    dir,
  };
  delete def.generate;
  const data = rebrand(generateSupermarket(syntheticGrocerySpec()), id, idPrefix);
  mkdirSync(join(dir, "data"), { recursive: true });
  mkdirSync(join(dir, "spec"), { recursive: true });
  for (const [file, content] of Object.entries(serializeEnv(data)))
    writeFileSync(join(dir, "data", file), content);
  cpSync(join(supermarket.dir, "prompts"), join(dir, "prompts"), { recursive: true });
  const roles = syntheticRoles(data.manifest);
  const needs = syntheticNeeds(data.catalog);
  writeFileSync(join(dir, "spec", "roles.json"), toDataJson(roles as unknown as Record<string, unknown>));
  writeFileSync(join(dir, "spec", "needs.json"), toDataJson(needs as unknown as Record<string, unknown>));
  registerEnv(def);
  const bank = generateTaskBank(id, { ...data, roles, needs }, 1);
  writeFileSync(join(dir, "data", "tasks.json"), serializeTaskBank(bank));
  return def;
}
