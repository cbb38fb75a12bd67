import { useCallback, useEffect, useState } from "preact/hooks";
import type { InteractionOverview, StudyOverview } from "../study-api-types.js";
import { getJson, message } from "./api.js";
import { links } from "./format.js";
import { AgreementSection } from "./study-agreement-panel.js";
import { ParticipantsSection } from "./study-invites.js";
import { StudyProgress } from "./study-progress.js";
import {
  duration,
  endStamp,
  interactionsTable,
  outcomeText,
  RATING_LABELS,
  STATE_TEXT,
  stamp,
  withHint,
} from "./study-tables.js";
import { TableDownloads } from "./table-download.js";
import "./studies.css";

/** Loads a study's overview, again every 5 s (participants play while the organiser watches) and on demand. */
function useStudy(id: string) {
  const [data, setData] = useState<StudyOverview>();
  const [error, setError] = useState<string>();
  const url = `/api/admin/studies/${encodeURIComponent(id)}`;
  const load = useCallback(
    () =>
      getJson<StudyOverview>(url).then(
        (s) => {
          setData(s);
          setError(undefined);
        },
        (err: unknown) => setError(message(err)),
      ),
    [url],
  );
  useEffect(() => {
    setData(undefined);
    void load();
    const timer = setInterval(() => void load(), 5000);
    return () => clearInterval(timer);
  }, [load]);
  return { data, error, reload: load };
}

/** One interaction: who, task, assistant, status, when, the outcome (a link to its replay), the ratings; the comment below. */
function InteractionRow({ s, code, i }: { s: StudyOverview; code: string; i: InteractionOverview }) {
  const comment = i.answers?.comment;
  return (
    <>
      <tr class={`state-row-${i.state}${comment ? " has-comment" : ""}`}>
        <td>
          {code} <span class="sub">#{i.index + 1}</span>
        </td>
        <td>{i.task}</td>
        <td class="assistant">
          <b>{i.letter}</b> <span class="sub">= {i.assistant}</span>
        </td>
        <td>
          <span class={`state state-${i.state}`}>{STATE_TEXT[i.state]}</span>
          {i.attempts > 1 && <span class="sub"> ({i.attempts} attempts)</span>}
          {i.failure && <div class="failed">{i.failure}</div>}
        </td>
        <td class="when">
          {stamp(i.startedAt)}
          {i.endedAt && ` – ${endStamp(i.startedAt, i.endedAt)}`}
          {i.durationMs !== undefined && <span class="sub"> ({duration(i.durationMs)})</span>}
        </td>
        <td class="outcome">
          {i.success !== undefined && (
            <a href={links.episode(i.run, s.env, i.task)} class={i.success ? "good" : "bad"}>
              {outcomeText(i)}
            </a>
          )}
          {i.turns !== undefined && (
            <span class="sub">
              {" "}
              · {i.turns} turn{i.turns === 1 ? "" : "s"}
              {i.state === "in-progress" ? " so far" : ""}
            </span>
          )}
        </td>
        {s.questionnaire.map((q) => (
          <td key={q.dimension} class="num">
            {i.answers?.ratings[q.dimension as keyof typeof i.answers.ratings] ?? ""}
          </td>
        ))}
      </tr>
      {comment && (
        <tr class="comment-row">
          <td />
          <td colSpan={5 + s.questionnaire.length} class="answer-comment">
            <span class="sub">Comment:</span> {comment}
          </td>
        </tr>
      )}
    </>
  );
}

function InteractionsSection({ s }: { s: StudyOverview }) {
  return (
    <section class="card">
      <div class="section-head">
        <h2>Interactions and answers</h2>
        <TableDownloads name={`study-${s.id}-interactions`} table={() => interactionsTable(s)} />
      </div>
      <div class="scroll">
        <table class="grid interactions">
          <thead>
            <tr>
              <th>Participant</th>
              <th>Task</th>
              <th>Assistant</th>
              <th>Status</th>
              <th>Played (start – end, duration)</th>
              <th>Outcome</th>
              {s.questionnaire.map((q) => (
                <th key={q.dimension} class="num" title={q.title}>
                  {RATING_LABELS[q.dimension] ?? q.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {s.participants.flatMap((p) =>
              p.interactions.map((i) => (
                <InteractionRow key={`${p.code}/${i.index}`} s={s} code={p.code} i={i} />
              )),
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** One study as its organiser runs it: progress, invites (revoke, reissue), interactions, answers, exports, agreement. */
export function StudyPage({ id }: { id: string }) {
  const { data: s, error, reload } = useStudy(id);
  if (error && !s) return <p class="error">{withHint(error)}</p>;
  if (!s) return <p class="loading">Loading study {id}…</p>;
  const api = `/api/admin/studies/${encodeURIComponent(s.id)}`;
  return (
    <div class="studies study">
      <p class="sub">
        <a href="#/studies">Studies</a> ›
      </p>
      <h1>Study {s.id}</h1>
      <p class="sub">
        {s.env} · condition {s.condition} · up to {s.maxTurns} turns · moderator {s.moderator} · seed {s.seed}{" "}
        · made {stamp(s.createdAt)}
      </p>
      {error && <p class="error">{error}</p>}
      <dl class="facts">
        <dt>Assistants</dt>
        <dd>{s.assistants.map((a, k) => `${k + 1}. ${a}`).join(", ")}</dd>
        <dt>Tasks</dt>
        <dd>{s.tasks.join(", ")}</dd>
        <dt>Export</dt>
        <dd class="exports">
          <a href={`${api}/export.json`} download={`study-${s.id}.json`}>
            results (JSON)
          </a>{" "}
          ·{" "}
          <a href={`${api}/export.jsonl`} download={`study-${s.id}.jsonl`}>
            rated interactions with their trajectories (JSON lines)
          </a>
        </dd>
      </dl>
      <StudyProgress counts={s.counts} total={s.total} />
      <ParticipantsSection study={s} onChanged={() => void reload()} />
      <InteractionsSection s={s} />
      {s.counts.done + s.counts.questionnaire > 0 && <AgreementSection study={s.id} />}
    </div>
  );
}
