import type { ComponentChildren } from "preact";
import { useMemo, useState } from "preact/hooks";
import type { EpisodeIndex, IndexedEpisode } from "../episode-index-types.js";
import {
  type EpisodeMatch,
  episodeOptions,
  filterEpisodes,
  outcomeOf,
  searchable,
} from "./episode-filter.js";
import { EpisodeFilters } from "./episode-filters.js";
import {
  type EpisodeQuery,
  type EpisodeSort,
  episodeQueryString,
  filtersSet,
  type SortKey,
} from "./episode-query.js";
import { links, usd, words } from "./format.js";
import { Verdict } from "./icons.js";
import { TableDownloads } from "./table-download.js";
import type { TableData } from "./table-text.js";
import "./episodes.css";

/** A column of the table: its sort key, its heading for each benchmark, and whether it holds numbers. */
const COLUMNS: { key: SortKey; situ: string; cs: string; num?: boolean }[] = [
  { key: "store", situ: "Store", cs: "Category" },
  { key: "task", situ: "Task", cs: "Persona" },
  { key: "reason", situ: "Termination", cs: "Ending" },
  { key: "success", situ: "Success", cs: "DA" },
  { key: "turns", situ: "Turns", cs: "Rounds", num: true },
  { key: "recs", situ: "Recs", cs: "Recs", num: true },
  { key: "purchase", situ: "Purchase", cs: "Purchase" },
  { key: "cost", situ: "Cost", cs: "Cost", num: true },
];

/** A sort direction mark, drawn (a headless browser may lack arrow glyphs). */
function SortMark({ desc }: { desc: boolean | undefined }) {
  const d =
    desc === undefined
      ? "M4 6 L8 2 L12 6 M4 10 L8 14 L12 10"
      : desc
        ? "M3 5 L8 11 L13 5 Z"
        : "M3 11 L8 5 L13 11 Z";
  return (
    <svg
      class={`sort-mark${desc === undefined ? " idle" : ""}`}
      viewBox="0 0 16 16"
      width="10"
      height="10"
      aria-hidden="true"
    >
      <path
        d={d}
        fill={desc === undefined ? "none" : "currentColor"}
        stroke="currentColor"
        stroke-width="1.5"
      />
    </svg>
  );
}

/** A column heading that sorts: ascending first, then descending. */
function SortHeading(props: {
  label: string;
  col: SortKey;
  num?: boolean;
  sort?: EpisodeSort;
  onSort: (s: EpisodeSort) => void;
}) {
  const on = props.sort?.key === props.col;
  const desc = on ? props.sort!.desc : undefined;
  return (
    <th class={props.num ? "num" : undefined} aria-sort={on ? (desc ? "descending" : "ascending") : "none"}>
      <button
        type="button"
        class="sort"
        onClick={() => props.onSort({ key: props.col, desc: on ? !desc : false })}
      >
        {props.label} <SortMark desc={desc} />
      </button>
    </th>
  );
}

/** The episode's success cell: a verdict (CustomerSim: the decision case), or the failed attempt. */
function Outcome({ e, customersim }: { e: IndexedEpisode; customersim: boolean }) {
  if (e.status === "error")
    return (
      <>
        <span class="bad">attempt failed</span>
        {e.error && <div class="sub bad">{e.error}</div>}
      </>
    );
  const text = customersim && e.decision ? words(e.decision) : e.success ? "yes" : "no";
  return <Verdict ok={e.success}>{text}</Verdict>;
}

/** Where the search matched, linked to that turn. */
function Hit({ run, m, customersim }: { run: string; m: EpisodeMatch; customersim: boolean }) {
  const h = m.hit;
  if (!h) return null;
  const e = m.episode;
  const who = h.side === "shopper" ? "shopper" : customersim ? "salesperson" : "assistant";
  const where = customersim ? `round ${h.turn}` : `turn ${h.turn}`;
  return (
    <div class="hit sub">
      <a href={links.episode(run, e.env, e.taskId, customersim ? undefined : h.turn)}>{where}</a>, {who}:{" "}
      {h.before}
      <mark>{h.match}</mark>
      {h.after}
    </div>
  );
}

/** The rows as downloaded: one per episode the filters keep, in the table's order. */
export function episodeTable(matches: EpisodeMatch[], customersim: boolean): TableData {
  return {
    columns: [
      { key: "env", label: customersim ? "category" : "store" },
      { key: "task", label: customersim ? "persona" : "task" },
      { key: "status", label: "status" },
      { key: "reason", label: customersim ? "ending" : "termination" },
      { key: "outcome", label: customersim ? "da" : "success" },
      ...(customersim ? [{ key: "decision", label: "decision" }] : []),
      { key: "turns", label: customersim ? "rounds" : "turns" },
      { key: "recs", label: "recommendations" },
      { key: "purchased", label: "purchased" },
      ...(customersim ? [] : [{ key: "reference", label: "reference item" }]),
      { key: "cost", label: "cost_usd" },
      { key: "error", label: "error" },
      { key: "hit", label: customersim ? "search hit round" : "search hit turn" },
    ],
    rows: matches.map(({ episode: e, hit }) => ({
      env: e.env,
      task: e.taskId,
      status: e.status,
      reason: e.reason,
      outcome: outcomeOf(e),
      decision: e.decision,
      turns: e.turns,
      recs: e.recommendations,
      purchased: e.purchased,
      reference: e.purchased ? e.referenceHit : null,
      cost: e.costUsd,
      error: e.error,
      hit: hit?.turn,
    })),
  };
}

