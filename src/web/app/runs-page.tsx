import { useState } from "preact/hooks";
import type { LeaderboardFilters, RunSummary } from "../api-types.js";
import { useJson } from "./api.js";
import { FilterBar, type FilterOptions } from "./filter-bar.js";
import { links, pct, usd, when } from "./format.js";
import { TableDownloads } from "./table-download.js";
import type { TableData } from "./table-text.js";
import "./leaderboard.css";
import "./episodes.css";

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

/** The columns of the runs list as downloaded, by their `RunSummary` names. */
const RUN_COLUMNS = [
  "id",
  "createdAt",
  "benchmark",
  "status",
  "env",
  "subsets",
  "assistant",
  "shopper",
  "moderator",
  "condition",
  "finished",
  "planned",
  "running",
  "errors",
  "successRate",
  "costUsd",
  "failures",
] as const;

/** The runs as downloaded (CSV, Markdown): the list's columns, one plain value a cell. */
export function runsTable(runs: RunSummary[]): TableData {
  return {
    columns: RUN_COLUMNS.map((key) => ({ key, label: key })),
    rows: runs.map((r) => ({
      ...r,
      stores: r.stores.join(" "),
      subsets: r.subsets.join(" "),
      failures: r.failures.map((f) => `${f.count} × ${f.message}`).join("; "),
    })),
  };
}

/** The runs picked for comparing (in the order picked: the first is A), and the link to compare them. */
function CompareBar({ picked, clear }: { picked: string[]; clear: () => void }) {
  return (
    <div class="compare-bar">
      {picked.length > 1 ? (
        <a class="button" href={links.compare(picked)} data-testid="compare-link">
          Compare {picked.length} runs
        </a>
      ) : (
        <span class="button disabled" title="tick two runs or more">
          Compare
        </span>
      )}
      <span class="sub">
        {picked.length
          ? `picked: ${picked.join(", ")} `
          : "tick two runs or more (on the same tasks) to compare them"}
        {picked.length > 0 && (
          <button type="button" class="link" onClick={clear}>
            clear
          </button>
        )}
      </span>
    </div>
  );
}

/** Every run of the store, newest first, filtered; refreshed every 2 s (runs in progress update live). */
export function RunsPage({ filters }: { filters: LeaderboardFilters }) {
  const { data: all, error } = useJson<RunSummary[]>("/api/runs", 2000);
  const data = all?.filter((r) => runMatches(r, filters));
  const [picked, setPicked] = useState<string[]>([]);
  const pick = (id: string, on: boolean) =>
    setPicked((p) => (on ? [...p.filter((x) => x !== id), id] : p.filter((x) => x !== id)));
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
          {data.length > 0 && (
            <>
              {" · "}
              <TableDownloads name="runs" table={() => runsTable(data)} />
            </>
          )}
        </p>
      )}
      {data && data.length > 1 && <CompareBar picked={picked} clear={() => setPicked([])} />}
      {data && data.length > 0 && (
        <div class="table-scroll">
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
                  <td class="run-id">
                    <input
                      type="checkbox"
                      name="compare"
                      value={r.id}
                      aria-label={`compare ${r.id}`}
                      title="pick for comparing"
                      checked={picked.includes(r.id)}
                      onChange={(e) => pick(r.id, e.currentTarget.checked)}
                    />
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
        </div>
      )}
    </section>
  );
}
