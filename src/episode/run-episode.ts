import type { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import type {
  ActionRecord,
  AssistantOutput,
  AssistantPolicy,
  DialogueTurn,
  ModeratorOutput,
  ModeratorPolicy,
  PolicyReply,
  SharedState,
  ShopperOutput,
  ShopperPolicy,
} from "../agents/types.js";
import type { Condition, ToolCall } from "../core/dialogue.js";
import { shortMessage } from "../core/errors.js";
import { type TurnModelCalls, withModelCalls } from "../core/model-call-record.js";
import { minimap } from "../render/minimap.js";
import type { RoleObservation } from "../render/observer.js";
import type { ImageSink } from "../trajectory/image-sink.js";
import {
  type AssistantContextSettings,
  DEFAULT_HISTORY_IMAGES,
  type EpisodeHeader,
  type EpisodeOutcome,
  type RoleObservationRecord,
  type TerminationReason,
  TRAJECTORY_KIND,
  TRAJECTORY_VERSION,
  type Trajectory,
  type TurnRecord,
} from "../trajectory/trajectory.js";
import { addUsages, emptyUsages } from "../trajectory/usage.js";
import type { World } from "../world/world.js";
import type { StepOutcome, WorldState } from "../world/world-core.js";
import { assistantView } from "./assistant-context.js";
import { actionForOthers, historyForOthers } from "./history-for-others.js";
import { finalTermination, runtimeTermination } from "./termination.js";
import { turnModelCalls } from "./turn-model-calls.js";
import {
  callRecords,
  executionRecord,
  resolveAssistantTarget,
  stateRecord,
  targetArg,
  usageOf,
} from "./turn-record.js";

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
   * The turn carries its model calls (requests, raw replies) under `MODEL_CALLS` when a role made
   * some: `RunStore.writeTurn` stores them beside it; its JSON, the trajectory's turn, leaves them out.
   * A failure here (or in `images`) is not the episode's: it is thrown to the caller, not turned
   * into an `error` outcome, since nothing more of the episode could be stored anyway.
   */
  onTurn?: (turn: TurnRecord, outcome: EpisodeOutcome | undefined) => void | Promise<void>;
  /**
   * Leave the view after the episode's last call unrendered (nobody sees it): the world executes
   * each call with `act` and renders with `look` once the turn is known not to be the last. Default
   * false: every executed call is rendered at once by `world.step` (a caller that wraps `step`, e.g.
   * to time the world, sees every render).
   */
  skipLastView?: boolean;
  /** Accumulates time spent rendering observations and waiting for models (for benchmarks). */
  stats?: { renderMs: number; modelMs: number };
}

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

/** The last `n` earlier views (all of them for "all"). */
function lastViews<T>(earlier: T[], n: number | "all"): T[] {
  return n === "all" ? [...earlier] : n === 0 ? [] : earlier.slice(-n);
}

function shared(state: WorldState): SharedState {
  return { pose: state.pose, held: state.held?.product ?? null, cart: state.cart };
}

type AssistantReply = PolicyReply<AssistantOutput>;
type ShopperReply = PolicyReply<ShopperOutput>;
type ModeratorReply = PolicyReply<ModeratorOutput>;

/** What the shopper's call did in the world, and what it pointed at. */
interface Execution {
  r: StepOutcome & { state: WorldState };
  action: ActionRecord;
  targetId: string | null;
  targetName: string | null;
}

/** How a turn ended: the runtime's or the moderator's decision, and the moderator's reply if it was asked. */
interface Verdict {
  ended: TerminationReason | undefined;
  m: ModeratorReply | undefined;
  moderator: TurnRecord["termination"]["moderator"];
}

/** What an episode carries from turn to turn, and the steps of one turn. */
class EpisodeLoop {
  readonly turns: TurnRecord[] = [];
  private readonly history: DialogueTurn[] = [];
  private usage = emptyUsages();
  private recommendations = 0;
  private lastAction: ActionRecord | undefined;
  private readonly context: AssistantContextSettings;
  private readonly earlier: { turn: number; image: Buffer }[] = [];

  constructor(
    private readonly opts: EpisodeOptions,
    private readonly stats: { renderMs: number; modelMs: number },
  ) {
    this.context = opts.header.context ?? {
      historyImages: DEFAULT_HISTORY_IMAGES,
      captionIds: false,
      shopperMap: false,
    };
  }

