import type { RunDetail } from "../api-types.js";
import { useJson } from "./api.js";
import { links, pct, usd, when, words } from "./format.js";
import { Verdict } from "./icons.js";
import { Failures, Status } from "./runs-page.js";

/** A run: its figures, its configuration and its episodes (conversations); live while it runs. */
export function RunPage({ run }: { run: string; query: string }) {
  const { data, error } = useJson<RunDetail>(
    `/api/runs/${encodeURIComponent(run)}`,
    2000,
    (d) => d.run.status === "running",
  );
  if (error && !data)
    return (
      <p class="error">
        Could not load run {run}: {error}
      </p>
    );
  if (!data) return <p class="loading">Loading run {run}…</p>;
  const r = data.run;
  const customersim = r.benchmark === "customersim";
  return (
    <section>
      <h1>
        Run {r.id} <Status status={r.status} />
      </h1>
      <dl class="facts">
        <dt>Benchmark</dt>
        <dd>{r.benchmark}</dd>
        <dt>Store</dt>
        <dd>{r.env}</dd>
        <dt>{customersim ? "Salesperson" : "Assistant"}</dt>
        <dd>{r.assistant}</dd>
        <dt>Shopper</dt>
        <dd>{r.shopper}</dd>
        {!customersim && (
          <>
            <dt>Moderator</dt>
            <dd>{r.moderator}</dd>
          </>
        )}
        <dt>Condition</dt>
        <dd>{r.condition}</dd>
        <dt>Progress</dt>
        <dd>
          {r.finished} of {r.planned} finished{r.running ? `, ${r.running} running` : ""}
          {r.errors ? `, ${r.errors} failed` : ""}
        </dd>
        <dt>{customersim ? "DA" : "SR"}</dt>
        <dd>{pct(r.successRate)}</dd>
        <dt>Cost</dt>
        <dd>{usd(r.costUsd)}</dd>
        <dt>Started</dt>
        <dd>{when(r.createdAt)}</dd>
      </dl>
      <Failures failures={r.failures} />
      <h2>{customersim ? "Conversations" : "Episodes"}</h2>
      <table class="grid">
        <thead>
          <tr>
            <th>{customersim ? "Category" : "Store"}</th>
            <th>{customersim ? "Persona" : "Task"}</th>
            <th>Status</th>
            <th>{customersim ? "Ending" : "Termination"}</th>
            <th>{customersim ? "DA" : "Success"}</th>
            <th class="num">{customersim ? "Rounds" : "Turns"}</th>
            <th class="num">Recs</th>
            <th class="num">Cost</th>
          </tr>
        </thead>
        <tbody>
          {data.episodes.map((e) => {
            const open = e.status !== "running";
            return (
              <tr key={`${e.env}/${e.taskId}`}>
                <td>{e.env}</td>
                <td>{open ? <a href={links.episode(r.id, e.env, e.taskId)}>{e.taskId}</a> : e.taskId}</td>
                <td>
                  <Status status={e.status} />
                  {e.error && <div class="sub bad">{e.error}</div>}
                </td>
                <td>{words(e.reason)}</td>
                <td>
                  {e.status === "finished" ? (
                    <Verdict ok={e.success}>{e.success ? "yes" : "no"}</Verdict>
                  ) : (
                    "–"
                  )}
                </td>
                <td class="num">{e.turns}</td>
                <td class="num">{e.recommendations}</td>
                <td class="num">{usd(e.costUsd)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <details class="config">
        <summary>Configuration</summary>
        <pre>{JSON.stringify(data.config, null, 2)}</pre>
      </details>
    </section>
  );
}
