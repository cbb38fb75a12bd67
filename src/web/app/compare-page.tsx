import { useMemo } from "preact/hooks";
import type { EpisodeIndex, IndexedEpisode } from "../episode-index-types.js";
import { links, usd, words } from "./format.js";
import { Verdict } from "./icons.js";
import { route } from "./route.js";
import {
  type ComparedTask,
  type ComparisonSummary,
  compareRuns,
  PART_NAMES,
  type RunComparison,
  turnText,
} from "./run-comparison.js";
import { TableDownloads } from "./table-download.js";
import type { TableData } from "./table-text.js";
import { useEpisodeIndexes } from "./use-episode-index.js";
import "./episodes.css";

/** Which tasks the table lists. */
type Show = "all" | "differ" | "diverged";

/** The compare view's options as its address keeps them (`&show=differ&ranking=0`). */
interface CompareView {
  show: Show;
  /** A different top-ranked product counts as a divergence. */
  ranking: boolean;
}

function parseView(query: string): CompareView {
  const p = new URLSearchParams(query);
  const show = p.get("show");
  return {
    show: show === "differ" || show === "diverged" ? show : "all",
    ranking: p.get("ranking") !== "0",
  };
}

function viewLink(runs: string[], v: CompareView): string {
  return `${links.compare(runs)}${v.show !== "all" ? `&show=${v.show}` : ""}${v.ranking ? "" : "&ranking=0"}`;
}

/** The runs' letters on the page: A, B, C, … */
export const letter = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : `R${i + 1}`);

const won = (e: IndexedEpisode | undefined) => e?.status === "finished" && e.success;

/** One run's episode of a task: its verdict, then how it ended, its length, the purchase and the cost. */
function OutcomeCell(props: {
  e: IndexedEpisode | undefined;
  run: string;
  label: string;
  customersim: boolean;
}) {
  const { e, customersim, label } = props;
  if (!e)
    return (
      <td class="run-cell sub" data-label={label}>
        not in this run
      </td>
    );
  if (e.status === "error")
    return (
      <td class="run-cell" data-label={label}>
        <span class="bad">attempt failed</span>
        {e.error && <div class="sub bad">{e.error}</div>}
      </td>
    );
  const verdict = customersim && e.decision ? words(e.decision) : e.success ? "succeeded" : "failed";
  return (
    <td class="run-cell" data-label={label}>
      <a class="verdict" href={links.episode(props.run, e.env, e.taskId)}>
        <Verdict ok={e.success}>{verdict}</Verdict>
      </a>
      <div class="sub">
        {words(e.reason)} · {e.turns} {customersim ? "rounds" : "turns"} · {usd(e.costUsd)}
      </div>
      <div class="sub">
        {e.purchased ? (
          <>
            bought <code class="id">{e.purchased}</code>
            {e.referenceHit && <span class="tag">reference</span>}
          </>
        ) : (
          "bought nothing"
        )}
      </div>
    </td>
  );
}

/** The first turn where the runs part: what differs, and what each run did there (linked). */
function DivergenceCell(props: { task: ComparedTask; runs: string[]; customersim: boolean }) {
  const { task, runs, customersim } = props;
  const d = task.divergence;
  if (!d)
    return (
      <td class="diverge sub" data-label="First divergence">
        {task.episodes.filter(Boolean).length > 1 ? "alike throughout" : "–"}
      </td>
    );
  const unit = customersim ? "Round" : "Turn";
  return (
    <td class="diverge" data-testid="divergence" data-label="First divergence">
      <b>
        {unit} {d.turn}
      </b>{" "}
      <span class="sub">differs in {d.differs.map((p) => PART_NAMES[p]).join(", ")}</span>
      <ul>
        {task.episodes.map((e, i) =>
          e ? (
            <li key={runs[i]}>
              <a href={links.episode(runs[i]!, task.env, task.taskId, customersim ? undefined : d.turn)}>
                {letter(i)}
              </a>{" "}
              {turnText(e.steps[d.turn - 1])}
            </li>
          ) : null,
        )}
      </ul>
    </td>
  );
}

