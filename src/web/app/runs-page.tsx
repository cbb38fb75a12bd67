import type { LeaderboardFilters, RunSummary } from "../api-types.js";
import { useJson } from "./api.js";
import { FilterBar, type FilterOptions } from "./filter-bar.js";
import { links, pct, usd, when } from "./format.js";
import "./leaderboard.css";

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

/** Whether a run has episodes in the store and subset, and runs under the condition, the filters name. */
export function runMatches(r: RunSummary, f: LeaderboardFilters): boolean {
  if (f.store && !r.stores.includes(f.store) && r.env !== f.store) return false;
  if (f.subset !== undefined && !r.subsets.includes(f.subset)) return false;
  if (f.condition && r.condition !== f.condition) return false;
  return true;
}

function optionsOf(runs: RunSummary[]): FilterOptions {
  const sorted = (xs: Iterable<string>) => [...new Set(xs)].filter((x) => x !== "-").sort();
  return {
    stores: sorted(runs.flatMap((r) => r.stores)),
    conditions: sorted(runs.map((r) => r.condition)),
    subsets: [0, 1, 2, 3],
  };
}

/** Every run of the store, newest first, filtered; refreshed every 2 s (runs in progress update live). */
export function RunsPage({ filters }: { filters: LeaderboardFilters }) {
  const { data: all, error } = useJson<RunSummary[]>("/api/runs", 2000);
  const data = all?.filter((r) => runMatches(r, filters));
  return (
    <section>
      <h1>Runs</h1>
      {all && all.length > 0 && <FilterBar filters={filters} options={optionsOf(all)} link={links.runs} />}
      {error && <p class="error">Could not load the runs: {error}</p>}
      {all && !all.length && (
        <p class="empty">
          No runs in this store yet. Start one with <code>siturec run</code>; it appears here as it runs.
        </p>
      )}
      {all && all.length > 0 && data && !data.length && (
        <p class="empty">
          No run matches these filters (<a href={links.runs()}>show all {all.length}</a>).
        </p>
      )}
      {all && all.length > 0 && data && (
        <p class="sub">
          {data.length} of {all.length} runs ·{" "}
          <a href={links.leaderboard(filters)}>their results on the leaderboard</a>
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
                <td>
                  {r.env}
                  {r.subsets.length > 0 && r.subsets.length < 4 && (
                    <div class="sub">subset {r.subsets.join(", ")}</div>
                  )}
                </td>
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
