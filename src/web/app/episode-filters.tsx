import { useEffect, useRef, useState } from "preact/hooks";
import type { episodeOptions } from "./episode-filter.js";
import { type EpisodeQuery, filtersSet, OUTCOMES, type Outcome } from "./episode-query.js";
import { words } from "./format.js";

/** Pause in typing before the search is applied (and the address replaced). */
const SEARCH_DELAY_MS = 250;

const OUTCOME_NAMES: Record<Outcome, string> = { yes: "succeeded", no: "did not", failed: "attempt failed" };

/** A select whose first option ("all") clears the filter. */
function Pick(props: {
  label: string;
  name: string;
  value: string | undefined;
  options: readonly string[];
  show?: (v: string) => string;
  onPick: (v: string | undefined) => void;
}) {
  return (
    <label>
      {props.label}{" "}
      <select
        name={props.name}
        value={props.value ?? ""}
        onChange={(e) => props.onPick(e.currentTarget.value || undefined)}
      >
        <option value="">all</option>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {props.show ? props.show(o) : o}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A whole number typed in a box (empty: no bound). */
const bound = (v: string) => (/^\d{1,4}$/.test(v) ? Number(v) : undefined);

/**
 * The search box: what is typed is applied after a short pause (or at Enter), replacing the address
 * rather than adding to the history at each key.
 */
function SearchBox(props: {
  value: string | undefined;
  customersim: boolean;
  apply: (q: string | undefined) => void;
}) {
  const [text, setText] = useState(props.value ?? "");
  const box = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The address changed from elsewhere (clear, back): the box shows it, unless the user is typing.
  useEffect(() => {
    if (document.activeElement !== box.current) setText(props.value ?? "");
  }, [props.value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const apply = (v: string) => {
    clearTimeout(timer.current);
    props.apply(v.trim() || undefined);
  };
  return (
    <label class="search">
      Search{" "}
      <input
        ref={box}
        type="search"
        name="q"
        value={text}
        placeholder={props.customersim ? "text in either side's messages" : "text in the utterances"}
        title='every word must appear in some utterance of the episode; "quotes" for a phrase'
        onInput={(e) => {
          const v = e.currentTarget.value;
          setText(v);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => apply(v), SEARCH_DELAY_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") apply(e.currentTarget.value);
        }}
      />
    </label>
  );
}

/**
 * A box of a turn range. What is typed is the box's own until committed (Enter, or leaving the box):
 * a controlled value alone would be put back to the range's at the table's next render, which can
 * come between typing and Enter, so the number typed was lost.
 */
function TurnBox(props: {
  label: string;
  which: "min" | "max";
  value: number | undefined;
  commit: (v: number | undefined) => void;
}) {
  const shown = props.value === undefined ? "" : String(props.value);
  const [draft, setDraft] = useState(shown);
  // The range changed (committed, moved by the other box, cleared, back): the box shows it.
  useEffect(() => setDraft(shown), [shown]);
  return (
    <input
      class="turns"
      type="number"
      name={`turns-${props.which}`}
      aria-label={`${props.label}, ${props.which === "min" ? "at least" : "at most"}`}
      min="0"
      placeholder={props.which}
      value={draft}
      onInput={(e) => setDraft(e.currentTarget.value)}
      onChange={(e) => {
        // What the range takes is what the box shows: a refused number (not a whole number of at
        // most four digits) empties it rather than staying there unapplied.
        const v = bound(e.currentTarget.value);
        setDraft(v === undefined ? "" : String(v));
        props.commit(v);
      }}
    />
  );
}

/** Two boxes for a range of turns (either may be empty); a minimum above the maximum moves the other. */
function TurnRange(props: {
  label: string;
  value: EpisodeQuery["turns"];
  set: (r: EpisodeQuery["turns"]) => void;
}) {
  const change = (which: "min" | "max", v: number | undefined) => {
    const next = { ...props.value, [which]: v };
    if (next.min !== undefined && next.max !== undefined && next.min > next.max)
      next[which === "min" ? "max" : "min"] = next[which];
    props.set(next.min === undefined && next.max === undefined ? undefined : next);
  };
  const box = (which: "min" | "max") => (
    <TurnBox
      label={props.label}
      which={which}
      value={props.value?.[which]}
      commit={(v) => change(which, v)}
    />
  );
  return (
    <span class="range" title="at least – at most">
      {props.label} {box("min")}–{box("max")}
    </span>
  );
}

/**
 * The episodes table's filters and search. A choice calls `set` with the new state (the page puts
 * it in the address); the search replaces the address (`replace`) instead of adding to the history.
 */
export function EpisodeFilters(props: {
  query: EpisodeQuery;
  options: ReturnType<typeof episodeOptions>;
  customersim: boolean;
  set: (q: EpisodeQuery, replace?: boolean) => void;
}) {
  const { query: q, options, customersim, set } = props;
  const patch = (p: Partial<EpisodeQuery>) => set({ ...q, ...p });
  return (
    <form class="filters episode-filters" aria-label="episode filters" onSubmit={(e) => e.preventDefault()}>
      <SearchBox value={q.q} customersim={customersim} apply={(v) => set({ ...q, q: v }, true)} />
      {options.stores.length > 1 && (
        <Pick
          label={customersim ? "Category" : "Store"}
          name="store"
          value={q.store}
          options={options.stores}
          onPick={(store) => patch({ store })}
        />
      )}
      <Pick
        label={customersim ? "DA" : "Success"}
        name="success"
        value={q.success}
        options={OUTCOMES}
        show={(o) => OUTCOME_NAMES[o as Outcome]}
        onPick={(v) => patch({ success: v as Outcome | undefined })}
      />
      <Pick
        label={customersim ? "Ending" : "Termination"}
        name="reason"
        value={q.reason}
        options={options.reasons}
        show={words}
        onPick={(reason) => patch({ reason })}
      />
      <TurnRange label={customersim ? "Rounds" : "Turns"} value={q.turns} set={(turns) => patch({ turns })} />
      <Pick
        label={customersim ? "Sales tool" : "Act"}
        name="act"
        value={q.act}
        options={options.acts}
        onPick={(act) => patch({ act })}
      />
      <Pick
        label="Shopper action"
        name="action"
        value={q.action}
        options={options.actions}
        onPick={(action) => patch({ action })}
      />
      {filtersSet(q) && (
        <button type="button" class="link" onClick={() => set(q.sort ? { sort: q.sort } : {})}>
          clear filters
        </button>
      )}
    </form>
  );
}
