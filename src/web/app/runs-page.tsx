import type { RunSummary } from "../api-types.js";
import { useJson } from "./api.js";
import { links, pct, usd, when } from "./format.js";

export function Status({ status }: { status: string }) {
  return <span class={`status status-${status}`}>{status}</span>;
}

export function Failures({ failures }: { failures: RunSummary["failures"] }) {
  if (!failures.length) return null;
  return (
    <ul class="failures">
      {failures.map((f) => (
        <li key={f.message}>
          <b>{f.count} ×</b> {f.message}
        </li>
      ))}
    </ul>
  );
}

/** Every run of the store, newest first; refreshed every 2 s (runs in progress update live). */
export function RunsPage() {
  const { data, error } = useJson<RunSummary[]>("/api/runs", 2000);
  return (
    <section>
      <h1>Runs</h1>
      {error && <p class="error">Could not load the runs: {error}</p>}
      {data && !data.length && (
        <p class="empty">
          No runs in this store yet. Start one with <code>siturec run</code>; it appears here as it runs.
        </p>
      )}
      {data && data.length > 0 && (
        <table class="grid">
          <thead>
            <tr>
              <th>Run</th>
              <th>Benchmark</th>
              <th>Status</th>
              <th>Store</th>
              <th>Assistant</th>
              <th>Shopper</th>
              <th>Moderator</th>
              <th>Condition</th>
              <th class="num">Done / planned</th>
              <th class="num" title="success rate (SituRecBench) or decision alignment (CustomerSim)">
                SR / DA
              </th>
              <th class="num">Cost</th>
              <th>Why episodes failed</th>
            </tr>
          </thead>
          <tbody>
            {data.map((r) => (
              <tr key={r.id}>
                <td>
                  <a href={links.run(r.id)}>{r.id}</a>
                  <div class="sub">{when(r.createdAt)}</div>
                </td>
                <td>{r.benchmark}</td>
                <td>
                  <Status status={r.status} />
                </td>
                <td>{r.env}</td>
                <td>{r.assistant}</td>
                <td>{r.shopper}</td>
                <td>{r.moderator}</td>
                <td>{r.condition}</td>
                <td class="num">
                  {r.finished} / {r.planned}
                  {r.running > 0 && <div class="sub">{r.running} running</div>}
                  {r.errors > 0 && <div class="sub bad">{r.errors} failed</div>}
                </td>
                <td class="num">
                  {pct(r.successRate)}
                  <div class="sub">{r.benchmark === "customersim" ? "DA" : "SR"}</div>
                </td>
                <td class="num">{usd(r.costUsd)}</td>
                <td>
                  <Failures failures={r.failures} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
