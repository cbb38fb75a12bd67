import { SiturecError } from "../core/errors.js";
import type { EnvDefinition } from "./env-definition.js";
import { homeFurnishings } from "./home-furnishings/definition.js";
import { supermarket } from "./supermarket/definition.js";

/** The stores siturec knows, in the order tables and runs list them. */
const definitions = new Map<string, EnvDefinition>();

export class UnknownEnvError extends SiturecError {
  override readonly name = "UnknownEnvError";
}

/** Adds a store; its id and its id prefix must be new. */
export function registerEnv(def: EnvDefinition): void {
  if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(def.id))
    throw new SiturecError(`store id '${def.id}': use kebab-case letters and digits`);
  if (!/^[a-z]{2}$/.test(def.idPrefix))
    throw new SiturecError(`store ${def.id}: idPrefix '${def.idPrefix}' must be two lower-case letters`);
  if (definitions.has(def.id)) throw new SiturecError(`a store named '${def.id}' is already registered`);
  const clash = [...definitions.values()].find((d) => d.idPrefix === def.idPrefix);
  if (clash) throw new SiturecError(`store ${def.id}: id prefix '${def.idPrefix}' is taken by ${clash.id}`);
  definitions.set(def.id, def);
}

/** The ids of the registered stores, in registration order. */
export function envIds(): string[] {
  return [...definitions.keys()];
}

export function hasEnv(id: string): boolean {
  return definitions.has(id);
}

/** A store's definition; an unknown id is an error listing the known ones. */
export function envDefinition(id: string): EnvDefinition {
  const def = definitions.get(id);
  if (!def)
    throw new UnknownEnvError(`unknown store '${id}'; the stores are ${envIds().join(", ")}`, {
      exitCode: 2,
      field: "env",
    });
  return def;
}

/** The store whose ids start with `prefix-` (as task, profile and product ids do). */
export function envOfId(id: string): EnvDefinition | undefined {
  const prefix = id.slice(0, id.indexOf("-"));
  return [...definitions.values()].find((d) => d.idPrefix === prefix);
}

/** The registry's order, for sorting rows by store. */
export function envOrder(id: string): number {
  const i = envIds().indexOf(id);
  return i < 0 ? Number.MAX_SAFE_INTEGER : i;
}

registerEnv(supermarket);
registerEnv(homeFurnishings);
