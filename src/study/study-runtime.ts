import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { PromptSet } from "../agents/prompts/prompt-set.js";
import { builtinPrompts } from "../agents/prompts/prompt-set.js";
import type { PolicyReply, ShopperContext, ShopperOutput, ShopperPolicy } from "../agents/types.js";
import { SiturecError, shortMessage } from "../core/errors.js";
import type { EnvId } from "../core/manifest.js";
import type { Profile } from "../core/profile.js";
import type { Task } from "../core/task.js";
import { ExternalDecisions } from "../env-server/external-decisions.js";
import { loadEnvData } from "../envs/env-data.js";
import type { LlmClient } from "../llm/client.js";
import type { RenderService } from "../render/render-service.js";
import { agentIds, buildClient, buildPolicies, loadKnowledge, startRenderPool } from "../runner/build.js";
import { playEpisode } from "../runner/execute.js";
import { keepLease } from "../runner/lease-heartbeat.js";
import { identityParts, planRun } from "../runner/plan.js";
import { runHeader } from "../runner/run-benchmark.js";
import { parseRunConfig, type RunConfig } from "../runner/run-config.js";
import type { LeaseOwner, RunStore } from "../storage/run-store.js";
import { loadTaskBank } from "../tasks/task-bank-file.js";
import type { Trajectory } from "../trajectory/trajectory.js";
import { parseToolCall } from "../world/tools.js";
import { sceneState, type World } from "../world/world.js";
import {
  currentStage,
  type ParticipantBriefing,
  type ParticipantState,
  type ProductLabel,
  participantTurn,
} from "./participant-view.js";
import { QUESTIONNAIRE, SCALE } from "./questionnaire.js";
import type {
  ParticipantProfile,
  ParticipantRecord,
  QuestionnaireAnswers,
  Study,
  StudyParticipant,
} from "./study-spec.js";
import { StudyStore } from "./study-store.js";

/** A request the participant's state does not allow (the page shows the message; HTTP 409 or 422). */
export class StudyStateError extends SiturecError {
  override readonly name = "StudyStateError";
  constructor(
    message: string,
    readonly status: 404 | 409 | 422 = 409,
  ) {
    super(message, { exitCode: 2 });
  }
}

/** An episode in play: the human shopper's decisions, its world, and its end. */
interface LiveEpisode {
  decisions: ExternalDecisions<ShopperContext, PolicyReply<ShopperOutput>>;
  world?: World;
  done: Promise<Trajectory | undefined>;
  /** The shopper's annotated view and minimap of the outstanding turn (PNG). */
  image?: Buffer;
  minimap?: Buffer;
}

export interface StudyRuntimeOptions {
  /** The run store, opened for writing: studies, records and episodes go there. */
  store: RunStore;
  prompts?: PromptSet;
  /** The assistants' model client (default: one per the run defaults, caching under the store). */
  client?: LlmClient;
  /** A render pool to use (default: one started on the first interaction). */
  render?: RenderService;
  /** Where the organiser reads what went wrong (`siturec serve` prints it); never shown to participants. */
  log?: (line: string) => void;
}

type Found = { study: Study; participant: StudyParticipant };

/**
 * Plays participants' interactions: each is a SituRecBench episode run by the same `playEpisode` as
 * `siturec run`, with the shopper's decisions coming from the participant (ExternalDecisions) and
 * the study's assistant and moderator as configured, every turn committed to the run store. The
 * participant's record (profile, progress, answers) is saved at every change, so a reload, or
 * another device with the same link, continues where they were.
 */
export class StudyRuntime {
  readonly studies: StudyStore;
  private readonly live = new Map<string, LiveEpisode>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly owner: LeaseOwner = { id: randomUUID(), pid: process.pid, host: hostname() };
  private readonly prompts: PromptSet;
  private render: Promise<RenderService> | undefined;
  private client: LlmClient | undefined;
  private readonly ownRender: boolean;

  constructor(private readonly opts: StudyRuntimeOptions) {
    this.studies = new StudyStore(opts.store);
    this.prompts = opts.prompts ?? builtinPrompts();
    this.client = opts.client;
    this.render = opts.render ? Promise.resolve(opts.render) : undefined;
    this.ownRender = !opts.render;
  }

