import { SiturecError } from "../core/errors.js";
import type { EnvDefinition } from "./env-definition.js";
import { homeFurnishings } from "./home-furnishings/definition.js";
import { supermarket } from "./supermarket/definition.js";
import { variantDefinition } from "./variants/variant-definition.js";
import { MAX_VARIANT_SEED, parseVariantId } from "./variants/variant-id.js";

/** The stores siturec knows, in the order tables and runs list them. */
const definitions = new Map<string, EnvDefinition>();
/** Seeded variants (`supermarket@7`) asked for so far: not registered, made from their store on demand. */
const variants = new Map<string, EnvDefinition>();

/** The variant an id names, when it names one of a registered store that has variants. */
function variantOf(id: string): EnvDefinition | undefined {
  const ref = parseVariantId(id);
  const base = ref && definitions.get(ref.base);
  if (!ref || !base?.generateVariant) return undefined;
  let def = variants.get(id);
  if (!def) {
    def = variantDefinition(base, ref.seed);
    variants.set(id, def);
  }
  return def;
}

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

/** The ids of the registered stores, in registration order (their seeded variants are not listed). */
export function envIds(): string[] {
  return [...definitions.keys()];
}

/** Whether an id names a registered store, or a seeded variant of one (`supermarket@7`). */
export function hasEnv(id: string): boolean {
  return definitions.has(id) || variantOf(id) !== undefined;
}

/** A store's definition (a registered store's, or a seeded variant's); an unknown id is an error listing the known ones. */
export function envDefinition(id: string): EnvDefinition {
  const def = definitions.get(id) ?? variantOf(id);
  if (!def)
    throw new UnknownEnvError(
      `unknown store '${id}'; the stores are ${envIds().join(", ")}, or a seeded variant of one such as ${envIds()[0]}@7`,
      { exitCode: 2, field: "env" },
    );
  return def;
}

/** The store whose ids start with `prefix-` (as task, profile and product ids do). */
export function envOfId(id: string): EnvDefinition | undefined {
  const prefix = id.slice(0, id.indexOf("-"));
  return [...definitions.values()].find((d) => d.idPrefix === prefix);
}

/** The registry's order, for sorting rows by store; a variant comes after its store, in seed order. */
export function envOrder(id: string): number {
  const ref = parseVariantId(id);
  const i = envIds().indexOf(ref && hasEnv(id) ? ref.base : id);
  if (i < 0) return Number.MAX_SAFE_INTEGER;
  return ref ? i + (ref.seed + 1) / (MAX_VARIANT_SEED + 2) : i;
}

registerEnv(supermarket);
registerEnv(homeFurnishings);
