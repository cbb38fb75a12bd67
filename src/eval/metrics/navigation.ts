import type { Trajectory, TurnRecord } from "../../trajectory/trajectory.js";
import type { EvalContext } from "../eval-context.js";

const DIRECTIONAL = new Set(["turn_and_move", "move_and_turn", "side_step", "turn", "look_up_down"]);

/**
 * The shopper's first (only) tool call that turn, as executed or refused; none when its output failed
 * validation (the fallback's idle is not the shopper's action).
 */
function actualCall(r: TurnRecord): TurnRecord["shopper"]["output"]["tool_call"] | undefined {
  return r.shopper.formatError === undefined ? r.shopper.output.tool_call : undefined;
}

/** The assistant's expected action; none when its output failed validation (a fallback expects nothing). */
function expectedCall(r: TurnRecord): TurnRecord["assistant"]["output"]["expected_user_action"] | undefined {
  return r.assistant.formatError === undefined ? r.assistant.output.expected_user_action : undefined;
}

/** V_e: turns whose expected tool is in the store's legal set (missing or illegal expected actions are excluded). */
function followingEvents(t: Trajectory, ctx: EvalContext): TurnRecord[] {
  return t.turns.filter((r) => {
    const expected = expectedCall(r);
    return expected !== undefined && ctx.legalTools.has(expected.name);
  });
}

/** AFR_e over V_e; an absent or different actual action scores zero; undefined when V_e is empty. */
export function actionFollowingRate(t: Trajectory, ctx: EvalContext): number | undefined {
  const events = followingEvents(t, ctx);
  if (!events.length) return undefined;
  const same = events.filter((r) => actualCall(r)?.name === expectedCall(r)!.name).length;
  return same / events.length;
}

/**
 * Whether an event's local parameters can be compared (membership of D_e) and, if so, whether the
 * actual call matches the expected one in tool and parameters (b_et).
 */
export function localNavigationEvent(
  r: TurnRecord,
  ctx: EvalContext,
): { comparable: false } | { comparable: true; match: boolean } {
  const expected = expectedCall(r);
  if (!expected || !ctx.legalTools.has(expected.name)) return { comparable: false };
  const args = expected.arguments as Record<string, unknown>;
  // A comparable expected action with a missing actual action scores zero.
  const actual = actualCall(r) ?? { name: "", arguments: {} };
  const actualArgs = actual.arguments as Record<string, unknown>;
  if (DIRECTIONAL.has(expected.name)) {
    const want = expected.name === "look_up_down" ? ["up", "down"] : ["left", "right"];
    if (typeof args.direction !== "string" || !want.includes(args.direction)) return { comparable: false };
    return {
      comparable: true,
      match: actual.name === expected.name && actualArgs.direction === args.direction,
    };
  }
  if (ctx.targetedTools.has(expected.name)) {
    const target = r.assistant.expectedTargetId;
    if (!target) return { comparable: false };
    let match = actual.name === expected.name && r.execution.targetId === target;
    if (match && expected.name === "move_to_store" && typeof args.approach === "string")
      match = actualArgs.approach === args.approach;
    return { comparable: true, match };
  }
  return { comparable: false };
}

/** LNSR_e over D_e; undefined when D_e is empty. */
export function localNavigationSuccessRate(t: Trajectory, ctx: EvalContext): number | undefined {
  const events = t.turns.map((r) => localNavigationEvent(r, ctx)).filter((e) => e.comparable);
  if (!events.length) return undefined;
  return events.filter((e) => e.comparable && e.match).length / events.length;
}

/** The target a Navigate action's `navigation_goal` names: an assistant handle (fixed or in view) or a target id. */
export function resolveGoal(r: TurnRecord, goal: string, ctx: EvalContext): string | undefined {
  const g = goal.trim();
  const fixed = ctx.assistantHandles.get(g);
  if (fixed) return fixed;
  const inView = r.observations.assistant.targets.find((t) => t.handle === g);
  if (inView) return inView.id;
  return ctx.targetIds.has(g) ? g : undefined;
}

function goalVisible(r: TurnRecord, goal: string, ctx: EvalContext): boolean {
  const obs = r.observations.shopper;
  if (obs.targets.some((t) => t.id === goal)) return true;
  // Where the store says so (display areas), a visible product of the destination also shows it.
  return ctx.goalShownByProducts && obs.products.some((p) => ctx.placesOf.get(p.id)?.has(goal) === true);
}

export const CGV_HORIZONS = [0, 1, 2, 3, 4, 5] as const;

/**
 * The navigation-goal events of an episode: for each Navigate turn with a resolvable goal, the number
 * of turns until the goal is first visible (0: visible now), or null if never within the saved episode.
 */
export function goalVisibilityEvents(t: Trajectory, ctx: EvalContext): (number | null)[] {
  const events: (number | null)[] = [];
  t.turns.forEach((r, i) => {
    const act = r.assistant.output.assistant_actions[0];
    if (act?.type !== "Navigate" || typeof act.navigation_goal !== "string") return;
    const goal = resolveGoal(r, act.navigation_goal, ctx);
    if (!goal) return;
    let first: number | null = null;
    for (let j = i; j < t.turns.length; j++) {
      if (goalVisible(t.turns[j]!, goal, ctx)) {
        first = j - i;
        break;
      }
    }
    events.push(first);
  });
  return events;
}

/** CGV_h (%) over pooled events: visible within h turns (End: within the saved episode); one denominator. */
export function cumulativeGoalVisibility(events: (number | null)[]): {
  byHorizon: Record<string, number>;
  events: number;
} {
  const n = events.length;
  const share = (ok: (e: number | null) => boolean) => (n ? (100 * events.filter(ok).length) / n : 0);
  const byHorizon: Record<string, number> = {};
  for (const h of CGV_HORIZONS) byHorizon[`h${h}`] = share((e) => e !== null && e <= h);
  byHorizon.end = share((e) => e !== null);
  return { byHorizon, events: n };
}