  /** The participant an invite token belongs to, or a 404. */
  async participant(token: string): Promise<Found> {
    const found = await this.studies.byToken(token);
    if (!found) throw new StudyStateError("this invite link is not valid (ask the organiser for yours)", 404);
    return found;
  }

  /** One participant's requests one at a time (two tabs cannot start or act twice). */
  private serial<T>(key: string, work: () => Promise<T>): Promise<T> {
    const next = (this.queues.get(key) ?? Promise.resolve()).then(work, work);
    this.queues.set(
      key,
      next.catch(() => {}),
    );
    return next;
  }

  async state(token: string): Promise<ParticipantState> {
    const found = await this.participant(token);
    return this.stateOf(found, await this.studies.record(found.study, found.participant));
  }

  saveProfile(token: string, profile: ParticipantProfile): Promise<ParticipantState> {
    return this.withRecord(token, async (_found, record) => {
      if (record.profile && record.interactions.some((i) => i.status !== "pending"))
        throw new StudyStateError("the profile cannot change once the first interaction has started");
      record.profile = profile;
      await this.studies.saveRecord(record);
      return record;
    });
  }

  /** Starts the interaction at hand (again from its beginning when the server lost it). */
  start(token: string, index: number): Promise<ParticipantState> {
    return this.withRecord(token, async (found, record) => {
      const { stage, index: at } = currentStage(record, this.live.has(key(found)));
      if (stage !== "goal" || at !== index)
        throw new StudyStateError(
          `interaction ${index + 1} cannot start now (the page is out of date: reload it)`,
        );
      const interaction = record.interactions[index]!;
      interaction.status = "playing";
      await this.studies.saveRecord(record);
      let live: LiveEpisode;
      try {
        live = await this.begin(found, record, index);
      } catch (err) {
        // The run could not be opened (held by another server, made by other code): nothing started.
        interaction.status = "pending";
        await this.studies.saveRecord(record);
        throw new StudyStateError(`interaction ${index + 1} could not start: ${shortMessage(err)}`);
      }
      await this.settle(found, record, live);
      return record;
    });
  }

  /** The participant's utterance and action for the outstanding turn; answers once the assistant has replied. */
  act(token: string, turn: number, output: ShopperOutput): Promise<ParticipantState> {
    return this.withRecord(token, async (found, record) => {
      const live = this.live.get(key(found));
      const ctx = live?.decisions.outstanding;
      if (!live || !ctx) throw new StudyStateError("no turn is waiting for you (reload the page)");
      if (ctx.turn !== turn)
        throw new StudyStateError(`turn ${turn + 1} is over; this is turn ${ctx.turn + 1} (reload the page)`);
      const parsed = parseToolCall(ctx.env, output.tool_call);
      if (!parsed.ok) throw new StudyStateError(`tool_call: ${parsed.error}`, 422);
      live.decisions.answer({ output, calls: [] });
      await this.settle(found, record, live);
      return record;
    });
  }

  /** The questionnaire of the interaction that just ended. */
  answer(token: string, index: number, answers: QuestionnaireAnswers): Promise<ParticipantState> {
    return this.withRecord(token, async (_found, record) => {
      const interaction = record.interactions[index];
      if (interaction?.status !== "questionnaire")
        throw new StudyStateError(
          `interaction ${index + 1} is not waiting for its questionnaire (reload the page)`,
        );
      interaction.answers = answers;
      interaction.answeredAt = new Date().toISOString();
      interaction.status = "done";
      await this.studies.saveRecord(record);
      return record;
    });
  }

  /** The outstanding turn's annotated view or minimap (PNG), for the page and for simulated participants. */
  async picture(token: string, which: "view" | "minimap"): Promise<Buffer | undefined> {
    const found = await this.participant(token);
    const live = this.live.get(key(found));
    return which === "view" ? live?.image : live?.minimap;
  }

  async close(): Promise<void> {
    for (const live of this.live.values()) live.decisions.cancel(new Error("the server is closing"));
    await Promise.allSettled([...this.live.values()].map((l) => l.done));
    this.live.clear();
    if (this.ownRender && this.render) await (await this.render.catch(() => undefined))?.close();
  }

