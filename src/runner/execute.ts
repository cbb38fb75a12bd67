import type { StoreKnowledge } from "../agents/knowledge/store-knowledge.js";
import type { PromptSet } from "../agents/prompts/prompt-set.js";
import type { PolicyOptions } from "../agents/role-registry.js";
import type { EnvId } from "../core/manifest.js";
import { failedOutcome, runEpisode, trajectory } from "../episode/run-episode.js";
import type { LlmClient } from "../llm/client.js";
import type { RenderService } from "../render/render-service.js";
import type { RunStore } from "../storage/run-store.js";
import { hashOnlyImages } from "../trajectory/image-sink.js";
import type { EpisodeHeader, Trajectory } from "../trajectory/trajectory.js";
import { forgetViews, World } from "../world/world.js";
import type { RunPolicies } from "./build.js";
import type { PlannedEpisode } from "./plan.js";
import type { RunConfig } from "./run-config.js";

/** Where the time of an episode went (for benchmarks). */
export interface EpisodeStats {
  renderMs: number;
  modelMs: number;
}

/** Everything the episodes of a run share. */
export interface ExecuteContext {
  store: RunStore;
  config: RunConfig;
  policies: RunPolicies;
  client: LlmClient;
  prompts: PromptSet;
  render: RenderService;
  knowledge: Map<EnvId, StoreKnowledge>;
  /** The header fields every episode of the run shares. */
  header: Omit<EpisodeHeader, "env" | "task" | "profile">;
  /** This process's name for its attempts at episodes (each write names its attempt). */
  owner: string;
  /** Stop taking new episodes (episodes in flight finish). */
  signal?: AbortSignal;
  onEpisode?: (episode: PlannedEpisode, trajectory: Trajectory, stats: EpisodeStats) => void;
  /**
   * Close a store's render pages and drop its shared views once its last episode has ended (the
   * episodes come store by store: the next store's scene need not share memory with the last's).
   * Only for a render pool the run owns.
   */
  retireStores?: boolean;
  /** The episode's world, once made (a live view follows its scene state: what is picked up or held). */
  onWorld?: (episode: PlannedEpisode, world: World) => void;
}

let attempts = 0;

/**
 * Plays one episode with fresh policies, committing each turn; an episode that failed is stored as
 * `error`. Every write names this attempt, so an attempt that lost the episode cannot touch it; a
 * finished episode is never restarted.
 */
export async function playEpisode(e: PlannedEpisode, ctx: ExecuteContext): Promise<void> {
  const { store, config, policies } = ctx;
  const knowledge = ctx.knowledge.get(e.env)!;
  const header: EpisodeHeader = { ...ctx.header, env: e.env, task: e.task, profile: e.profile };
  const attempt = `${ctx.owner}#${++attempts}`;
  if (!(await store.startEpisode(header, e.position, attempt))) return;
  const stats: EpisodeStats = { renderMs: 0, modelMs: 0 };
  // A world that cannot be made (its render page failed twice) fails this episode, not the run.
  let world: World;
  try {
    world = await World.create(e.env, ctx.render);
    ctx.onWorld?.(e, world);
  } catch (err) {
    const outcome = failedOutcome(err);
    await store.failEpisode(header, outcome, attempt);
    ctx.onEpisode?.(e, trajectory(header, [], outcome), stats);
    return;
  }
  const options = (p: { temperature?: number; maxOutputTokens?: number }): PolicyOptions => ({
    knowledge,
    task: e.task,
    seed: config.seed,
    condition: config.condition,
    client: ctx.client,
    prompts: ctx.prompts,
    ...(p.temperature !== undefined ? { temperature: p.temperature } : {}),
    ...(p.maxOutputTokens !== undefined ? { maxOutputTokens: p.maxOutputTokens } : {}),
  });
  const t = await runEpisode({
    header,
    world,
    knowledge,
    agents: {
      assistant: policies.assistant.create(options(policies.assistant)),
      shopper: policies.shopper.create(options(policies.shopper)),
      moderator: policies.moderator.create(options(policies.moderator)),
    },
    images: config.images ? store.images : hashOnlyImages,
    minimaps: {
      assistant: policies.assistant.needs?.minimap === true,
      // The paper gives the map to the assistant only; `shopperMap` gives the shopper its own.
      shopper: policies.shopper.needs?.minimap === true && config.shopperMap,
    },
    stats,
    skipLastView: true,
    onTurn: (record, outcome) => store.writeTurn(header, record, outcome, attempt),
  });
  if (t.outcome.reason === "error") await store.failEpisode(header, t.outcome, attempt);
  ctx.onEpisode?.(e, t, stats);
}

/**
 * Plays the episodes `concurrency` at a time, sharing one render pool and one model client. A failure
 * that is not an episode's own (the store cannot be written: a full disk, a lost lease) stops the
 * run: no new episode starts, those in flight end, and the first such failure is thrown.
 */
export async function executeEpisodes(todo: PlannedEpisode[], ctx: ExecuteContext): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | undefined;
  const stores = new StoreTurns(todo);
  const worker = async () => {
    while (next < todo.length && !ctx.signal?.aborted && !failure) {
      const e = todo[next++]!;
      stores.take(e.env);
      // Retiring stores, a store's first episode waits for the stores before it to end: two
      // scenes at once would double the browser's memory for the time of an episode.
      if (ctx.retireStores) await stores.before(e.env);
      try {
        await playEpisode(e, ctx);
      } catch (err) {
        failure ??= { err };
      } finally {
        if (stores.ended(e.env) && ctx.retireStores) await retireStore(ctx.render, e.env);
        stores.settle(e.env);
      }
    }
  };
  const workers = Math.min(ctx.config.concurrency, Math.max(1, todo.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failure) throw failure.err;
}

/** How many of each store's episodes are left, and a promise per store for the moment none is. */
class StoreTurns {
  private readonly order: EnvId[];
  private readonly left = new Map<EnvId, number>();
  private readonly untaken = new Map<EnvId, number>();
  private readonly done = new Map<EnvId, { promise: Promise<void>; resolve: () => void }>();

  constructor(todo: PlannedEpisode[]) {
    for (const e of todo) this.left.set(e.env, (this.left.get(e.env) ?? 0) + 1);
    for (const [env, n] of this.left) this.untaken.set(env, n);
    this.order = [...this.left.keys()];
    for (const env of this.order) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      this.done.set(env, { promise, resolve });
    }
  }

  /** A worker took one of the store's episodes. */
  take(env: EnvId): void {
    this.untaken.set(env, this.untaken.get(env)! - 1);
  }

  /**
   * Resolves once the stores before `env` in the plan have no episode in flight. Only a store whose
   * episodes were all taken is waited for: those end, stopped run or not (a plan that goes back to
   * an earlier store waits for nothing).
   */
  async before(env: EnvId): Promise<void> {
    for (const earlier of this.order.slice(0, this.order.indexOf(env)))
      if (this.untaken.get(earlier) === 0) await this.done.get(earlier)!.promise;
  }

  /** One of the store's episodes ended; whether it was its last. */
  ended(env: EnvId): boolean {
    this.left.set(env, this.left.get(env)! - 1);
    return this.left.get(env) === 0;
  }

  /** After `ended`: the store's waiters go on if it has no episode left. */
  settle(env: EnvId): void {
    if (this.left.get(env) === 0) this.done.get(env)!.resolve();
  }
}

/** A store none of the run's episodes needs any more: its pages closed, its shared views dropped. */
async function retireStore(render: RenderService, env: EnvId): Promise<void> {
  forgetViews(render, env);
  await render.retire(env);
}