  /** One turn: its record, its model calls, and why it ended the episode (undefined if it goes on). */
  async play(turn: number): Promise<{
    record: TurnRecord;
    calls: TurnModelCalls | undefined;
    ended: TerminationReason | undefined;
  }> {
    const { world, images } = this.opts;
    const obs = world.observation;
    const before = world.state;
    const pose = { ...before.pose };
    const maps = await this.minimaps(pose);
    const aView = obs.roles.assistant;
    const sView = obs.roles.shopper;
    const { a, views } = await this.askAssistant(turn, before, aView, maps[0]);
    const act = a.output.assistant_actions[0];
    const s = await this.askShopper(turn, before, sView, a.output.utterance, maps[1]);
    const exec = await this.execute(s.output.tool_call, sView);
    this.history.push({
      turn,
      assistant: { utterance: a.output.utterance, ...(act ? { act: act.type } : {}) },
      shopper: { utterance: s.output.utterance, action: exec.action },
    });
    const { ended, m, moderator } = await this.moderate(turn, a, s, exec);
    // With `skipLastView` the view after the call is rendered here, only for a turn that follows.
    if (!ended && exec.r.success) this.stats.renderMs += (await world.look()).timings.observationMs;
    for (const c of [...a.calls, ...s.calls, ...(m?.calls ?? [])]) this.stats.modelMs += c.latencyMs;
    const turnUsage = { assistant: usageOf(a), shopper: usageOf(s), moderator: usageOf(m) };
    this.usage = addUsages(this.usage, turnUsage);
    const record: TurnRecord = {
      turn,
      pose,
      observations: {
        assistant: await observationRecord(aView, images),
        shopper: await observationRecord(sView, images),
      },
      assistant: this.assistantRecord(turn, a, aView, views),
      shopper: {
        output: s.output,
        ...(s.formatError !== undefined ? { formatError: s.formatError } : {}),
        ...(s.formatWarnings?.length ? { formatWarnings: s.formatWarnings } : {}),
        repaired: s.repaired ?? false,
        calls: callRecords(s.calls),
      },
      execution: executionRecord(exec.r, exec.targetId, exec.targetName),
      state: stateRecord(exec.r.state),
      termination: {
        recommendations: this.recommendations,
        moderator,
        ended: ended !== undefined,
        reason: ended ?? null,
      },
      usage: turnUsage,
    };
    const roles = [
      ["assistant", a],
      ["shopper", s],
      ["moderator", m],
    ] as const;
    const calls = await stored(() => turnModelCalls(roles, images));
    return { record, calls, ended };
  }

  /** The episode's outcome as things stand: the world's cart and what the turns so far add up to. */
  outcome(reason: TerminationReason, error?: string): EpisodeOutcome {
    const state = this.opts.world.state;
    const purchased = state.cart.at(-1) ?? null;
    return {
      reason,
      success: reason === "success_cart_added",
      turns: this.turns.length,
      cart: [...state.cart],
      purchased,
      purchasedReference: purchased !== null && this.opts.header.task.referenceItems.includes(purchased),
      recommendations: this.recommendations,
      ...(error !== undefined ? { error } : {}),
      usage: this.usage,
    };
  }

  private minimaps(pose: WorldState["pose"]): Promise<[Buffer, Buffer]> {
    const { header, minimaps } = this.opts;
    return Promise.all([
      minimaps?.assistant ? minimap(header.env, "assistant", pose) : Buffer.alloc(0),
      minimaps?.shopper ? minimap(header.env, "shopper", pose) : Buffer.alloc(0),
    ]);
  }

  /** The assistant's turn, with the earlier views it was shown (the `full` condition's history). */
  private async askAssistant(
    turn: number,
    before: WorldState,
    aView: RoleObservation,
    map: Buffer,
  ): Promise<{ a: AssistantReply; views: { turn: number; image: Buffer }[] }> {
    const { header, agents } = this.opts;
    const condition: Condition = header.condition;
    const views = condition === "full" ? lastViews(this.earlier, this.context.historyImages) : [];
    const a = await agents.assistant.act({
      env: header.env,
      condition,
      turn,
      maxTurns: header.maxTurns,
      history: historyForOthers(this.history),
      observation: assistantView(aView, condition, this.context),
      minimap: map,
      shared: shared(before),
      views,
      captionIds: this.context.captionIds,
    });
    if (condition === "full") this.earlier.push({ turn, image: aView.image });
    if (a.output.assistant_actions[0]?.type === "Recommend") this.recommendations++;
    return { a, views };
  }

  private askShopper(
    turn: number,
    before: WorldState,
    sView: RoleObservation,
    assistantUtterance: string,
    map: Buffer,
  ): Promise<ShopperReply> {
    const { header, agents } = this.opts;
    const lastAction = this.lastAction;
    return agents.shopper.act({
      env: header.env,
      turn,
      profile: header.profile,
      task: header.task,
      history: this.history,
      assistantUtterance,
      observation: sView,
      minimap: map,
      shared: shared(before),
      checked: before.checked,
      revealed: before.revealed,
      ...(lastAction ? { lastAction } : {}),
    });
  }

