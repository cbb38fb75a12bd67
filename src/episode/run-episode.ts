import type { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import type {
  ActionRecord,
  AssistantPolicy,
  CallUsage,
  DialogueTurn,
  ModeratorPolicy,
  PolicyReply,
  SharedState,
  ShopperPolicy,
} from "../agents/types.js";
import type { Condition } from "../core/dialogue.js";
import { shortMessage } from "../core/errors.js";
import type { Profile } from "../core/profile.js";
import type { Task } from "../core/task.js";
import { minimap } from "../render/minimap.js";
import type { RoleObservation } from "../render/observer.js";
import type { ImageSink } from "../trajectory/image-sink.js";
import {
  type EpisodeHeader,
  type EpisodeOutcome,
  type RoleObservationRecord,
  type RoleUsage,
  type TerminationReason,
  TRAJECTORY_KIND,
  TRAJECTORY_VERSION,
  type Trajectory,
  type TurnRecord,
} from "../trajectory/trajectory.js";
import { addUsages, emptyUsage, emptyUsages } from "../trajectory/usage.js";
import type { World } from "../world/world.js";
import type { WorldState } from "../world/world-core.js";
import { assistantView } from "./assistant-context.js";
import { finalTermination, runtimeTermination } from "./termination.js";

export interface EpisodeAgents {
  assistant: AssistantPolicy;
  shopper: ShopperPolicy;
  moderator: ModeratorPolicy;
}

export interface EpisodeOptions {
  header: EpisodeHeader;
  world: World;
  knowledge: StoreKnowledge;
  agents: EpisodeAgents;
  images: ImageSink;
  /** Which roles get their minimap each turn (a role left out gets an empty buffer). */
  minimaps?: { assistant?: boolean; shopper?: boolean };
  /**
   * Called when a turn completes; `outcome` is set on the last one (store both in one transaction).
   * A failure here (or in `images`) is not the episode's: it is thrown to the caller, not turned
   * into an `error` outcome, since nothing more of the episode could be stored anyway.
   */
  onTurn?: (turn: TurnRecord, outcome: EpisodeOutcome | undefined) => void | Promise<void>;
  /** Accumulates time spent rendering observations and waiting for models (for benchmarks). */
  stats?: { renderMs: number; modelMs: number };
}

function usageOf(reply: PolicyReply<unknown> | undefined): RoleUsage {
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
  return u;
}

const callRecords = (calls: CallUsage[]) => calls.map((c) => ({ ...c, latencyMs: Math.round(c.latencyMs) }));

/** A failure to store what the episode produced: the caller's to handle, never an episode outcome. */
class StoreFailure {
  constructor(readonly cause: unknown) {}
}

async function stored<T>(write: () => T | Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw new StoreFailure(err);
  }
}

async function observationRecord(view: RoleObservation, images: ImageSink): Promise<RoleObservationRecord> {
  return {
    image: await stored(() => images.put(view.image)),
    products: view.products.map((p) => ({
      handle: p.handle,
      id: view.handles.products[p.handle]!,
      name: `${p.brand} ${p.name}`,
      distanceM: p.distanceM,
      bearing: p.bearing,
    })),
    targets: view.targets.map((t) => ({
      handle: t.handle,
      id: view.handles.targets[t.handle]!,
      name: t.name,
      kind: t.kind,
      approaches: t.approaches,
      distanceM: t.distanceM,
      bearing: t.bearing,
    })),
  };
}

function targetArg(args: Record<string, unknown>): string | undefined {
  return typeof args.target === "string" ? args.target.trim() : undefined;
}

