import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { PromptSet } from "../agents/prompts/prompt-set.js";
import { builtinPrompts } from "../agents/prompts/prompt-set.js";
import type { ShopperOutput } from "../agents/types.js";
import { shortMessage } from "../core/errors.js";
import type { EnvId } from "../core/manifest.js";
import type { LlmClient } from "../llm/client.js";
import type { RenderService } from "../render/render-service.js";
import { buildClient, startRenderPool } from "../runner/build.js";
import type { LeaseOwner, RunStore } from "../storage/run-store.js";
import { parseToolCall } from "../world/tools.js";
import { sceneState } from "../world/world.js";
import { newInviteToken, STOPPED_BY_ORGANISER, sameToken } from "./invite-tokens.js";
import {
  currentStage,
  type ParticipantBriefing,
  type ParticipantState,
  participantTurn,
} from "./participant-view.js";
import { QUESTIONNAIRE, SCALE } from "./questionnaire.js";
import { type LiveEpisode, startStudyEpisode, stopEpisode } from "./study-episode.js";
import { productLabels, taskOf } from "./study-run-config.js";
import type {
  ParticipantProfile,
  ParticipantRecord,
  QuestionnaireAnswers,
  Study,
  StudyParticipant,
} from "./study-spec.js";
import { StudyStateError } from "./study-state-error.js";
import { StudyStore } from "./study-store.js";

export { studyRunConfig } from "./study-run-config.js";
export { StudyStateError } from "./study-state-error.js";

