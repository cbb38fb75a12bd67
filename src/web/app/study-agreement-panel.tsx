import { useEffect, useState } from "preact/hooks";
import type { AgreementTable, StudyAgreement } from "../study-api-types.js";
import { getJson, message } from "./api.js";
import { agreementTableData } from "./study-tables.js";
import { TableDownloads } from "./table-download.js";

function ShownTable({ study, t }: { study: string; t: AgreementTable }) {
  return (
    <div class="agreement-table">
      <div class="section-head">
        <h3>{t.title}</h3>
        <TableDownloads name={`study-${study}-${t.name}`} table={() => agreementTableData(t)} />
      </div>
      <div class="scroll">
        <table class="grid">
          <thead>
            <tr>
              {t.headers.map((h, k) => (
                <th key={h} class={k > 0 ? "num" : ""}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {t.rows.map((r) => (
              <tr key={r.join("|")}>
                {r.map((cell, k) => (
                  <td key={k} class={k > 0 && /^[-–\d.]+$/.test(cell) ? "num" : ""}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="sub note">{t.note}</p>
    </div>
  );
}

/** The simulated runs to compare with: a checkbox per candidate run (the default: each assistant's newest). */
function SimChooser({ a, onChoose }: { a: StudyAgreement; onChoose: (runs: string[]) => void }) {
  if (!a.candidates.length)
    return (
      <p class="sub">
        No simulated run of the study's assistants in this store yet: Table 4 compares with runs made by{" "}
        <code>siturec run --assistant ID</code>.
      </p>
    );
  const toggle = (run: string, on: boolean) =>
    onChoose(on ? [...a.chosen, run] : a.chosen.filter((r) => r !== run));
  return (
    <fieldset class="sim-runs">
      <legend>Simulated runs compared (runs of the same assistant are pooled)</legend>
      {a.candidates.map((c) => (
        <label key={c.run}>
          <input
            type="checkbox"
            value={c.run}
            checked={a.chosen.includes(c.run)}
            onChange={(e) => toggle(c.run, e.currentTarget.checked)}
          />{" "}
          <code>{c.run}</code>{" "}
          <span class="sub">
            {c.assistant} · shopper {c.shopper} · {c.condition} · {c.episodes} episodes
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The study's agreement with simulation: Table 4 and Figure 5 (`siturec human-agreement`), in the page. */
export function AgreementSection({ study }: { study: string }) {
  const [sim, setSim] = useState<string[]>();
  const [data, setData] = useState<StudyAgreement>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    const query = sim === undefined ? "" : `?sim=${encodeURIComponent(sim.join(","))}`;
    getJson<StudyAgreement>(`/api/admin/studies/${encodeURIComponent(study)}/agreement${query}`).then(
      (a) => {
        setData(a);
        setError(undefined);
      },
      (err: unknown) => setError(message(err)),
    );
  }, [study, sim?.join(",")]);
  return (
    <section class="card agreement">
      <h2>Agreement with simulation (Table 4, Figure 5)</h2>
      {error && <p class="error">{error}</p>}
      {!data && !error && <p class="loading">Computing…</p>}
      {data && (
        <>
          <p class="sub">
            {data.human.trajectories} human trajectories, {data.human.rated} rated. The same numbers as{" "}
            <code>
              siturec human-agreement {study} --sim {data.chosen.join(" ") || "RUN…"}
            </code>
            .
          </p>
          <SimChooser a={data} onChoose={setSim} />
          {data.table4?.map((t) => (
            <ShownTable key={t.name} study={study} t={t} />
          ))}
          {data.figure5?.map((t) => (
            <ShownTable key={t.name} study={study} t={t} />
          ))}
          {data.chart && (
            <img class="figure5" src={data.chart} alt="Figure 5: questionnaire vs LLM judge ratings" />
          )}
          {data.notes.length > 0 && (
            <ul class="notes">
              {data.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
