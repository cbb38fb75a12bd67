import { useMemo } from "preact/hooks";
import type { RunDetail, RunSummary } from "../api-types.js";
import { useJson } from "./api.js";
import {
  type EpisodeQuery,
  episodeQueryString,
  parseEpisodeQuery,
  rebaseEpisodeQuery,
} from "./episode-query.js";
import { EpisodeTable } from "./episode-table.js";
import { links, pct, usd, when } from "./format.js";
import { route } from "./route.js";
import { Failures, Status } from "./runs-page.js";
import { useEpisodeIndexes } from "./use-episode-index.js";

/**
 * The run's ended episodes as a table filtered, searched and sorted in the browser (on the run's
 * episode index, loaded again as episodes end); the table's state is the address's query.
 */
function Episodes({ run: r, query }: { run: RunSummary; query: string }) {
  const { data, error } = useEpisodeIndexes([r.id], `${r.status}|${r.finished}|${r.errors}`);
  const q = useMemo(() => parseEpisodeQuery(query), [query]);
  const set = (next: EpisodeQuery, replace = false) => {
    const now = route(location.hash);
    const current = now.page === "run" && now.run === r.id ? parseEpisodeQuery(now.query) : q;
    const to = links.run(r.id, episodeQueryString(rebaseEpisodeQuery(q, next, current)));
    if (replace) location.replace(to);
    else location.hash = to;
  };
  if (error && !data) return <p class="error">Could not load the episodes: {error}</p>;
  if (!data) return <p class="loading">Loading the episodes…</p>;
  const running = r.running ? <span class="sub"> · {r.running} running (listed once they end)</span> : null;
  return <EpisodeTable index={data[0]!} query={q} set={set} note={running} />;
}

/** A run: its figures, its configuration and its episodes (conversations); live while it runs. */
export function RunPage({ run, query }: { run: string; query: string }) {
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
      <Episodes run={r} query={query} />
      <details class="config">
        <summary>Configuration</summary>
        <pre>{JSON.stringify(data.config, null, 2)}</pre>
      </details>
    </section>
  );
}
