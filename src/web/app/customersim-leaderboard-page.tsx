import type { ComponentChildren } from "preact";
import type { CustomerSimBoardRow, CustomerSimLeaderboard } from "../customersim-leaderboard-types.js";
import { useJson } from "./api.js";
import {
  decisionAlignmentTable,
  fidelityTable,
  fixed,
  percent,
  pick,
  toolCallingTable,
} from "./customersim-board-tables.js";
import { links } from "./format.js";
import { TableDownloads } from "./table-download.js";
import type { TableData } from "./table-text.js";
import "./leaderboard.css";

/** One table of the page: its title, download links, the table (scrolling sideways on a phone), its note. */
function BoardTable(props: {
  title: string;
  name: string;
  table: () => TableData;
  note: string;
  testid: string;
  /** As wide as its columns need, not the page (a table of few columns). */
  compact?: boolean;
  /** What follows the note (where floors came from). */
  after?: ComponentChildren;
  children: ComponentChildren;
}) {
  return (
    <div class="board-table">
      <div class="table-head">
        <h2>{props.title}</h2>
        <TableDownloads name={props.name} table={props.table} />
      </div>
      <div class="scroll-x">
        <table class={`grid board${props.compact ? " compact" : ""}`} data-testid={props.testid}>
          {props.children}
        </table>
      </div>
      <p class="sub note">{props.note}</p>
      {props.after}
    </div>
  );
}

/** The salespeople in row order, each with its rows: the paper holds the salesperson fixed. */
function bySales(rows: CustomerSimBoardRow[]): [string, CustomerSimBoardRow[]][] {
  const out = new Map<string, CustomerSimBoardRow[]>();
  for (const r of rows) out.set(r.sales, [...(out.get(r.sales) ?? []), r]);
  return [...out];
}

/** The row's first cell: its backbone, or "+ Human Steering" under the same backbone's plain row. */
function Backbone({ row, prev }: { row: CustomerSimBoardRow; prev: CustomerSimBoardRow | undefined }) {
  const steered = row.steering === "human";
  const under = steered && prev?.backbone === row.backbone && prev.steering === "none";
  return (
    <th scope="row" class={under ? "variant" : ""}>
      {under ? "+ Human Steering" : steered ? `${row.backbone} + Human Steering` : row.backbone}
      <div class="sub">
        <a href={links.run(row.run)}>{row.run}</a>
        {row.status !== "complete" && <> · {row.status}</>}
      </div>
    </th>
  );
}

/** The rows of one table, a block per salesperson under a heading row. */
function Blocks(props: {
  board: CustomerSimLeaderboard;
  span: number;
  cells: (r: CustomerSimBoardRow) => ComponentChildren;
}) {
  return (
    <>
      {bySales(props.board.rows).map(([sales, rows]) => (
        <tbody key={sales}>
          <tr class="store-row">
            <th colSpan={props.span}>Salesperson: {sales}</th>
          </tr>
          {rows.map((r, i) => (
            <tr key={r.run}>
              <Backbone row={r} prev={rows[i - 1]} />
              {props.cells(r)}
            </tr>
          ))}
        </tbody>
      ))}
    </>
  );
}

/** Where floors not played here came from: a floor run of the store, or the command that makes them. */
function FloorSources({ rows }: { rows: CustomerSimBoardRow[] }) {
  const elsewhere = rows.filter((r) => r.floorSource);
  if (!elsewhere.length) return null;
  return (
    <ul class="sub floor-sources">
      {elsewhere.map((r) => (
        <li key={r.run}>
          Floors of <a href={links.run(r.run)}>{r.run}</a>: {r.floorSource}
        </li>
      ))}
    </ul>
  );
}

const rankClass = (rank: 1 | 2 | undefined) => (rank === 1 ? "best" : rank === 2 ? "second" : "");

function DecisionAlignment({ board }: { board: CustomerSimLeaderboard }) {
  const cats = board.categories;
  return (
    <BoardTable
      title="Decision alignment (Table 1)"
      name="customersim-decision-alignment"
      table={() => decisionAlignmentTable(board)}
      note={board.notes.decisionAlignment}
      testid="customersim-da"
      after={<FloorSources rows={board.rows} />}
    >
      <thead>
        <tr>
          <th rowSpan={2}>Simulator backbone</th>
          <th rowSpan={2} class="num" title="conversations">
            N
          </th>
          <th colSpan={cats.length} class="group">
            Product category
          </th>
          <th rowSpan={2} class="num">
            Overall
          </th>
          <th colSpan={3} class="group">
            Floors (same salesperson)
          </th>
        </tr>
        <tr>
          {cats.map((c) => (
            <th key={c.id} class="num">
              {c.label}
            </th>
          ))}
          <th class="num" title="leaves after the first recommendation">
            Walk-out
          </th>
          <th class="num" title="buys the first product recommended">
            Buy-first
          </th>
          <th class="num" title="feasible personas shown an acceptable product">
            Shown
          </th>
        </tr>
      </thead>
      <Blocks
        board={board}
        span={cats.length + 6}
        cells={(r) => (
          <>
            <td class="num">{r.conversations}</td>
            {[...cats.map((c) => c.id), "overall"].map((c) => (
              <td key={c} class={`num ${rankClass(r.daRank[c])}`}>
                {fixed(pick(r.da, c), 3)}
              </td>
            ))}
            <td class="num" title={r.floorSource ?? "played here"}>
              {fixed(r.floors.walkOut, 3)}
            </td>
            <td class="num" title={r.floorSource ?? "played here"}>
              {fixed(r.floors.buyFirst, 3)}
            </td>
            <td class="num">
              {r.shownAcceptable ? `${r.shownAcceptable.shown}/${r.shownAcceptable.feasible}` : "–"}
            </td>
          </>
        )}
      />
    </BoardTable>
  );
}

