import { SiturecError } from "../../core/errors.js";

/** The largest seed a variant id takes (six digits). */
export const MAX_VARIANT_SEED = 999_999;

/**
 * The documented held-out split: seeds 1000–1009 of each store (`supermarket@1000` …). Nothing in
 * siturec's own development tunes on them; report held-out results on these.
 */
export const HELD_OUT_SEEDS: readonly number[] = Array.from({ length: 10 }, (_, i) => 1000 + i);

const VARIANT = /^([a-z0-9]+(?:-[a-z0-9]+)*)@(0|[1-9]\d{0,5})$/;

/** A variant id's parts: the store it varies and its seed. */
export interface VariantRef {
  /** The registered store it is a variant of, e.g. `supermarket`. */
  base: string;
  /** Its seed, 0 to 999999. */
  seed: number;
}

/** `supermarket@7` → { base: "supermarket", seed: 7 }; undefined for anything else (ids are canonical: no `@07`). */
export function parseVariantId(id: string): VariantRef | undefined {
  const m = VARIANT.exec(id);
  return m ? { base: m[1]!, seed: Number(m[2]) } : undefined;
}

/** The id of a store's variant: `supermarket@7`. */
export function variantId(base: string, seed: number): string {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_VARIANT_SEED)
    throw new SiturecError(`variant seed ${seed}: use a whole number from 0 to ${MAX_VARIANT_SEED}`, {
      exitCode: 2,
      field: "seed",
    });
  return `${base}@${seed}`;
}
