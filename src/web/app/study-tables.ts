import type {
  AgreementTable,
  InteractionOverview,
  InteractionState,
  ParticipantOverview,
  StudyOverview,
} from "../study-api-types.js";
import type { TableData } from "./table-text.js";

/** A refusal of the organiser's API, with what to do when the server's message does not say. */
export const withHint = (error: string) =>
  /organiser link/.test(error) ? error : `${error} (open the organiser link that 'siturec serve' printed)`;

/** How each interaction state reads on the page. */
export const STATE_TEXT: Record<InteractionState, string> = {
  "not-started": "not started",
  "in-progress": "in progress",
  interrupted: "interrupted",
  failed: "failed",
  questionnaire: "questionnaire due",
  done: "done",
};

/** Short column titles of the questionnaire's dimensions (the full title is the column's tooltip). */
export const RATING_LABELS: Record<string, string> = {
  informativeness: "Inform.",
  naturalness: "Natur.",
  groundedness: "Ground.",
  preference_alignment: "Prefer.",
  proactiveness: "Proact.",
  non_repetition: "Nonrep.",
  overall: "Overall",
};

/** A duration as people read it: `45 s`, `3 min 05 s`, `1 h 02 min`. */
export function duration(ms: number | undefined): string {
  if (ms === undefined) return "";
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
}

/** A time as the page shows it: `2025-03-04 14:05` (local time; empty when unknown). */
export function stamp(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** When something ended, as `stamp` does, but only the time when it ended the day it started. */
export function endStamp(started: string | undefined, ended: string | undefined): string {
  const [a, b] = [stamp(started), stamp(ended)];
  return a && b && a.slice(0, 10) === b.slice(0, 10) ? b.slice(11) : b;
}

/** An interaction's status in words, with the reason it failed or stopped. */
export function statusText(i: InteractionOverview): string {
  const base = STATE_TEXT[i.state];
  return i.failure ? `${base}: ${i.failure}` : base;
}

/** An interaction's end in words: success, or why it ended without one. */
export function outcomeText(i: InteractionOverview): string {
  if (i.success === undefined) return "";
  return i.success ? "success" : `no success: ${(i.reason ?? "").replaceAll("_", " ")}`;
}

/** A profile in one line: age group, gender, household, occupation, shopping, AI familiarity. */
export function profileText(p: ParticipantOverview["profile"]): string {
  if (!p) return "";
  return [
    p.ageGroup,
    p.gender.replaceAll("-", " "),
    p.household.replaceAll("-", " "),
    p.occupation,
    `shops ${p.shoppingFrequency}`,
    `AI ${p.aiFamiliarity}/5`,
    ...(p.preferences ? [p.preferences] : []),
  ].join(" · ");
}

/** The participants table as downloaded: invite state, stage, progress, timings (ISO 8601) and profile. */
export function participantsTable(s: StudyOverview): TableData {
  return {
    columns: [
      { key: "code", label: "Participant" },
      { key: "invite", label: "Invite" },
      { key: "stage", label: "Stage" },
      { key: "done", label: "Done" },
      { key: "total", label: "Interactions" },
      { key: "started", label: "Started" },
      { key: "last", label: "Last activity" },
      { key: "profile", label: "Profile" },
    ],
    rows: s.participants.map((p) => ({
      code: p.code,
      invite: p.revokedAt ? `revoked ${p.revokedAt}` : p.replaced ? `reissued ${p.issuedAt}` : "active",
      stage: p.stage,
      done: p.done,
      total: p.total,
      started: p.startedAt,
      last: p.lastActivityAt,
      profile: profileText(p.profile),
    })),
  };
}

/** Every interaction of the study as downloaded, one row each: who, task, assistant, status, timings (ISO 8601), answers. */
export function interactionsTable(s: StudyOverview): TableData {
  return {
    columns: [
      { key: "participant", label: "Participant" },
      { key: "n", label: "#" },
      { key: "task", label: "Task" },
      { key: "letter", label: "Letter" },
      { key: "assistant", label: "Assistant" },
      { key: "status", label: "Status" },
      { key: "attempts", label: "Attempts" },
      { key: "started", label: "Started" },
      { key: "ended", label: "Ended" },
      { key: "seconds", label: "Duration (s)" },
      { key: "turns", label: "Turns" },
      { key: "outcome", label: "Outcome" },
      ...s.questionnaire.map((q) => ({ key: q.dimension, label: RATING_LABELS[q.dimension] ?? q.title })),
      { key: "comment", label: "Comment" },
    ],
    rows: s.participants.flatMap((p) =>
      p.interactions.map((i) => ({
        participant: p.code,
        n: i.index + 1,
        task: i.task,
        letter: i.letter,
        assistant: i.assistant,
        status: statusText(i),
        attempts: i.attempts,
        started: i.startedAt,
        ended: i.endedAt,
        seconds: i.durationMs === undefined ? undefined : Math.round(i.durationMs / 1000),
        turns: i.turns,
        outcome: outcomeText(i),
        ...Object.fromEntries(
          s.questionnaire.map((q) => [
            q.dimension,
            i.answers?.ratings[q.dimension as keyof typeof i.answers.ratings],
          ]),
        ),
        comment: i.answers?.comment ?? "",
      })),
    ),
  };
}

/** An agreement table (Table 4, Figure 5) as the downloads take it. */
export function agreementTableData(t: AgreementTable): TableData {
  return {
    columns: t.headers.map((label, k) => ({ key: String(k), label })),
    rows: t.rows.map((r) => Object.fromEntries(r.map((cell, k) => [String(k), cell]))),
  };
}
