import { envDefinition, envIds, hasEnv } from "./registry.js";
import { HELD_OUT_SEEDS, variantId } from "./variants/variant-id.js";

/** The selector of every registered store's held-out variants; `held-out:STORE` names one store's. */
export const HELD_OUT = "held-out";

/** What `--env` (a run's `env`) takes, in words: for help texts and error messages. */
export function envSelectorHelp(): string {
  return `a store (${envIds().join(", ")}), a seeded variant STORE@SEED (${envIds()[0]}@7), all (the ${envIds().length} stores), ${HELD_OUT} (their held-out variants, seeds ${HELD_OUT_SEEDS[0]}–${HELD_OUT_SEEDS.at(-1)}) or ${HELD_OUT}:STORE`;
}

/** The stores that have seeded variants, in registration order. */
function variable(): string[] {
  return envIds().filter((id) => envDefinition(id).generateVariant !== undefined);
}

/**
 * The stores an `--env` selector names, in order: a store or variant id itself; `all`, the registered
 * stores; `held-out`, the held-out variants (seeds 1000–1009) of every store that has variants, store
 * by store; `held-out:STORE`, one store's. Undefined when the selector names nothing.
 */
export function expandEnvSelector(selector: string): string[] | undefined {
  if (selector === "all") return envIds();
  if (selector === HELD_OUT) return variable().flatMap(heldOutOf);
  if (selector.startsWith(`${HELD_OUT}:`)) {
    const store = selector.slice(HELD_OUT.length + 1);
    return variable().includes(store) ? heldOutOf(store) : undefined;
  }
  return hasEnv(selector) ? [selector] : undefined;
}

/** The ids of a store's held-out variants: `supermarket@1000` … `supermarket@1009`. */
function heldOutOf(store: string): string[] {
  return HELD_OUT_SEEDS.map((seed) => variantId(store, seed));
}
