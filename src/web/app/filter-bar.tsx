import type { LeaderboardFilters } from "../api-types.js";
import { route } from "./route.js";

export interface FilterOptions {
  stores: string[];
  conditions: string[];
  subsets: number[];
}

/**
 * Store, subset and condition pickers. Choosing one moves to `link(filters)`: the filters live in the
 * address, so a filtered view can be bookmarked and shared.
 */
export function FilterBar(props: {
  filters: LeaderboardFilters;
  options: FilterOptions;
  link: (f: LeaderboardFilters) => string;
}) {
  const { filters: f, options, link } = props;
  const set = (patch: LeaderboardFilters) => {
    // The address may be ahead of this drawing (a choice made a moment ago): build on it.
    const now = route(location.hash);
    location.hash = link({ ...("filters" in now ? now.filters : f), ...patch });
  };
  const any = f.store !== undefined || f.subset !== undefined || f.condition !== undefined;
  return (
    <form class="filters" aria-label="filters" onSubmit={(e) => e.preventDefault()}>
      <label>
        Store{" "}
        <select
          name="store"
          value={f.store ?? ""}
          onChange={(e) => set({ store: e.currentTarget.value || undefined })}
        >
          <option value="">all</option>
          {options.stores.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label title="the paper's profile-stratified subsets of 25 tasks (Appendix C.1)">
        Subset{" "}
        <select
          name="subset"
          value={f.subset === undefined ? "" : String(f.subset)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            set({ subset: v === "" ? undefined : Number(v) });
          }}
        >
          <option value="">all</option>
          {options.subsets.map((s) => (
            <option key={s} value={String(s)}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label title="the assistant's context condition (full; no-evv: without the shopper's view; …)">
        Condition{" "}
        <select
          name="condition"
          value={f.condition ?? ""}
          onChange={(e) => set({ condition: e.currentTarget.value || undefined })}
        >
          <option value="">all</option>
          {options.conditions.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      {any && <a href={link({})}>clear filters</a>}
    </form>
  );
}