function ToolCalling({ board }: { board: CustomerSimLeaderboard }) {
  const cols = [...board.categories, { id: "overall", label: "Overall" }];
  return (
    <BoardTable
      title="Early exits and format errors (Table 2)"
      name="customersim-tool-calling"
      table={() => toolCallingTable(board)}
      note={board.notes.toolCalling}
      testid="customersim-tools"
    >
      <thead>
        <tr>
          <th rowSpan={2}>Simulator backbone</th>
          {cols.map((c) => (
            <th key={c.id} colSpan={2} class="group">
              {c.label}
            </th>
          ))}
        </tr>
        <tr>
          {cols.flatMap((c) => [
            <th key={`${c.id}:end`} class="num" title="% ending with a terminal action at turn 1">
              End.
            </th>,
            <th key={`${c.id}:fmt`} class="num" title="% with a shopper tool-call format error">
              Fmt.
            </th>,
          ])}
        </tr>
      </thead>
      <Blocks
        board={board}
        span={1 + 2 * cols.length}
        cells={(r) =>
          cols.flatMap((c) => [
            <td key={`${c.id}:end`} class="num">
              {percent(pick(r.end, c.id))}
            </td>,
            <td key={`${c.id}:fmt`} class="num">
              {percent(pick(r.fmt, c.id))}
            </td>,
          ])
        }
      />
    </BoardTable>
  );
}

function Fidelity({ board }: { board: CustomerSimLeaderboard }) {
  return (
    <BoardTable
      title="Conversational fidelity (Table 3)"
      name="customersim-conversational-fidelity"
      table={() => fidelityTable(board)}
      note={`${board.notes.fidelity} ${board.estimators}.`}
      testid="customersim-fidelity"
      compact
    >
      <thead>
        <tr>
          <th>Method</th>
          <th class="num" title="conversations">
            N
          </th>
          <th class="num" title="criteria disclosed in the first turn">
            Crit.
          </th>
          <th class="num" title="share of complete sentences">
            %Cpl.
          </th>
          <th class="num" title="mean TF-IDF redundancy within a category">
            Red.
          </th>
        </tr>
      </thead>
      <Blocks
        board={board}
        span={5}
        cells={(r) => (
          <>
            <td class="num">{r.conversations}</td>
            <td class="num">{fixed(r.crit, 2)}</td>
            <td class="num">{fixed(r.cpl, 2)}</td>
            <td class="num">{fixed(r.red, 3)}</td>
          </>
        )}
      />
    </BoardTable>
  );
}

/**
 * CustomerSim's results in the paper's Tables 1–3 layout: decision alignment per category (with the
 * walk-out and buy-first floors), early exits and format errors, and conversational fidelity; one row
 * per run, a block per salesperson, measured as `siturec customersim evaluate` measures them.
 */
export function CustomerSimLeaderboardPage(_props: { query: string }) {
  const { data, error } = useJson<CustomerSimLeaderboard>("/api/leaderboard/customersim", 10_000);
  return (
    <section class="leaderboard customersim-board">
      <h1>CustomerSim leaderboard</h1>
      <p class="sub">
        The CustomerSim runs in this run folder, measured as <code>siturec customersim evaluate</code> does:
        one row per run (a shopper under test against a salesperson), grouped by salesperson.
      </p>
      {error && <p class="error">Could not load the CustomerSim leaderboard: {error}</p>}
      {!data && !error && <p class="loading">Evaluating the runs…</p>}
      {data && !data.rows.length && (
        <p class="empty">
          No finished CustomerSim conversations in this store yet: <code>siturec customersim run</code> plays
          some.
        </p>
      )}
      {data && data.rows.length > 0 && (
        <>
          <DecisionAlignment board={data} />
          <ToolCalling board={data} />
          <Fidelity board={data} />
          <p class="sub">
            {data.conversations} conversations from {data.rows.length} run{data.rows.length === 1 ? "" : "s"}.
          </p>
        </>
      )}
      {data && data.skipped.length > 0 && (
        <details class="skipped">
          <summary class="sub">
            {data.skipped.length} run{data.skipped.length === 1 ? "" : "s"} left out
          </summary>
          <ul class="sub">
            {data.skipped.map((s) => (
              <li key={s.run}>
                <a href={links.run(s.run)}>{s.run}</a>: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
