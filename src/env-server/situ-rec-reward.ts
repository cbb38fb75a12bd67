import type { EnvId } from "../core/manifest.js";
import { evalContext } from "../eval/eval-context.js";
import { localNavigationEvent } from "../eval/metrics/navigation.js";
import type { EpisodeOutcome, TurnRecord } from "../trajectory/trajectory.js";
import type { SituRecRewardWeights } from "./protocol.js";

/** One turn's raw metrics, for a trainer that shapes its own reward. */
export interface SituRecTurnMetrics {
  turn: number;
  /** The assistant's dialogue act. */
  act: string | null;
  /** The shopper's action was the assistant's expected one (AFR's event; null when no legal action was expected). */
  following: boolean | null;
  /** It matched in its parameters too (LNSR's event; null when not comparable). */
  localNavigation: boolean | null;
  /** The shopper's call as executed or refused. */
  execution: TurnRecord["execution"];
  termination: TurnRecord["termination"];
  formatErrors: { assistant: string | null; shopper: string | null };
  cart: string[];
}

export function turnMetrics(env: EnvId, r: TurnRecord): SituRecTurnMetrics {
  const ctx = evalContext(env);
  const expected =
    r.assistant.formatError === undefined ? r.assistant.output.expected_user_action : undefined;
  const actual = r.shopper.formatError === undefined ? r.shopper.output.tool_call : undefined;
  const following =
    expected !== undefined && ctx.legalTools.has(expected.name) ? actual?.name === expected.name : null;
  const local = localNavigationEvent(r, ctx);
  return {
    turn: r.turn,
    act: r.assistant.output.assistant_actions[0]?.type ?? null,
    following,
    localNavigation: local.comparable ? local.match : null,
    execution: r.execution,
    termination: r.termination,
    formatErrors: { assistant: r.assistant.formatError ?? null, shopper: r.shopper.formatError ?? null },
    cart: r.state.cart,
  };
}

/**
 * SituRecBench's default reward for one turn (docs/env-server.md): `following` when the shopper did
 * what the assistant expected, `localNavigation` when it matched in its parameters too, minus
 * `turnPenalty`; on the last turn, `success` for a cart addition and `reference` when the product is
 * one of the task's reference items. The same for either controlled role (the task succeeds for both).
 */
export function situRecReward(
  metrics: SituRecTurnMetrics | undefined,
  outcome: EpisodeOutcome | undefined,
  w: SituRecRewardWeights,
): { reward: number; terms: Record<string, number> } {
  const terms: Record<string, number> = {};
  if (metrics) {
    terms.turnPenalty = -w.turnPenalty;
    if (metrics.following) terms.following = w.following;
    if (metrics.localNavigation) terms.localNavigation = w.localNavigation;
  }
  if (outcome?.success) terms.success = w.success;
  if (outcome?.purchasedReference) terms.reference = w.reference;
  return { reward: Object.values(terms).reduce((s, v) => s + v, 0), terms };
}