  private withRecord(
    token: string,
    change: (found: Found, record: ParticipantRecord) => Promise<ParticipantRecord>,
  ): Promise<ParticipantState> {
    return this.participant(token).then((found) =>
      this.serial(key(found), async () => {
        const record = await this.studies.record(found.study, found.participant);
        return this.stateOf(found, await change(found, record));
      }),
    );
  }

  /** Waits for the next turn to ask the participant, or for the episode's end (then the questionnaire). */
  private async settle(found: Found, record: ParticipantRecord, live: LiveEpisode): Promise<void> {
    const ctx = await live.decisions.next(live.done);
    if (ctx) return;
    const t = await live.done;
    this.live.delete(key(found));
    const interaction = record.interactions.find((i) => i.status === "playing")!;
    const outcome = t?.outcome;
    interaction.outcome = {
      reason: outcome?.reason ?? "error",
      success: outcome?.success ?? false,
      turns: outcome?.turns ?? 0,
    };
    // A failed episode (the assistant's model unreachable) is played again, not rated.
    interaction.status = outcome && outcome.reason !== "error" ? "questionnaire" : "pending";
    await this.studies.saveRecord(record);
    if (interaction.status === "pending") {
      // The cause (a model id, an endpoint, a key) would tell the participant which assistant this
      // is: it goes to the organiser (the log, and the run's error episode), the participant is asked
      // to try again.
      this.opts.log?.(
        `study ${found.study.id}, ${found.participant.code}, interaction ${record.interactions.indexOf(interaction) + 1} (run ${interaction.run}) failed: ${outcome?.error ?? "the episode could not be played"}`,
      );
      throw new StudyStateError("something went wrong on our side; please start this part again");
    }
  }

