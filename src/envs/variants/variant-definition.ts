import type { EnvDefinition } from "../env-definition.js";
import { ensureVariantFolder } from "./variant-folder.js";
import { variantId } from "./variant-id.js";

/**
 * The task seed of a variant's bank: 1,000,000 + its seed, so no variant's bank is the built-in one
 * (seed 2026) and each variant's is its own.
 */
export const variantTaskSeed = (seed: number) => 1_000_000 + seed;

/**
 * A store's seeded variant as a store of its own: the base store's tools, rules, prompts and spec
 * (`dir`), its own id, name and data folder (generated on first use), and a task bank generated
 * by the same generator and checks with the variant's own task seed.
 */
export function variantDefinition(base: EnvDefinition, seed: number): EnvDefinition {
  const generateVariant = base.generateVariant;
  if (!generateVariant) throw new Error(`store ${base.id} has no variants`);
  const id = variantId(base.id, seed);
  const generate = () => {
    const data = generateVariant(seed);
    // A definition copied from another store (`{ ...supermarket, id: … }`) inherits its generator.
    if (data.manifest.id !== id)
      throw new Error(
        `store ${base.id}: its variant generator made ${data.manifest.id}, not ${id}; a definition copied from another store must drop generateVariant`,
      );
    return data;
  };
  const def: EnvDefinition = {
    ...base,
    id,
    displayName: `${base.displayName} · variant ${seed}`,
    dataDir: () => ensureVariantFolder(id, generate),
    taskSeed: variantTaskSeed(seed),
    generate: async () => generate(),
  };
  delete def.generateVariant;
  return def;
}
