import type { PromptSet } from "../agents/prompts/prompt-set.js";
import type { PolicyReply, ShopperContext, ShopperOutput, ShopperPolicy } from "../agents/types.js";
import type { EnvId } from "../core/manifest.js";
import { ExternalDecisions } from "../env-server/external-decisions.js";
import type { LlmClient } from "../llm/client.js";
import type { RenderService } from "../render/render-service.js";
import { agentIds, buildPolicies, loadKnowledge } from "../runner/build.js";
import { playEpisode } from "../runner/execute.js";
import { keepLease } from "../runner/lease-heartbeat.js";
import { identityParts, planRun } from "../runner/plan.js";
import { runHeader } from "../runner/run-benchmark.js";
import type { RunConfig } from "../runner/run-config.js";
import type { LeaseOwner, RunStore } from "../storage/run-store.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import type { World } from "../world/world.js";
import { shopperId, studyRunConfig } from "./study-run-config.js";
import type { Interaction, Study, StudyParticipant } from "./study-spec.js";

/** An episode in play: the human shopper's decisions, its world, and its end. */
export interface LiveEpisode {
  /** Where the participant's decisions meet the episode loop. */
  decisions: ExternalDecisions<ShopperContext, PolicyReply<ShopperOutput>>;
  /** The episode's world, once made. */
  world?: World;
  /** The episode's end: its trajectory (undefined when none was stored). */
  done: Promise<Trajectory | undefined>;
  /** The shopper's annotated view and minimap of the outstanding turn (PNG). */
  image?: Buffer;
  minimap?: Buffer;
  /** The invite token it was started with: a request with a newer one does not continue it. */
  token: string;
  /** Set when the organiser withdrew that token: the episode is being stopped. */
  withdrawn?: boolean;
}

/** What a study episode is played with: the runtime's store, lease owner, prompts, renderer and model client. */
export interface StudyEpisodeDeps {
  /** The run store, opened for writing. */
  store: RunStore;
  /** Who holds the interaction's run while it plays. */
  owner: LeaseOwner;
  prompts: PromptSet;
  /** The render pool (started on first use). */
  render: (config: RunConfig) => Promise<RenderService>;
  /** The assistants' model client (made on first use). */
  client: (config: RunConfig) => LlmClient;
}

/** Stops an episode in play because its invite was withdrawn: the participant's pending decision fails. */
export function stopEpisode(live: LiveEpisode, reason: string): void {
  live.withdrawn = true;
  live.decisions.cancel(new Error(reason));
}

/**
 * Opens an interaction's run and starts its episode with `playEpisode`, as `siturec run` plays one,
 * the shopper's decisions left to the participant (`decisions`).
 */
export async function startStudyEpisode(
  deps: StudyEpisodeDeps,
  found: { study: Study; participant: StudyParticipant },
  interaction: Interaction,
): Promise<LiveEpisode> {
  const { study, participant } = found;
  const { store, owner, prompts } = deps;
  const env = study.env as EnvId;
  const config = studyRunConfig(study, participant, interaction.assistant, store.location);
  const render = await deps.render(config);
  const client = deps.client(config);
  const live: LiveEpisode = {
    decisions: new ExternalDecisions(),
    done: Promise.resolve(undefined),
    token: participant.token,
  };
  const human: ShopperPolicy = {
    id: shopperId(participant),
    act: async (ctx) => {
      const reply = live.decisions.ask(ctx);
      live.image = ctx.observation.image;
      live.minimap = ctx.minimap;
      return reply;
    },
  };
  const policies = buildPolicies(config, {
    shopper: { id: shopperId(participant), needs: { minimap: true }, create: () => human },
  });
  const ids = agentIds(policies);
  const browser = { version: render.browserVersion, renderer: render.rendererName };
  const parts = { ...identityParts(config, prompts.hash, ids, browser), study: study.id };
  const exists = await store.getRun(interaction.run);
  const plan = await planRun(store, config, parts, {
    ...(exists ? { resume: interaction.run } : { runId: interaction.run }),
    owner,
  });
  const episode = plan.episodes.find((e) => e.task.id === interaction.task)!;
  const heartbeat = keepLease(store, plan.runId, owner.id, (err) =>
    live.decisions.cancel(err instanceof Error ? err : new Error(String(err))),
  );
  let played: Trajectory | undefined;
  live.done = playEpisode(episode, {
    store,
    config,
    policies,
    client,
    prompts,
    render,
    knowledge: await loadKnowledge([env]),
    header: runHeader(config, plan.runId, plan.identity, ids, prompts),
    owner: owner.id,
    onWorld: (_e, world) => {
      live.world = world;
    },
    onEpisode: (_e, t) => {
      played = t;
    },
  })
    .then(async () => played ?? (await storedTrajectory(store, plan.runId, env, interaction.task)))
    .finally(async () => {
      clearInterval(heartbeat);
      const rows = await store.episodes(plan.runId);
      const complete = rows.length === plan.episodes.length && rows.every((r) => r.status === "finished");
      await store.setRunStatus(plan.runId, complete ? "complete" : "incomplete").catch(() => {});
      await store.releaseLease(plan.runId, owner.id).catch(() => {});
    });
  return live;
}

/** An episode finished earlier (the record lagged behind the store), read back. */
async function storedTrajectory(
  store: RunStore,
  run: string,
  env: string,
  task: string,
): Promise<Trajectory | undefined> {
  for await (const t of store.trajectories(run))
    if (t.header.env === env && t.header.task.id === task) return t;
  return undefined;
}