  /** Opens the interaction's run and starts its episode, the shopper's decisions left to the participant. */
  private async begin(found: Found, record: ParticipantRecord, index: number): Promise<LiveEpisode> {
    const { study, participant } = found;
    const interaction = record.interactions[index]!;
    const env = study.env as EnvId;
    const config = studyRunConfig(study, participant, interaction.assistant, this.opts.store.location);
    this.render ??= startRenderPool(config);
    const render = await this.render;
    this.client ??= buildClient(config, this.opts.store.location);
    const live: LiveEpisode = {
      decisions: new ExternalDecisions(),
      done: Promise.resolve(undefined),
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
    const parts = { ...identityParts(config, this.prompts.hash, ids, browser), study: study.id };
    const exists = await this.opts.store.getRun(interaction.run);
    const plan = await planRun(this.opts.store, config, parts, {
      ...(exists ? { resume: interaction.run } : { runId: interaction.run }),
      owner: this.owner,
    });
    const episode = plan.episodes.find((e) => e.task.id === interaction.task)!;
    const heartbeat = keepLease(this.opts.store, plan.runId, this.owner.id, (err) =>
      live.decisions.cancel(err instanceof Error ? err : new Error(String(err))),
    );
    let played: Trajectory | undefined;
    live.done = playEpisode(episode, {
      store: this.opts.store,
      config,
      policies,
      client: this.client,
      prompts: this.prompts,
      render,
      knowledge: await loadKnowledge([env]),
      header: runHeader(config, plan.runId, plan.identity, ids, this.prompts),
      owner: this.owner.id,
      onWorld: (_e, world) => {
        live.world = world;
      },
      onEpisode: (_e, t) => {
        played = t;
      },
    })
      .then(async () => played ?? (await this.storedTrajectory(plan.runId, env, interaction.task)))
      .finally(async () => {
        clearInterval(heartbeat);
        const rows = await this.opts.store.episodes(plan.runId);
        const complete = rows.length === plan.episodes.length && rows.every((r) => r.status === "finished");
        await this.opts.store.setRunStatus(plan.runId, complete ? "complete" : "incomplete").catch(() => {});
        await this.opts.store.releaseLease(plan.runId, this.owner.id).catch(() => {});
      });
    this.live.set(key(found), live);
    return live;
  }

  /** An episode finished earlier (the record lagged behind the store), read back. */
  private async storedTrajectory(run: string, env: string, task: string): Promise<Trajectory | undefined> {
    for await (const t of this.opts.store.trajectories(run))
      if (t.header.env === env && t.header.task.id === task) return t;
    return undefined;
  }

  /**
   * The current interaction's whole task and the persona its simulated shopper plays: for simulated
   * participants, through an organiser-token route (a person's page never gets them).
   */
  async briefing(token: string): Promise<ParticipantBriefing> {
    const found = await this.participant(token);
    const record = await this.studies.record(found.study, found.participant);
    const { index } = currentStage(record, this.live.has(key(found)));
    const interaction = record.interactions[Math.min(index, record.interactions.length - 1)]!;
    const { profile, ...task } = taskOf(found.study, interaction.task);
    return { index, task, profile };
  }

  private stateOf(found: Found, record: ParticipantRecord): ParticipantState {
    const { study, participant } = found;
    const live = this.live.get(key(found));
    const { stage, index } = currentStage(record, live !== undefined);
    const interaction = record.interactions[index];
    const done = record.interactions.filter((i) => i.status === "done").length;
    const state: ParticipantState = {
      study: { id: study.id, env: study.env },
      participant: participant.code,
      stage,
      ...(record.profile ? { profile: record.profile } : {}),
      progress: { index, total: record.interactions.length, done },
      questionnaire: { items: QUESTIONNAIRE, scale: SCALE },
    };
    if (interaction) {
      const { goal } = taskOf(study, interaction.task);
      state.interaction = {
        index,
        letter: interaction.letter,
        taskNumber: participant.tasks.indexOf(interaction.task) + 1,
        tasks: participant.tasks.length,
        goal: { request: goal.request, preferences: goal.preferences.summary, budget: goal.budget.amount },
        ...(interaction.outcome ? { outcome: interaction.outcome } : {}),
      };
    }
    const ctx = live?.decisions.outstanding;
    if (stage === "playing" && ctx && live.world)
      state.turn = participantTurn(
        ctx,
        study.maxTurns,
        sceneState(live.world.state),
        productLabels(study.env as EnvId),
        {
          width: live.world.observation.frame.width,
          height: live.world.observation.frame.height,
        },
      );
    return state;
  }
}

const key = (f: Found) => `${f.study.id}/${f.participant.code}`;

/** A study task from its store's bank, with the profile its simulated shopper plays. */
function taskOf(study: Study, id: string): Task & { profile: Profile } {
  const bank = loadTaskBank(study.env as EnvId);
  const task = bank.tasks.find((t) => t.id === id)!;
  return { ...task, profile: bank.profiles.find((p) => p.id === task.profileId)! };
}
const shopperId = (p: StudyParticipant) => `human-${p.code}`;

/** The run configuration of a participant's episodes with one assistant (as `siturec run` would make it). */
export function studyRunConfig(
  study: Study,
  p: StudyParticipant,
  assistant: number,
  storeDir: string,
): RunConfig {
  // Parsed with a built-in shopper (a config names registered roles), then recorded as the participant.
  const config = parseRunConfig(
    {
      env: study.env,
      condition: study.condition,
      maxTurns: study.maxTurns,
      storeDir,
      tasks: p.tasks.join(","),
      shopperMap: study.shopperMap,
      agents: { assistant: study.assistants[assistant]!, shopper: "rule", moderator: study.moderator },
    },
    "study",
  );
  return { ...config, agents: { ...config.agents, shopper: shopperId(p) } };
}

const labels = new Map<EnvId, (id: string) => ProductLabel | undefined>();
function productLabels(env: EnvId): (id: string) => ProductLabel | undefined {
  let found = labels.get(env);
  if (!found) {
    const byId = new Map(loadEnvData(env).catalog.products.map((p) => [p.id, p]));
    found = (id) => {
      const p = byId.get(id);
      if (!p) return undefined;
      return { name: p.name, brand: p.brand, price: p.price, ...("size" in p ? { size: p.size } : {}) };
    };
    labels.set(env, found);
  }
  return found;
}
