import type { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import type { CallUsage, PolicyReply } from "../agents/types.js";
import type { RoleObservation } from "../render/observer.js";
import type { RoleUsage, TurnRecord } from "../trajectory/trajectory.js";
import { emptyUsage } from "../trajectory/usage.js";
import type { StepOutcome, WorldState } from "../world/world-core.js";

// The parts of a turn's record, built from what the roles and the world returned.

/** A role's calls, tokens, costs and format trouble this turn (nothing for a role not asked). */
export function usageOf(reply: PolicyReply<unknown> | undefined): RoleUsage {
  if (!reply) return emptyUsage();
  const u = emptyUsage();
  for (const c of reply.calls) {
    u.calls++;
    if (c.cached) u.cachedCalls++;
    u.inputTokens += c.inputTokens;
    u.outputTokens += c.outputTokens;
    u.costUsd += c.costUsd;
    if (c.cachedInputTokens) u.cachedInputTokens = (u.cachedInputTokens ?? 0) + c.cachedInputTokens;
    if (c.cacheWriteTokens) u.cacheWriteTokens = (u.cacheWriteTokens ?? 0) + c.cacheWriteTokens;
    if (c.cacheSavingUsd !== undefined) u.cacheSavingUsd = (u.cacheSavingUsd ?? 0) + c.cacheSavingUsd;
  }
  if (reply.formatError !== undefined) u.formatErrors++;
  u.formatWarnings += reply.formatWarnings?.length ?? 0;
  if (reply.repaired) u.repairs++;
  if (reply.fencedJson) u.fencedJson = 1;
  if (reply.invalidTools?.length) u.invalidTools = 1;
  return u;
}

/** The calls as recorded: latencies in whole milliseconds. */
export const callRecords = (calls: CallUsage[]) =>
  calls.map((c) => ({ ...c, latencyMs: Math.round(c.latencyMs) }));

/** The `target` argument of a call, if it has one. */
export function targetArg(args: Record<string, unknown>): string | undefined {
  return typeof args.target === "string" ? args.target.trim() : undefined;
}

/** What an assistant handle points at: its current view first, then its fixed target handles. */
export function resolveAssistantTarget(
  view: RoleObservation,
  k: StoreKnowledge,
  handle: string | undefined,
): string | null {
  if (!handle) return null;
  const inView = view.handles.products[handle] ?? view.handles.targets[handle];
  if (inView) return inView;
  for (const [id, h] of k.handles.assistant) if (h === handle) return id;
  return null;
}

/** A copy of the world's state after the turn. */
export function stateRecord(state: WorldState): TurnRecord["state"] {
  return {
    pose: { ...state.pose },
    held: state.held?.product ?? null,
    cart: [...state.cart],
    checked: [...state.checked],
    declined: [...state.declined],
    revealed: Object.keys(state.revealed),
  };
}

/** What the world did with the shopper's call, and what the call pointed at. */
export function executionRecord(
  r: StepOutcome,
  targetId: string | null,
  targetName: string | null,
): TurnRecord["execution"] {
  return {
    tool: r.tool ?? null,
    success: r.success,
    ...(r.error !== undefined ? { error: r.error } : {}),
    displacement: r.displacement,
    blocked: r.blocked ?? false,
    targetId,
    targetName,
    ...(r.revealed ? { revealed: r.revealed as Record<string, unknown> } : {}),
    ...(r.addedToCart ? { addedToCart: r.addedToCart } : {}),
    stalled: r.stalled,
  };
}