/** The summary above the table: how the runs fared on the tasks all of them have. */
function Summary({ s, runs }: { s: ComparisonSummary; runs: string[] }) {
  const two = runs.length === 2;
  const items: [string, number][] = [
    [two ? "both succeeded" : "all succeeded", s.all],
    ...s.only.map((n, i): [string, number] => [`only ${letter(i)} succeeded`, n]),
    ...(two ? [] : [["some succeeded", s.mixed] as [string, number]]),
    [two ? "neither succeeded" : "none succeeded", s.none],
    [`diverged, of ${s.shared} shared`, s.diverged],
  ];
  return (
    <ul class="compare-summary" data-testid="compare-summary">
      {items.map(([label, n]) => (
        <li key={label}>
          <b>{n}</b>
          {label}
        </li>
      ))}
    </ul>
  );
}

/** The compared tasks as downloaded: one row per task, each run's outcome, the divergence. */
function comparisonTable(tasks: ComparedTask[], runs: string[]): TableData {
  const columns = [
    { key: "env", label: "store" },
    { key: "task", label: "task" },
    ...runs.flatMap((r, i) =>
      ["success", "reason", "turns", "purchased", "reference", "cost_usd"].map((k) => ({
        key: `${i}.${k}`,
        label: `${letter(i)} ${k} (${r})`,
      })),
    ),
    { key: "turn", label: "diverges at turn" },
    { key: "differs", label: "differs in" },
  ];
  const rows = tasks.map((t) => {
    const row: TableData["rows"][number] = { env: t.env, task: t.taskId };
    t.episodes.forEach((e, i) => {
      if (!e) return;
      row[`${i}.success`] = e.status === "error" ? "failed attempt" : e.success ? "yes" : "no";
      row[`${i}.reason`] = e.reason;
      row[`${i}.turns`] = e.turns;
      row[`${i}.purchased`] = e.purchased;
      row[`${i}.reference`] = e.purchased ? e.referenceHit : null;
      row[`${i}.cost_usd`] = e.costUsd;
    });
    row.turn = t.divergence?.turn;
    row.differs = t.divergence?.differs.join(" ");
    return row;
  });
  return { columns, rows };
}

/** Which tasks the view shows. */
function shown(c: RunComparison, show: Show): ComparedTask[] {
  if (show === "diverged") return c.tasks.filter((t) => t.divergence);
  if (show === "differ") return c.tasks.filter((t) => new Set(t.episodes.map(won)).size > 1);
  return c.tasks;
}

/** Runs on the same tasks side by side: per-task outcomes and the first turn where they part. */
export function ComparePage({ runs, query }: { runs: string[]; query: string }) {
  const { data, error } = useEpisodeIndexes(runs.length > 1 ? runs : []);
  if (runs.length < 2)
    return (
      <section>
        <h1>Compare runs</h1>
        <p class="empty">
          Pick two runs or more on the <a href={links.runs()}>runs list</a> (the boxes beside them), then
          Compare.
        </p>
      </section>
    );
  if (error && !data) return <p class="error">Could not load the runs to compare: {error}</p>;
  if (!data) return <p class="loading">Loading {runs.join(", ")}…</p>;
  return <Comparison indexes={data} view={parseView(query)} />;
}

