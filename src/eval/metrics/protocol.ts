import type { RoleObservationRecord, Trajectory, TurnRecord } from "../../trajectory/trajectory.js";
import type { EvalContext } from "../eval-context.js";
import { labelDisclosures } from "./label-disclosures.js";

type Speaker = "assistant" | "shopper";
type PolicyRole = Speaker | "moderator";

/**
 * Protocol violations of a cohort, each a count of role-turns (one role's reply in one turn), pooled
 * over its episodes. None of them changes a metric; they say how well the models kept the protocol.
 */
export interface ProtocolCounts {
  /** Replies that named a tool the store does not have: refused by validation (repaired or not) or recorded. */
  invalidTools: Record<Speaker, number>;
  /** Assistant Navigate acts whose navigation_goal or next_waypoint names no navigation target. */
  unresolvedGoals: number;
  /** Replies that needed the repair request. */
  repairedJson: Record<PolicyRole, number>;
  /** Replies whose JSON object was taken out of a code fence or surrounding prose. */
  fencedJson: Record<PolicyRole, number>;
  /** Utterances that spoke one of the speaker's own marker labels or a catalog or layout id. */
  labelDisclosures: Record<Speaker, number>;
}

export function emptyProtocolCounts(): ProtocolCounts {
  return {
    invalidTools: { assistant: 0, shopper: 0 },
    unresolvedGoals: 0,
    repairedJson: { assistant: 0, shopper: 0, moderator: 0 },
    fencedJson: { assistant: 0, shopper: 0, moderator: 0 },
    labelDisclosures: { assistant: 0, shopper: 0 },
  };
}

/** The tool a role named this turn: the assistant's expected user action, the shopper's call. */
function namedTool(r: TurnRecord, role: Speaker): string {
  return role === "assistant"
    ? r.assistant.output.expected_user_action.name
    : r.shopper.output.tool_call.name;
}

function invalidTool(r: TurnRecord, role: Speaker, ctx: EvalContext): boolean {
  return (r.usage[role].invalidTools ?? 0) > 0 || !ctx.legalTools.has(namedTool(r, role));
}

/** Whether a handle of the assistant's names a navigation target: one in its view, or a fixed handle. */
function resolvesToTarget(handle: unknown, view: RoleObservationRecord, ctx: EvalContext): boolean {
  if (typeof handle !== "string") return false;
  const h = handle.trim();
  return view.targets.some((t) => t.handle === h) || ctx.assistantHandles.has(h);
}

/** A Navigate act (of a valid output) whose goal or waypoint resolves to no navigation target. */
function unresolvedGoal(r: TurnRecord, ctx: EvalContext): boolean {
  const act = r.assistant.output.assistant_actions[0];
  if (r.assistant.formatError !== undefined || act?.type !== "Navigate") return false;
  const handles = [act.navigation_goal, ...("next_waypoint" in act ? [act.next_waypoint] : [])];
  return handles.some((h) => !resolvesToTarget(h, r.observations.assistant, ctx));
}

/** The speaker's own labels that turn: those of its view, and its fixed target handles. */
function ownLabels(r: TurnRecord, role: Speaker, ctx: EvalContext): Set<string> {
  const view = r.observations[role];
  const fixed = role === "assistant" ? ctx.assistantHandles : ctx.shopperHandles;
  return new Set([
    ...view.products.map((p) => p.handle),
    ...view.targets.map((t) => t.handle),
    ...fixed.keys(),
  ]);
}

function discloses(r: TurnRecord, role: Speaker, ctx: EvalContext): boolean {
  const utterance = r[role].output.utterance;
  return labelDisclosures(utterance, ownLabels(r, role, ctx), ctx.lexicon).length > 0;
}

/** One episode's protocol violations (see `ProtocolCounts`); computed from the trajectory alone. */
export function episodeProtocol(t: Trajectory, ctx: EvalContext): ProtocolCounts {
  const c = emptyProtocolCounts();
  for (const r of t.turns) {
    for (const role of ["assistant", "shopper"] as const) {
      if (invalidTool(r, role, ctx)) c.invalidTools[role]++;
      if (discloses(r, role, ctx)) c.labelDisclosures[role]++;
    }
    for (const role of ["assistant", "shopper", "moderator"] as const) {
      if (r.usage[role].repairs > 0) c.repairedJson[role]++;
      if ((r.usage[role].fencedJson ?? 0) > 0) c.fencedJson[role]++;
    }
    if (unresolvedGoal(r, ctx)) c.unresolvedGoals++;
  }
  return c;
}

/** The sum of two counts. */
export function addProtocolCounts(a: ProtocolCounts, b: ProtocolCounts): ProtocolCounts {
  const add = <K extends string>(x: Record<K, number>, y: Record<K, number>) =>
    Object.fromEntries(Object.keys(x).map((k) => [k, x[k as K] + y[k as K]])) as Record<K, number>;
  return {
    invalidTools: add(a.invalidTools, b.invalidTools),
    unresolvedGoals: a.unresolvedGoals + b.unresolvedGoals,
    repairedJson: add(a.repairedJson, b.repairedJson),
    fencedJson: add(a.fencedJson, b.fencedJson),
    labelDisclosures: add(a.labelDisclosures, b.labelDisclosures),
  };
}