/** What a withdrawn invite link is told (the participant's page shows it as it is). */
export const INVITE_WITHDRAWN =
  "this invite link was withdrawn by the study's organiser: ask them for a new one (what you did so far is kept)";

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
  private readonly stopping = new Set<Promise<void>>();
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

  /** The participant an active invite token belongs to; a 410 for a withdrawn one, else a 404. */
  async participant(token: string): Promise<Found> {
    const found = await this.studies.lookup(token);
    if (found?.kind === "withdrawn") throw new StudyStateError(INVITE_WITHDRAWN, 410);
    if (!found) throw new StudyStateError("this invite link is not valid (ask the organiser for yours)", 404);
    return { study: found.study, participant: found.participant };
  }

  /** The episode a participant plays now, if it was started with their current token. */
  private liveOf(found: Found): LiveEpisode | undefined {
    const live = this.live.get(key(found));
    return live && sameToken(live.token, found.participant.token) ? live : undefined;
  }

  /** Per participant code of a study, the turn its episode in play is at (0-based), for the organiser. */
  liveTurns(study: Study): Map<string, number> {
    const turns = new Map<string, number>();
    for (const participant of study.participants) {
      const live = this.liveOf({ study, participant });
      if (live) turns.set(participant.code, live.decisions.outstanding?.turn ?? -1);
    }
    return turns;
  }

  /**
   * Revokes a participant's invite, or (`reissue`) replaces it with a new one: the old link opens
   * nothing from now on, and an episode it is playing is stopped (the interaction starts again from
   * its beginning with the new link, as after a server restart). Returns the study as changed.
   */
  async withdraw(studyId: string, code: string, opts: { reissue: boolean }): Promise<Study> {
    const study = opts.reissue
      ? await this.studies.reissue(studyId, code, newInviteToken())
      : await this.studies.revoke(studyId, code);
    const k = `${studyId}/${code}`;
    const live = this.live.get(k);
    if (live) {
      stopEpisode(live, STOPPED_BY_ORGANISER);
      // The assistant may be mid-reply: the organiser is not kept waiting for the episode to end.
      const stopping = this.serial(k, () => this.stopped(study, code, live)).catch((err: unknown) =>
        this.opts.log?.(`study ${studyId}, ${code}: stopping the withdrawn episode: ${shortMessage(err)}`),
      );
      this.stopping.add(stopping);
      void stopping.finally(() => this.stopping.delete(stopping));
    }
    return study;
  }

  /** Once a withdrawn episode has ended: forgotten, and its interaction (if still in play) to start again. */
  private async stopped(study: Study, code: string, live: LiveEpisode): Promise<void> {
    await live.done.catch(() => undefined);
    if (this.live.get(`${study.id}/${code}`) === live) this.live.delete(`${study.id}/${code}`);
    const participant = study.participants.find((p) => p.code === code)!;
    const record = await this.studies.record(study, participant);
    const playing = record.interactions.find((i) => i.status === "playing");
    if (!playing) return;
    Object.assign(playing, { status: "pending", failure: STOPPED_BY_ORGANISER, endedAt: now() });
    await this.studies.saveRecord(record);
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
      const { stage, index: at } = currentStage(record, this.liveOf(found) !== undefined);
      if (stage !== "goal" || at !== index)
        throw new StudyStateError(
          `interaction ${index + 1} cannot start now (the page is out of date: reload it)`,
        );
      // An episode of a link withdrawn by another process (`siturec study reissue`) ends first.
      const stale = this.live.get(key(found));
      if (stale) {
        stopEpisode(stale, STOPPED_BY_ORGANISER);
        await stale.done.catch(() => undefined);
        this.live.delete(key(found));
      }
      const interaction = record.interactions[index]!;
      interaction.status = "playing";
      interaction.startedAt = now();
      interaction.attempts = (interaction.attempts ?? 0) + 1;
      delete interaction.endedAt;
      delete interaction.failure;
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
      const live = this.liveOf(found);
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
      interaction.answeredAt = now();
      interaction.status = "done";
      await this.studies.saveRecord(record);
      return record;
    });
  }

  /** The outstanding turn's annotated view or minimap (PNG), for the page and for simulated participants. */
  async picture(token: string, which: "view" | "minimap"): Promise<Buffer | undefined> {
    const found = await this.participant(token);
    const live = this.liveOf(found);
    return which === "view" ? live?.image : live?.minimap;
  }

  async close(): Promise<void> {
    for (const live of this.live.values()) live.decisions.cancel(new Error("the server is closing"));
    await Promise.allSettled([...this.live.values()].map((l) => l.done));
    await Promise.allSettled([...this.stopping]);
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
    if (this.live.get(key(found)) === live) this.live.delete(key(found));
    const interaction = record.interactions.find((i) => i.status === "playing")!;
    const outcome = t?.outcome;
    interaction.outcome = {
      reason: outcome?.reason ?? "error",
      success: outcome?.success ?? false,
      turns: outcome?.turns ?? 0,
    };
    interaction.endedAt = now();
    // A failed episode (the assistant's model unreachable) is played again, not rated.
    interaction.status = outcome && outcome.reason !== "error" ? "questionnaire" : "pending";
    if (interaction.status === "pending")
      interaction.failure = live.withdrawn
        ? STOPPED_BY_ORGANISER
        : (outcome?.error ?? "the episode could not be played");
    await this.studies.saveRecord(record);
    if (live.withdrawn) throw new StudyStateError(INVITE_WITHDRAWN, 410);
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
    const live = await startStudyEpisode(
      {
        store: this.opts.store,
        owner: this.owner,
        prompts: this.prompts,
        render: (config) => (this.render ??= startRenderPool(config)),
        client: (config) => (this.client ??= buildClient(config, this.opts.store.location)),
      },
      found,
      record.interactions[index]!,
    );
    this.live.set(key(found), live);
    return live;
  }

  /**
   * The current interaction's whole task and the persona its simulated shopper plays: for simulated
   * participants, through an organiser-token route (a person's page never gets them).
   */
  async briefing(token: string): Promise<ParticipantBriefing> {
    const found = await this.participant(token);
    const record = await this.studies.record(found.study, found.participant);
    const { index } = currentStage(record, this.liveOf(found) !== undefined);
    const interaction = record.interactions[Math.min(index, record.interactions.length - 1)]!;
    const { profile, ...task } = taskOf(found.study, interaction.task);
    return { index, task, profile };
  }

  private stateOf(found: Found, record: ParticipantRecord): ParticipantState {
    const { study, participant } = found;
    const live = this.liveOf(found);
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
const now = () => new Date().toISOString();