function RunList({ indexes }: { indexes: EpisodeIndex[] }) {
  return (
    <ul class="compare-runs">
      {indexes.map(({ run, episodes }, i) => (
        <li key={run.id}>
          <b>{letter(i)}</b> <a href={links.run(run.id)}>{run.id}</a>{" "}
          <span class="sub">
            {[run.assistant, `shopper ${run.shopper}`, run.env, run.condition, `${episodes.length} ended`]
              .filter((x) => x !== "-")
              .join(" · ")}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Comparison({ indexes, view }: { indexes: EpisodeIndex[]; view: CompareView }) {
  const runs = indexes.map((x) => x.run.id);
  const benchmarks = new Set(indexes.map((x) => x.run.benchmark));
  const customersim = benchmarks.has("customersim");
  const c = useMemo(() => compareRuns(indexes, { ranking: view.ranking }), [indexes, view.ranking]);
  if (benchmarks.size > 1)
    return (
      <section>
        <h1>Compare runs</h1>
        <RunList indexes={indexes} />
        <p class="error">
          Compare puts runs of one benchmark side by side: these mix SituRecBench and CustomerSim runs.
        </p>
      </section>
    );
  const tasks = shown(c, view.show);
  const go = (v: Partial<CompareView>) => {
    // The address may be ahead of this drawing (a choice made a moment ago): build on it.
    const now = route(location.hash);
    location.hash = viewLink(runs, { ...(now.page === "compare" ? parseView(now.query) : view), ...v });
  };
  return (
    <section>
      <h1>Compare runs</h1>
      <RunList indexes={indexes} />
      <Summary s={c.summary} runs={runs} />
      <form class="filters" aria-label="compare options" onSubmit={(e) => e.preventDefault()}>
        <label>
          Show{" "}
          <select name="show" value={view.show} onChange={(e) => go({ show: e.currentTarget.value as Show })}>
            <option value="all">every shared {customersim ? "persona" : "task"}</option>
            <option value="differ">outcomes differ</option>
            <option value="diverged">they diverge</option>
          </select>
        </label>
        <label title="a different product first counts as parting ways">
          <input
            type="checkbox"
            name="ranking"
            checked={view.ranking}
            onChange={(e) => go({ ranking: e.currentTarget.checked })}
          />{" "}
          {customersim ? "count the first product recommended" : "count the top-ranked product"}
        </label>
      </form>
      <p class="sub table-count">
        <span data-testid="compare-count">
          {tasks.length} of {c.tasks.length} shared {customersim ? "personas" : "tasks"}
        </span>
        {tasks.length > 0 && (
          <>
            {" · "}
            <TableDownloads name={`compare-${runs.join("-")}`} table={() => comparisonTable(tasks, runs)} />
          </>
        )}
      </p>
      {c.tasks.length === 0 && (
        <p class="empty">These runs have no {customersim ? "persona" : "task"} in common.</p>
      )}
      {tasks.length > 0 && <CompareTable tasks={tasks} runs={runs} customersim={customersim} divergence />}
      {c.partial.length > 0 && (
        <>
          <h2 class="partial-title">
            {customersim ? "Personas" : "Tasks"} only some runs have ({c.partial.length})
          </h2>
          <CompareTable tasks={c.partial} runs={runs} customersim={customersim} divergence={false} />
        </>
      )}
    </section>
  );
}

/** The tasks side by side: a column per run, and the first divergence unless `divergence` is false. */
function CompareTable(props: {
  tasks: ComparedTask[];
  runs: string[];
  customersim: boolean;
  divergence: boolean;
}) {
  const { tasks, runs, customersim } = props;
  const stores = new Set(tasks.map((t) => t.env)).size > 1;
  const store = customersim ? "Category" : "Store";
  const task = customersim ? "Persona" : "Task";
  return (
    <div class="table-scroll">
      <table class="grid compare stack">
        <thead>
          <tr>
            {stores && <th>{store}</th>}
            <th>{task}</th>
            {runs.map((r, i) => (
              <th key={r} class="run-head">
                {letter(i)} <span class="sub">{r}</span>
              </th>
            ))}
            {props.divergence && <th>First divergence</th>}
          </tr>
        </thead>
        <tbody>
          {tasks.map((t) => (
            <tr key={`${t.env}/${t.taskId}`}>
              {stores && <td data-label={store}>{t.env}</td>}
              <td class="task" data-label={task}>
                {t.taskId}
              </td>
              {t.episodes.map((e, i) => (
                <OutcomeCell
                  key={runs[i]}
                  e={e}
                  run={runs[i]!}
                  label={`${letter(i)} ${runs[i]}`}
                  customersim={customersim}
                />
              ))}
              {props.divergence && <DivergenceCell task={t} runs={runs} customersim={customersim} />}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
