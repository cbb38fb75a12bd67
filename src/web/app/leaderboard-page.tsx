import type { Leaderboard, LeaderboardColumn, LeaderboardFilters, LeaderboardRow } from "../api-types.js";
import { assetUrl, useJson } from "./api.js";
import { FilterBar } from "./filter-bar.js";
import { links } from "./format.js";
import { leaderboardTable } from "./leaderboard-tables.js";
import { filterQuery } from "./route.js";
import { TableDownloads } from "./table-download.js";
import "./leaderboard.css";

/** Run links a row shows before "and N more" (a study's participants each have runs of their own). */
const RUNS_SHOWN = 3;

/** Consecutive columns of one group: the table's upper header row. */
function groupsOf(columns: LeaderboardColumn[]): { group: string; span: number }[] {
  const out: { group: string; span: number }[] = [];
  for (const c of columns) {
    const last = out.at(-1);
    if (last?.group === c.group) last.span++;
    else out.push({ group: c.group, span: 1 });
  }
  return out;
}

/**
 * The runs' results in the paper's Table 3 layout (a block of rows per store, columns grouped into
 * outcome, navigation, recommendation and, when judged, dialogue quality; the best of each store in
 * bold), then the charts `siturec report` draws. Filtered by store, subset and condition.
 */
export function LeaderboardPage({ filters }: { filters: LeaderboardFilters }) {
  const { data, error } = useJson<Leaderboard>(`/api/leaderboard${filterQuery(filters)}`, 10_000);
  return (
    <section class="leaderboard">
      <h1>Leaderboard</h1>
      <p class="sub">
        The SituRecBench runs in this run folder, evaluated as <code>siturec report</code> does: one row per
        assistant and context condition, the best value of each store in <b>bold</b>.{" "}
        <a href={links.runs(filters)}>The runs behind it</a>
      </p>
      {data && <FilterBar filters={filters} options={data.options} link={links.leaderboard} />}
      {error && <p class="error">Could not load the leaderboard: {error}</p>}
      {!data && !error && <p class="loading">Evaluating the runs…</p>}
      {data && !data.stores.length && (
        <p class="empty">
          No finished SituRecBench episodes{" "}
          {filterQuery(filters) ? "match these filters" : "in this store yet"}.
        </p>
      )}
      {data && data.stores.length > 0 && <Table data={data} />}
      {data && data.charts.length > 0 && (
        <>
          <h2 class="charts-title">Charts</h2>
          <div class="charts">
            {data.charts.map((c) => (
              <figure key={c.url} class="chart">
                <a href={assetUrl(c.url)} title="open the SVG">
                  <img src={assetUrl(c.url)} alt={c.title} />
                </a>
              </figure>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** The runs behind a row, the first few linked, the rest counted. */
function RowRuns({ row }: { row: LeaderboardRow }) {
  const shown = row.runs.slice(0, RUNS_SHOWN);
  const more = row.runs.length - shown.length;
  return (
    <div class="sub">
      {shown.map((id, i) => [
        i > 0 && ", ",
        <a key={id} href={links.run(id)}>
          {id}
        </a>,
      ])}
      {more > 0 && <span title={row.runs.slice(RUNS_SHOWN).join(", ")}> and {more} more</span>}
    </div>
  );
}

function Table({ data }: { data: Leaderboard }) {
  const cols = data.columns;
  const shoppers = new Set(data.stores.flatMap((s) => s.rows.map((r) => r.shopper)));
  const showShopper = shoppers.size > 1 || !shoppers.has("rule");
  const lead = showShopper ? 4 : 3;
  return (
    <>
      <div class="table-head">
        <h2>Results (Table 3 layout)</h2>
        <TableDownloads name="siturec-leaderboard" table={() => leaderboardTable(data)} />
      </div>
      <div class="scroll-x">
        <table class="grid board" data-testid="leaderboard">
          <thead>
            <tr>
              <th colSpan={lead} />
              {groupsOf(cols).map((g) => (
                <th key={g.group} colSpan={g.span} class="group">
                  {g.group}
                </th>
              ))}
            </tr>
            <tr>
              <th>Model</th>
              <th>Condition</th>
              {showShopper && <th>Shopper</th>}
              <th class="num" title="episodes">
                N
              </th>
              {cols.map((c) => (
                <th key={c.key} class="num" title={c.title}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          {data.stores.map((s) => (
            <tbody key={s.env}>
              <tr class="store-row">
                <th colSpan={lead + cols.length}>{s.name}</th>
              </tr>
              {s.rows.map((r) => (
                <tr key={`${r.assistant}/${r.condition}/${r.shopper}/${r.moderator}`}>
                  <td>
                    {r.assistant}
                    <RowRuns row={r} />
                  </td>
                  <td>{r.condition}</td>
                  {showShopper && <td>{r.shopper}</td>}
                  <td class="num">{r.episodes}</td>
                  {cols.map((c) => {
                    const cell = r.cells[c.key];
                    return (
                      <td key={c.key} class={`num ${cell?.best ? "best" : ""}`}>
                        {cell?.text ?? "–"}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <p class="sub">
        {data.note} {data.episodes} episodes from {data.runs.length} run{data.runs.length === 1 ? "" : "s"}.
      </p>
    </>
  );
}
