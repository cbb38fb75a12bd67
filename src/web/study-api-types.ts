/**
 * The organiser's study API (`/api/admin/…`), shared by the server and the browser app: types and
 * one list of constants, importing only modules a page can type-check.
 */
import type { Stage } from "../study/participant-api.js";
import type { ParticipantProfile, QuestionnaireAnswers } from "../study/study-spec.js";
import type { StudySummary } from "./api-types.js";

/**
 * Where one interaction (task × assistant) of a participant stands: not started; in progress (its
 * episode is playing on this server); interrupted (it was playing when the server stopped, or its
 * invite was withdrawn: it starts again from its beginning); played, waiting for the questionnaire;
 * done (rated); failed (its last attempt failed: `failure` says why; the participant may retry).
 */
export type InteractionState =
  | "not-started"
  | "in-progress"
  | "interrupted"
  | "questionnaire"
  | "done"
  | "failed";

/** Every interaction state, in the order the page counts them. */
export const INTERACTION_STATES: readonly InteractionState[] = [
  "not-started",
  "in-progress",
  "interrupted",
  "failed",
  "questionnaire",
  "done",
];

/** One interaction of a participant as the organiser sees it (the assistant unblinded). */
export interface InteractionOverview {
  /** Its place in the participant's order (0-based). */
  index: number;
  task: string;
  /** The assistant's id (`reference`, a model id) and its 1-based place in the study's list. */
  assistant: string;
  assistantNumber: number;
  /** The letter the participant saw it under. */
  letter: string;
  /** The run its episode is stored in. */
  run: string;
  state: InteractionState;
  /** Why the last attempt failed or stopped (failed and interrupted interactions). */
  failure?: string;
  /** How many times its episode was started. */
  attempts: number;
  /** ISO 8601: when its episode last started, ended, and when its questionnaire was answered. */
  startedAt?: string;
  endedAt?: string;
  answeredAt?: string;
  /** How long its episode took to play, from start to end (ms). */
  durationMs?: number;
  /** Turns played (for one in progress, the turn it is at). */
  turns?: number;
  /** The episode's end: success and the termination reason (played interactions). */
  success?: boolean;
  reason?: string;
  /** The participant's questionnaire answers (done interactions). */
  answers?: QuestionnaireAnswers;
}

/** One participant as the organiser sees them: the invite, progress, profile and every interaction. */
export interface ParticipantOverview {
  code: string;
  tasks: string[];
  /** The invite path (`/#/p/TOKEN`); null while the invite is revoked. */
  invite: string | null;
  /** ISO 8601: when the invite was revoked (null: it works). */
  revokedAt: string | null;
  /** ISO 8601: when the current invite was issued, if it replaced an earlier one. */
  issuedAt: string | null;
  /** How many invites this participant held before the current one. */
  replaced: number;
  /** Where they are (the participant page's stage). */
  stage: Stage;
  done: number;
  total: number;
  profile: ParticipantProfile | null;
  /** ISO 8601: the first interaction's start, and the latest thing they did. */
  startedAt: string | null;
  lastActivityAt: string | null;
  interactions: InteractionOverview[];
}

/** One study as its page shows it: the definition, counts by state, every participant. */
export interface StudyOverview {
  id: string;
  createdAt: string;
  env: string;
  condition: string;
  maxTurns: number;
  seed: number;
  moderator: string;
  assistants: string[];
  tasks: string[];
  /** Interactions by state, over all participants. */
  counts: Record<InteractionState, number>;
  total: number;
  /** The questionnaire's dimensions with their titles, in the order asked. */
  questionnaire: { dimension: string; title: string }[];
  participants: ParticipantOverview[];
}

/** A study's results as exported: the overview, without invite links. */
export interface StudyResults extends Omit<StudyOverview, "participants"> {
  kind: "siturec.study-results";
  version: 1;
  participants: Omit<ParticipantOverview, "invite">[];
}

/** A participant in the organiser's list of studies. */
export type StudyListParticipant = Omit<StudySummary["participants"][number], "invite"> & {
  /** The invite path (`/#/p/TOKEN`); null while the invite is revoked. */
  invite: string | null;
  /** ISO 8601: when the invite was revoked (null: it works). */
  revokedAt: string | null;
};

/** A study in the organiser's list: the summary with its interactions counted by state. */
export interface StudyListItem extends Omit<StudySummary, "participants"> {
  createdAt: string;
  condition: string;
  /** Interactions by state, over all participants. */
  counts: Record<InteractionState, number>;
  total: number;
  participants: StudyListParticipant[];
}

/** A revoked or reissued invite: the participant as changed. */
export interface InviteChange {
  participant: ParticipantOverview;
}

/** A table of the agreement (Table 4, Figure 5) as the page shows and downloads it. */
export interface AgreementTable {
  name: string;
  title: string;
  note: string;
  headers: string[];
  rows: string[][];
}

/** A simulated run the agreement can compare the study with (a SituRecBench run of the study's store). */
export interface SimRunChoice {
  run: string;
  assistant: string;
  shopper: string;
  condition: string;
  createdAt: string;
  /** Finished episodes in the study's store. */
  episodes: number;
}

/**
 * The study's agreement with simulation (`siturec human-agreement`), for the page: the runs it can
 * use and those chosen, Table 4 (null without a chosen run of the study's assistants), Figure 5
 * (null before any questionnaire answer) and the notes.
 */
export interface StudyAgreement {
  candidates: SimRunChoice[];
  chosen: string[];
  /** Human trajectories (ended interactions) and, of them, rated ones. */
  human: { trajectories: number; rated: number };
  table4: AgreementTable[] | null;
  figure5: AgreementTable[] | null;
  /** Figure 5 as SVG (`…/figure5.svg?sim=…`), when it has ratings. */
  chart: string | null;
  notes: string[];
}
