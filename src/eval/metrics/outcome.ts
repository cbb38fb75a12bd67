import type { Trajectory } from "../../trajectory/trajectory.js";

/** C_e: the final cart is nonempty. */
export function purchased(t: Trajectory): boolean {
  return t.outcome.cart.length > 0;
}

/** T_e: recorded turns (a turn counts if its record exists). */
export function turnCount(t: Trajectory): number {
  return t.turns.length;
}

/** SR(t) for t = 1..maxTurn: the share (%) of episodes with a cart addition by turn t. */
export function successByTurn(episodes: Trajectory[], maxTurn: number): number[] {
  const n = Math.max(1, episodes.length);
  return Array.from(
    { length: maxTurn },
    (_, i) => (100 * episodes.filter((e) => purchased(e) && turnCount(e) <= i + 1).length) / n,
  );
}

/** RPR: the purchase is a reference item (A_e). */
export function referencePurchase(t: Trajectory): boolean {
  const item = t.outcome.cart.at(-1);
  return item !== undefined && t.header.task.referenceItems.includes(item);
}
