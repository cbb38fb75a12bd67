import type { ByCategory, CustomerSimLeaderboard } from "../customersim-leaderboard-types.js";
import type { TableData } from "./table-text.js";

/** A value as `customersim report` writes it: fixed digits, "–" for none. */
export const fixed = (v: number | null | undefined, digits: number) =>
  v === null || v === undefined ? "–" : v.toFixed(digits);

/** A share (0–1) as a percentage with two decimals, as Table 2 gives End. and Fmt. */
export const percent = (v: number | null | undefined) =>
  v === null || v === undefined ? "–" : (v * 100).toFixed(2);

/** A category's figure (an id of `categories`) or the overall one. */
export const pick = (b: ByCategory, col: string) =>
  col === "overall" ? b.overall : (b.byCategory[col] ?? null);

/** The columns of a run as every download starts them. */
const RUN_COLUMNS = [
  { key: "label", label: "Shopper vs salesperson" },
  { key: "run", label: "Run" },
];

/** Table 1 as a download: DA per category and overall, the floors and the shown-acceptable count. */
export function decisionAlignmentTable(board: CustomerSimLeaderboard): TableData {
  const cats = board.categories;
  return {
    columns: [
      ...RUN_COLUMNS,
      { key: "n", label: "N" },
      ...cats.map((c) => ({ key: c.id, label: c.label })),
      { key: "overall", label: "Overall" },
      { key: "walkOut", label: "Walk-out floor" },
      { key: "buyFirst", label: "Buy-first floor" },
      { key: "shown", label: "Shown acceptable" },
    ],
    rows: board.rows.map((r) => ({
      label: r.label,
      run: r.run,
      n: r.conversations,
      ...Object.fromEntries([...cats.map((c) => c.id), "overall"].map((c) => [c, fixed(pick(r.da, c), 3)])),
      walkOut: fixed(r.floors.walkOut, 3),
      buyFirst: fixed(r.floors.buyFirst, 3),
      shown: r.shownAcceptable ? `${r.shownAcceptable.shown}/${r.shownAcceptable.feasible}` : "–",
    })),
  };
}

/** Table 2 as a download: End. and Fmt. (% of conversations) per category and overall. */
export function toolCallingTable(board: CustomerSimLeaderboard): TableData {
  const cols = [...board.categories, { id: "overall", label: "Overall" }];
  return {
    columns: [
      ...RUN_COLUMNS,
      ...cols.flatMap((c) => [
        { key: `${c.id}:end`, label: `${c.label} End.` },
        { key: `${c.id}:fmt`, label: `${c.label} Fmt.` },
      ]),
    ],
    rows: board.rows.map((r) => ({
      label: r.label,
      run: r.run,
      ...Object.fromEntries(
        cols.flatMap((c) => [
          [`${c.id}:end`, percent(pick(r.end, c.id))],
          [`${c.id}:fmt`, percent(pick(r.fmt, c.id))],
        ]),
      ),
    })),
  };
}

/** Table 3 as a download: Crit., %Cpl. and Red. overall. */
export function fidelityTable(board: CustomerSimLeaderboard): TableData {
  return {
    columns: [
      ...RUN_COLUMNS,
      { key: "n", label: "N" },
      { key: "crit", label: "Crit." },
      { key: "cpl", label: "%Cpl." },
      { key: "red", label: "Red." },
    ],
    rows: board.rows.map((r) => ({
      label: r.label,
      run: r.run,
      n: r.conversations,
      crit: fixed(r.crit, 2),
      cpl: fixed(r.cpl, 2),
      red: fixed(r.red, 3),
    })),
  };
}