  /**
   * The world executes the shopper's call (with `skipLastView`, its view is rendered once the turn is
   * known not to be the last); what it pointed at is named from the shopper's view.
   */
  private async execute(call: ToolCall, sView: RoleObservation): Promise<Execution> {
    const { world, knowledge: k } = this.opts;
    const shopperHandle = targetArg(call.arguments);
    const targetId = shopperHandle
      ? (sView.handles.products[shopperHandle] ?? sView.handles.targets[shopperHandle] ?? null)
      : null;
    const targetName = targetId
      ? (k.products.get(targetId)?.name ?? k.targets.get(targetId)?.name ?? null)
      : null;
    const r = this.opts.skipLastView ? world.act(call) : await world.step(call);
    const action: ActionRecord = {
      call,
      ...(targetName ? { targetName } : {}),
      success: r.success,
      ...(r.error !== undefined ? { error: r.error } : {}),
      displacement: r.displacement,
      ...(r.revealed ? { revealed: r.revealed } : {}),
      ...(r.addedToCart ? { addedToCart: r.addedToCart } : {}),
    };
    this.lastAction = action;
    return { r, action, targetId, targetName };
  }

  /** The runtime's termination checks, then, if the episode is still active, the moderator. */
  private async moderate(
    turn: number,
    a: AssistantReply,
    s: ShopperReply,
    { r, action }: Execution,
  ): Promise<Verdict> {
    const { header, agents } = this.opts;
    const ended = runtimeTermination({
      turn,
      maxTurns: header.maxTurns,
      addedToCart: !!r.addedToCart,
      recommendations: this.recommendations,
      stalled: r.stalled,
    });
    if (ended) return { ended, m: undefined, moderator: null };
    const m = await agents.moderator.decide({
      env: header.env,
      history: historyForOthers(this.history),
      assistantUtterance: a.output.utterance,
      shopperUtterance: s.output.utterance,
      action: actionForOthers(action),
    });
    const moderator = {
      decision: m.output.decision,
      ...(m.output.reason !== undefined ? { reason: m.output.reason } : {}),
      ...(m.formatError !== undefined ? { formatError: m.formatError } : {}),
      ...(m.formatWarnings?.length ? { formatWarnings: m.formatWarnings } : {}),
      calls: callRecords(m.calls),
    };
    return { ended: finalTermination(m.output.decision === "yes", r.stalled), m, moderator };
  }

  private assistantRecord(
    turn: number,
    a: AssistantReply,
    aView: RoleObservation,
    views: { turn: number }[],
  ): TurnRecord["assistant"] {
    return {
      output: a.output,
      expectedTargetId: resolveAssistantTarget(
        aView,
        this.opts.knowledge,
        targetArg(a.output.expected_user_action.arguments),
      ),
      views: this.opts.header.condition === "full" ? [...views.map((v) => v.turn), turn] : [],
      ...(a.formatError !== undefined ? { formatError: a.formatError } : {}),
      ...(a.formatWarnings?.length ? { formatWarnings: a.formatWarnings } : {}),
      repaired: a.repaired ?? false,
      calls: callRecords(a.calls),
    };
  }
}

/**
 * One episode of the interactive protocol (paper §2, Appendix B.3). Each turn: the assistant's
 * output → the shopper's reply and exactly one action → the world executes it (an illegal call is
 * refused, recorded, and the episode goes on) → the runtime's termination checks → if still active,
 * the moderator → motion stall. A failure that survived retries ends the episode with `error`.
 */
export async function runEpisode(opts: EpisodeOptions): Promise<Trajectory> {
  const { header, world } = opts;
  const stats = opts.stats ?? { renderMs: 0, modelMs: 0 };
  try {
    await world.reset();
  } catch (err) {
    return trajectory(header, [], failedOutcome(err));
  }
  stats.renderMs += world.observation.timings.observationMs;
  const loop = new EpisodeLoop(opts, stats);
  let reason: TerminationReason = "turn_limit";
  let error: string | undefined;
  for (let turn = 0; turn < header.maxTurns; turn++) {
    try {
      const { record, calls, ended } = await loop.play(turn);
      loop.turns.push(record);
      // The trajectory keeps the record alone; the store gets a copy carrying the calls.
      const carried = withModelCalls(record, calls);
      if (ended) {
        const outcome = loop.outcome(ended);
        await stored(() => opts.onTurn?.(carried, outcome));
        return trajectory(header, loop.turns, outcome);
      }
      await stored(() => opts.onTurn?.(carried, undefined));
    } catch (err) {
      if (err instanceof StoreFailure) throw err.cause;
      reason = "error";
      error = shortMessage(err);
      break;
    }
  }
  // Only an error leaves the loop without a last turn record carrying the outcome.
  return trajectory(header, loop.turns, loop.outcome(reason, error));
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