/** What an assistant handle points at: its current view first, then its fixed target handles. */
function resolveAssistantTarget(
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

/** The last `n` earlier views (all of them for "all"). */
function lastViews<T>(earlier: T[], n: number | "all"): T[] {
  return n === "all" ? [...earlier] : n === 0 ? [] : earlier.slice(-n);
}

function shared(state: WorldState): SharedState {
  return { pose: state.pose, held: state.held?.product ?? null, cart: state.cart };
}

function stateRecord(state: WorldState): TurnRecord["state"] {
  return {
    pose: { ...state.pose },
    held: state.held?.product ?? null,
    cart: [...state.cart],
    checked: [...state.checked],
    declined: [...state.declined],
    revealed: Object.keys(state.revealed),
  };
}

/**
 * One episode of the interactive protocol (paper §2, Appendix B.3). Each turn: the assistant's
 * output → the shopper's reply and exactly one action → the world executes it (an illegal call is
 * refused, recorded, and the episode goes on) → the runtime's termination checks → if still active,
 * the moderator → motion stall. A failure that survived retries ends the episode with `error`.
 */
export async function runEpisode(opts: EpisodeOptions): Promise<Trajectory> {
  const { header, world, knowledge: k, agents, images } = opts;
  const env = header.env;
  const condition: Condition = header.condition;
  const task: Task = header.task;
  const profile: Profile = header.profile;
  const stats = opts.stats ?? { renderMs: 0, modelMs: 0 };
  try {
    await world.reset();
  } catch (err) {
    return trajectory(header, [], failedOutcome(err));
  }
  stats.renderMs += world.observation.timings.observationMs;
  const history: DialogueTurn[] = [];
  const turns: TurnRecord[] = [];
  let usage = emptyUsages();
  let recommendations = 0;
  let lastAction: ActionRecord | undefined;
  let reason: TerminationReason = "turn_limit";
  let error: string | undefined;
  const finish = (): EpisodeOutcome => {
    const state = world.state;
    const purchased = state.cart.at(-1) ?? null;
    return {
      reason,
      success: reason === "success_cart_added",
      turns: turns.length,
      cart: [...state.cart],
      purchased,
      purchasedReference: purchased !== null && task.referenceItems.includes(purchased),
      recommendations,
      ...(error !== undefined ? { error } : {}),
      usage,
    };
  };

  const context = header.context ?? { historyImages: "all", captionIds: false };
  const earlier: { turn: number; image: Buffer }[] = [];
  for (let turn = 0; turn < header.maxTurns; turn++) {
    try {
      const obs = world.observation;
      const before = world.state;
      const pose = { ...before.pose };
      const maps = await Promise.all([
        opts.minimaps?.assistant ? minimap(env, "assistant", pose) : Buffer.alloc(0),
        opts.minimaps?.shopper ? minimap(env, "shopper", pose) : Buffer.alloc(0),
      ]);
      const aView = obs.roles.assistant;
      const sView = obs.roles.shopper;
      const views = condition === "full" ? lastViews(earlier, context.historyImages) : [];
      const a = await agents.assistant.act({
        env,
        condition,
        turn,
        maxTurns: header.maxTurns,
        history,
        observation: assistantView(aView, condition, context),
        minimap: maps[0]!,
        shared: shared(before),
        views,
      });
      if (condition === "full") earlier.push({ turn, image: aView.image });
      const act = a.output.assistant_actions[0];
      if (act?.type === "Recommend") recommendations++;
      const s = await agents.shopper.act({
        env,
        turn,
        profile,
        task,
        history,
        assistantUtterance: a.output.utterance,
        observation: sView,
        minimap: maps[1]!,
        shared: shared(before),
        checked: before.checked,
        revealed: before.revealed,
        ...(lastAction ? { lastAction } : {}),
      });
      const call = s.output.tool_call;
      const shopperHandle = targetArg(call.arguments);
      const targetId = shopperHandle
        ? (sView.handles.products[shopperHandle] ?? sView.handles.targets[shopperHandle] ?? null)
        : null;
      const targetName = targetId
        ? (k.products.get(targetId)?.name ?? k.targets.get(targetId)?.name ?? null)
        : null;
      const r = await world.step(call);
      if (r.success) stats.renderMs += r.observation.timings.observationMs;
      lastAction = {
        call,
        ...(targetName ? { targetName } : {}),
        success: r.success,
        ...(r.error !== undefined ? { error: r.error } : {}),
        displacement: r.displacement,
        ...(r.revealed ? { revealed: r.revealed } : {}),
        ...(r.addedToCart ? { addedToCart: r.addedToCart } : {}),
      };
      history.push({
        turn,
        assistant: { utterance: a.output.utterance, ...(act ? { act: act.type } : {}) },
        shopper: { utterance: s.output.utterance, action: lastAction },
      });

      let ended = runtimeTermination({
        turn,
        maxTurns: header.maxTurns,
        addedToCart: !!r.addedToCart,
        recommendations,
        stalled: r.stalled,
      });
      let moderator: TurnRecord["termination"]["moderator"] = null;
      let m: PolicyReply<{ decision: "yes" | "no"; reason?: string }> | undefined;
      if (!ended) {
        m = await agents.moderator.decide({
          env,
          history,
          assistantUtterance: a.output.utterance,
          shopperUtterance: s.output.utterance,
          action: lastAction,
        });
        moderator = {
          decision: m.output.decision,
          ...(m.output.reason !== undefined ? { reason: m.output.reason } : {}),
          ...(m.formatError !== undefined ? { formatError: m.formatError } : {}),
          ...(m.formatWarnings?.length ? { formatWarnings: m.formatWarnings } : {}),
          calls: callRecords(m.calls),
        };
        ended = finalTermination(m.output.decision === "yes", r.stalled);
      }
      for (const c of [...a.calls, ...s.calls, ...(m?.calls ?? [])]) stats.modelMs += c.latencyMs;
      const turnUsage = { assistant: usageOf(a), shopper: usageOf(s), moderator: usageOf(m) };
      usage = addUsages(usage, turnUsage);
      const record: TurnRecord = {
        turn,
        pose,
        observations: {
          assistant: await observationRecord(aView, images),
          shopper: await observationRecord(sView, images),
        },
        assistant: {
          output: a.output,
          expectedTargetId: resolveAssistantTarget(
            aView,
            k,
            targetArg(a.output.expected_user_action.arguments),
          ),
          views: condition === "full" ? [...views.map((v) => v.turn), turn] : [],
          ...(a.formatError !== undefined ? { formatError: a.formatError } : {}),
          ...(a.formatWarnings?.length ? { formatWarnings: a.formatWarnings } : {}),
          repaired: a.repaired ?? false,
          calls: callRecords(a.calls),
        },
        shopper: {
          output: s.output,
          ...(s.formatError !== undefined ? { formatError: s.formatError } : {}),
          ...(s.formatWarnings?.length ? { formatWarnings: s.formatWarnings } : {}),
          repaired: s.repaired ?? false,
          calls: callRecords(s.calls),
        },
        execution: {
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
        },
        state: stateRecord(r.state),
        termination: { recommendations, moderator, ended: ended !== undefined, reason: ended ?? null },
        usage: turnUsage,
      };
      turns.push(record);
      if (ended) {
        reason = ended;
        const outcome = finish();
        await stored(() => opts.onTurn?.(record, outcome));
        return trajectory(header, turns, outcome);
      }
      await stored(() => opts.onTurn?.(record, undefined));
    } catch (err) {
      if (err instanceof StoreFailure) throw err.cause;
      reason = "error";
      error = shortMessage(err);
      break;
    }
  }
  // Only an error leaves the loop without a last turn record carrying the outcome.
  return trajectory(header, turns, finish());
}

/** The outcome of an episode that failed before its first turn (its world could not be made or reset). */
export function failedOutcome(err: unknown): EpisodeOutcome {
  return {
    reason: "error",
    success: false,
    turns: 0,
    cart: [],
    purchased: null,
    purchasedReference: false,
    recommendations: 0,
    error: shortMessage(err),
    usage: emptyUsages(),
  };
}

export function trajectory(header: EpisodeHeader, turns: TurnRecord[], outcome: EpisodeOutcome): Trajectory {
  return { kind: TRAJECTORY_KIND, version: TRAJECTORY_VERSION, header, turns, outcome };
}
