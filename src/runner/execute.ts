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
import { World } from "../world/world.js";
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
  const worker = async () => {
    while (next < todo.length && !ctx.signal?.aborted && !failure) {
      try {
        await playEpisode(todo[next++]!, ctx);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  const workers = Math.min(ctx.config.concurrency, Math.max(1, todo.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failure) throw failure.err;
}
