import { isActive, STOPPED_BY_ORGANISER } from "../study/invite-tokens.js";
import { currentStage } from "../study/participant-view.js";
import { QUESTIONNAIRE } from "../study/questionnaire.js";
import type { Interaction, ParticipantRecord, Study, StudyParticipant } from "../study/study-spec.js";
import {
  INTERACTION_STATES,
  type InteractionOverview,
  type InteractionState,
  type ParticipantOverview,
  type StudyOverview,
  type StudyResults,
} from "./study-api-types.js";

/** The invite path of a token (`/#/p/TOKEN`): the participant's page. */
export function invitePath(token: string): string {
  return `/#/p/${token}`;
}

/** What the organiser's pages know beyond the stored records: what plays on this server now. */
export interface LiveFacts {
  /** Per participant code, the turn (0-based) of the episode playing now. */
  turns: ReadonlyMap<string, number>;
  /** Per participant code, why their interaction at hand last failed, when its record does not say. */
  failures?: ReadonlyMap<string, string>;
}

/** An interaction's state from its record and whether its episode plays on this server now. */
export function interactionState(i: Interaction, playingNow: boolean): InteractionState {
  switch (i.status) {
    case "done":
    case "questionnaire":
      return i.status;
    case "playing":
      return playingNow ? "in-progress" : "interrupted";
    default:
      // Pending again after an attempt: stopped by the organiser, or failed (older records keep only the outcome).
      if (i.failure === STOPPED_BY_ORGANISER) return "interrupted";
      return i.failure !== undefined || i.outcome?.reason === "error" ? "failed" : "not-started";
  }
}

const ms = (iso: string | undefined) => (iso === undefined ? Number.NaN : Date.parse(iso));

function interactionOverview(
  study: Study,
  i: Interaction,
  index: number,
  live: { turn: number } | undefined,
  fallbackFailure: string | undefined,
): InteractionOverview {
  const state = interactionState(i, live !== undefined);
  const duration = ms(i.endedAt) - ms(i.startedAt);
  const played = state === "questionnaire" || state === "done";
  const failure = i.failure ?? (state === "failed" ? fallbackFailure : undefined);
  return {
    index,
    task: i.task,
    assistant: study.assistants[i.assistant] ?? `#${i.assistant + 1}`,
    assistantNumber: i.assistant + 1,
    letter: i.letter,
    run: i.run,
    state,
    ...(failure !== undefined && (state === "failed" || state === "interrupted") ? { failure } : {}),
    attempts: i.attempts ?? (i.status === "pending" && !i.outcome ? 0 : 1),
    ...(i.startedAt ? { startedAt: i.startedAt } : {}),
    ...(i.endedAt && state !== "in-progress" ? { endedAt: i.endedAt } : {}),
    ...(i.answeredAt ? { answeredAt: i.answeredAt } : {}),
    ...(played && Number.isFinite(duration) && duration >= 0 ? { durationMs: duration } : {}),
    ...(state === "in-progress" ? { turns: Math.max(0, live!.turn) + 1 } : {}),
    ...(played && i.outcome
      ? { turns: i.outcome.turns, success: i.outcome.success, reason: i.outcome.reason }
      : {}),
    ...(i.answers ? { answers: i.answers } : {}),
  };
}

/** The latest of some ISO 8601 times (null with none). */
function latest(times: (string | undefined)[]): string | null {
  const known = times.filter((t): t is string => t !== undefined && Number.isFinite(ms(t)));
  return known.length ? known.reduce((a, b) => (ms(b) > ms(a) ? b : a)) : null;
}

/** One participant as the organiser sees them. */
export function participantOverview(
  study: Study,
  p: StudyParticipant,
  record: ParticipantRecord,
  live: LiveFacts,
): ParticipantOverview {
  const turn = live.turns.get(p.code);
  const current = record.interactions.findIndex((i) => i.status !== "done");
  const interactions = record.interactions.map((i, k) =>
    interactionOverview(
      study,
      i,
      k,
      k === current && turn !== undefined && i.status === "playing" ? { turn } : undefined,
      k === current ? live.failures?.get(p.code) : undefined,
    ),
  );
  const starts = record.interactions.map((i) => i.startedAt).filter((t) => t !== undefined);
  return {
    code: p.code,
    tasks: p.tasks,
    invite: isActive(p) ? invitePath(p.token) : null,
    revokedAt: p.revokedAt ?? null,
    issuedAt: p.issuedAt ?? null,
    replaced: p.withdrawn?.length ?? 0,
    stage: currentStage(record, turn !== undefined).stage,
    done: record.interactions.filter((i) => i.status === "done").length,
    total: record.interactions.length,
    profile: record.profile ?? null,
    startedAt: starts.length ? starts.reduce((a, b) => (ms(b) < ms(a) ? b : a)) : null,
    lastActivityAt: latest(record.interactions.flatMap((i) => [i.startedAt, i.endedAt, i.answeredAt])),
    interactions,
  };
}

/** Interactions counted by state. */
export function stateCounts(participants: readonly ParticipantOverview[]): Record<InteractionState, number> {
  const counts = Object.fromEntries(INTERACTION_STATES.map((s) => [s, 0])) as Record<
    InteractionState,
    number
  >;
  for (const p of participants) for (const i of p.interactions) counts[i.state]++;
  return counts;
}

/** A study as its organiser's page shows it, from its records (in the study's participant order). */
export function studyOverview(
  study: Study,
  records: readonly ParticipantRecord[],
  live: LiveFacts,
): StudyOverview {
  const participants = study.participants.map((p, k) => participantOverview(study, p, records[k]!, live));
  return {
    id: study.id,
    createdAt: study.createdAt,
    env: study.env,
    condition: study.condition,
    maxTurns: study.maxTurns,
    seed: study.seed,
    moderator: study.moderator,
    assistants: study.assistants,
    tasks: study.tasks,
    counts: stateCounts(participants),
    total: participants.reduce((s, p) => s + p.total, 0),
    questionnaire: QUESTIONNAIRE.map((q) => ({ dimension: q.dimension, title: q.title })),
    participants,
  };
}

/**
 * A study's results as one JSON document (the page's "Export JSON", `siturec study export
 * --results`): the overview without invite links (tokens are secrets; a results file is shared).
 */
export function studyResults(o: StudyOverview): StudyResults {
  return {
    kind: "siturec.study-results",
    version: 1,
    ...o,
    participants: o.participants.map(({ invite: _, ...p }) => p),
  };
}
