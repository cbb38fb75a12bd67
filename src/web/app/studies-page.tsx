import { useEffect, useState } from "preact/hooks";
import type { StudyListItem } from "../study-api-types.js";
import { getJson, message, postJson } from "./api.js";
import { links } from "./format.js";
import { StudyProgress } from "./study-progress.js";
import { stamp, withHint } from "./study-tables.js";
import "./studies.css";

/** The organiser's link (`#/admin/TOKEN`): trades the token for a cookie, then shows the studies. */
export function AdminLogin({ token }: { token: string }) {
  const [error, setError] = useState<string>();
  useEffect(() => {
    postJson("/api/admin/session", {}, { Authorization: `Bearer ${token}` }).then(
      () => {
        location.replace("#/studies");
      },
      (err: unknown) => setError(message(err)),
    );
  }, [token]);
  return <p class={error ? "error" : ""}>{error ?? "Signing in…"}</p>;
}

function NewStudyForm({ onMade }: { onMade: () => void }) {
  const [id, setId] = useState("");
  const [assistants, setAssistants] = useState("reference");
  const [sample, setSample] = useState(5);
  const [error, setError] = useState<string>();
  return (
    <form
      class="card new-study"
      onSubmit={(e) => {
        e.preventDefault();
        postJson("/api/admin/studies", {
          id,
          sample,
          assistants: assistants
            .split(",")
            .map((a) => a.trim())
            .filter(Boolean),
        }).then(onMade, (err: unknown) => setError(message(err)));
      }}
    >
      <h2>New study</h2>
      <label>
        Name{" "}
        <input
          required
          pattern="[a-z0-9][a-z0-9-]{0,31}"
          value={id}
          onInput={(e) => setId(e.currentTarget.value)}
        />
      </label>
      <label>
        Assistants (comma-separated: reference or model ids)
        <input required value={assistants} onInput={(e) => setAssistants(e.currentTarget.value)} />
      </label>
      <label>
        Tasks sampled (seed 42; one participant per task, two tasks each)
        <input
          type="number"
          min={1}
          max={100}
          value={sample}
          onInput={(e) => setSample(Number(e.currentTarget.value))}
        />
      </label>
      {error && <p class="error">{error}</p>}
      <button type="submit" class="send">
        Create
      </button>
    </form>
  );
}

/** The read-only link (`#/view/TOKEN`): the runs and leaderboards for a colleague, never the studies. */
function ViewerLink() {
  const [path, setPath] = useState<string>();
  useEffect(() => {
    getJson<{ path: string }>("/api/admin/viewer-link").then(
      (v) => setPath(v.path),
      () => setPath(undefined),
    );
  }, []);
  if (!path) return null;
  return (
    <section class="card viewer-link">
      <h2>Read-only link</h2>
      <p>
        <code class="link">{`${location.origin}${path}`}</code>
      </p>
      <p class="sub">
        Opens the runs, episodes and leaderboards for reading, never the studies, invites or answers. Give it
        to colleagues instead of the organiser link.
      </p>
    </section>
  );
}

/** The organiser's page: each study's progress and every participant's invite link, the read-only link, a new study. */
export function StudiesPage() {
  const [studies, setStudies] = useState<StudyListItem[]>();
  const [error, setError] = useState<string>();
  const load = () =>
    getJson<StudyListItem[]>("/api/admin/studies").then(setStudies, (err: unknown) => setError(message(err)));
  useEffect(() => {
    void load();
  }, []);
  if (error) return <p class="error">{withHint(error)}</p>;
  if (!studies) return <p class="loading">Loading…</p>;
  return (
    <div class="studies">
      <h1>Studies</h1>
      {!studies.length && (
        <p class="empty">No study in this store yet: make one below or with siturec study create.</p>
      )}
      {studies.map((s) => (
        <section key={s.id} class="card study-card">
          <h2>
            <a href={links.study(s.id)}>{s.id}</a>
          </h2>
          <p class="sub">
            {s.env} · {s.condition} · tasks {s.tasks.join(", ")} · assistants{" "}
            {s.assistants.map((a, k) => `${k + 1}. ${a}`).join(", ")} · made {stamp(s.createdAt)}
          </p>
          <StudyProgress counts={s.counts} total={s.total}>
            <a href={links.study(s.id)}>Open the study: timings, answers, exports, agreement</a>
          </StudyProgress>
          <div class="scroll">
            <table class="grid">
              <thead>
                <tr>
                  <th>Participant</th>
                  <th>Tasks</th>
                  <th>Done</th>
                  <th>Now</th>
                  <th>Invite link (send it to this participant only)</th>
                </tr>
              </thead>
              <tbody>
                {s.participants.map((p) => (
                  <tr key={p.code}>
                    <td>{p.code}</td>
                    <td>{p.tasks.join(", ")}</td>
                    <td>
                      {p.done}/{p.total}
                    </td>
                    <td>
                      {p.stage}
                      {p.failed && <p class="failed">last attempt failed: {p.failed}</p>}
                    </td>
                    <td>
                      {p.invite ? (
                        <code class="link">{`${location.origin}${p.invite}`}</code>
                      ) : (
                        <span class="revoked">revoked {stamp(p.revokedAt)}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <ViewerLink />
      <NewStudyForm onMade={() => void load()} />
    </div>
  );
}
