import { createHash } from "node:crypto";
import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";

/**
 * A seeded random stream (xoroshiro128+ from pure-rand). Everything random in siturec draws from
 * one of these, so a seed gives byte-identical output. `fork(label)` gives an independent stream
 * whose values do not depend on how much the parent has been used.
 */
export class Rng {
  private readonly gen: RandomGenerator;

  constructor(readonly seed: number) {
    this.gen = xoroshiro128plus(seed);
  }

  /** An independent stream for a named purpose. */
  fork(label: string): Rng {
    const digest = createHash("sha256").update(`${this.seed}:${label}`).digest();
    return new Rng(digest.readInt32LE(0));
  }

  /** Integer in [from, to], both included. */
  int(from: number, to: number): number {
    return uniformInt(this.gen, from, to);
  }

  /** Float in [0, 1). */
  float(): number {
    return uniformFloat64(this.gen);
  }

  /** Float in [from, to). */
  range(from: number, to: number): number {
    return from + (to - from) * this.float();
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("Rng.pick: empty list");
    return items[this.int(0, items.length - 1)]!;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}
