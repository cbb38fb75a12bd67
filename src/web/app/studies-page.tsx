import { useEffect, useState } from "preact/hooks";
import type { StudySummary } from "../api-types.js";
import { getJson, message, postJson } from "./api.js";
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

/** The organiser's page: each study's assistants, tasks, and every participant's invite link and progress. */
export function StudiesPage() {
  const [studies, setStudies] = useState<StudySummary[]>();
  const [error, setError] = useState<string>();
  const load = () =>
    getJson<StudySummary[]>("/api/admin/studies").then(setStudies, (err: unknown) => setError(message(err)));
  useEffect(() => {
    void load();
  }, []);
  if (error) return <p class="error">{error} (open the organiser link that 'siturec serve' printed)</p>;
  if (!studies) return <p>Loading…</p>;
  return (
    <div class="studies participant">
      <h1>Studies</h1>
      {studies.map((s) => (
        <section key={s.id} class="card">
          <h2>{s.id}</h2>
          <p class="sub">
            {s.env} · tasks {s.tasks.join(", ")} · assistants{" "}
            {s.assistants.map((a, k) => `${k + 1}. ${a}`).join(", ")}
          </p>
          <table>
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
                    <code>{`${location.origin}${p.invite}`}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <NewStudyForm onMade={() => void load()} />
    </div>
  );
}
