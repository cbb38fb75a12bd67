import type { TerminationReason } from "../trajectory/trajectory.js";

export interface TerminationInput {
  /** 0-based turn index that just completed. */
  turn: number;
  maxTurns: number;
  addedToCart: boolean;
  /** Recommend annotations recorded so far, this turn's included. */
  recommendations: number;
  stalled: boolean;
}

/** Recommend annotations without a purchase that end an episode (paper Appendix B.3). */
export const RECOMMENDATION_LIMIT = 3;

/**
 * The runtime checks after the shopper's response and action, in precedence order: a purchase, the
 * turn limit, recommendation exhaustion. `undefined`: still active, so the moderator is asked next
 * (and motion stall, last in precedence, applies only if the moderator lets the episode go on).
 */
export function runtimeTermination(t: TerminationInput): TerminationReason | undefined {
  if (t.addedToCart) return "success_cart_added";
  if (t.turn + 1 >= t.maxTurns) return "turn_limit";
  if (t.recommendations >= RECOMMENDATION_LIMIT) return "recommendation_exhausted";
  return undefined;
}

/** After the moderator: its stop, else a motion stall, else the episode goes on. */
export function finalTermination(moderatorStops: boolean, stalled: boolean): TerminationReason | undefined {
  if (moderatorStops) return "moderator_stop";
  if (stalled) return "motion_stall";
  return undefined;
}