/**
 * A run's ended episodes, filtered, searched and sorted in the browser on its episode index; the
 * state is the page's address (`set` moves to the new one), so a filtered view is a link.
 */
export function EpisodeTable(props: {
  index: EpisodeIndex;
  query: EpisodeQuery;
  set: (q: EpisodeQuery, replace?: boolean) => void;
  /** Shown beside the count (episodes still running). */
  note?: ComponentChildren;
}) {
  const { index, query, set } = props;
  const run = index.run.id;
  const customersim = index.run.benchmark === "customersim";
  const items = useMemo(() => searchable(index.episodes), [index]);
  const options = useMemo(() => episodeOptions(index.episodes), [index]);
  const matches = useMemo(() => filterEpisodes(items, query), [items, query]);
  const noun = customersim ? "conversations" : "episodes";
  // One store: its column would say the same on every row.
  const stores = options.stores.length > 1;
  const columns = stores ? COLUMNS : COLUMNS.filter((c) => c.key !== "store");
  if (!index.episodes.length)
    return (
      <p class="empty">
        No {customersim ? "conversation" : "episode"} has ended yet{props.note}.
      </p>
    );
  return (
    <>
      <EpisodeFilters query={query} options={options} customersim={customersim} set={set} />
      <p class="sub table-count">
        <span data-testid="episode-count">
          {matches.length} of {index.episodes.length} {noun}
        </span>
        {props.note}
        {matches.length > 0 && (
          <>
            {" · "}
            <TableDownloads name={`${run}-${noun}`} table={() => episodeTable(matches, customersim)} />
          </>
        )}
      </p>
      {!matches.length && index.episodes.length > 0 && (
        <p class="empty">
          No {customersim ? "conversation" : "episode"} matches{filtersSet(query) ? " these filters" : ""}.{" "}
          <button type="button" class="link" onClick={() => set(query.sort ? { sort: query.sort } : {})}>
            Show all {index.episodes.length}
          </button>
        </p>
      )}
      {matches.length > 0 && (
        <EpisodeRows
          key={episodeQueryString(query)}
          run={run}
          matches={matches}
          columns={columns}
          customersim={customersim}
          query={query}
          set={set}
        />
      )}
    </>
  );
}

/** Rows drawn at first: a long table's first screens come at once, the rest on request. */
const ROWS_AT_ONCE = 250;

/** The table: sortable headings, then the rows (the first `ROWS_AT_ONCE`, all once asked). */
function EpisodeRows(props: {
  run: string;
  matches: EpisodeMatch[];
  columns: typeof COLUMNS;
  customersim: boolean;
  query: EpisodeQuery;
  set: (q: EpisodeQuery) => void;
}) {
  const { run, matches, customersim, query } = props;
  const [limit, setLimit] = useState(ROWS_AT_ONCE);
  const store = props.columns.some((c) => c.key === "store");
  return (
    <div class="table-scroll">
      <table class="grid episodes stack">
        <thead>
          <tr>
            {props.columns.map((c) => (
              <SortHeading
                key={c.key}
                label={customersim ? c.cs : c.situ}
                col={c.key}
                num={c.num}
                sort={query.sort}
                onSort={(sort) => props.set({ ...query, sort })}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {matches.slice(0, limit).map((m) => (
            <EpisodeRow
              key={`${m.episode.env}/${m.episode.taskId}`}
              run={run}
              m={m}
              customersim={customersim}
              store={store}
            />
          ))}
        </tbody>
      </table>
      {matches.length > limit && (
        <p class="more">
          Showing the first {limit} of {matches.length}.{" "}
          <button type="button" class="link" onClick={() => setLimit(matches.length)}>
            Show all {matches.length}
          </button>
        </p>
      )}
    </div>
  );
}

function EpisodeRow(props: { run: string; m: EpisodeMatch; customersim: boolean; store: boolean }) {
  const { run, m, customersim } = props;
  const e = m.episode;
  // Each cell's heading, shown beside it where the table is stacked (narrow screens).
  const label = (key: SortKey) => {
    const c = COLUMNS.find((x) => x.key === key)!;
    return customersim ? c.cs : c.situ;
  };
  return (
    <tr>
      {props.store && <td data-label={label("store")}>{e.env}</td>}
      <td class="task">
        <a href={links.episode(run, e.env, e.taskId)}>{e.taskId}</a>
        <Hit run={run} m={m} customersim={customersim} />
      </td>
      <td data-label={label("reason")}>{words(e.reason)}</td>
      <td data-label={label("success")}>
        <Outcome e={e} customersim={customersim} />
      </td>
      <td class="num" data-label={label("turns")}>
        {e.turns}
      </td>
      <td class="num" data-label={label("recs")}>
        {e.recommendations}
      </td>
      <td data-label={label("purchase")}>
        {e.purchased ? <code class="id">{e.purchased}</code> : "–"}
        {e.referenceHit && <span class="tag">reference</span>}
      </td>
      <td class="num" data-label={label("cost")}>
        {usd(e.costUsd)}
      </td>
    </tr>
  );
}
