/**
 * The JSON of `GET /api/leaderboard/customersim`: CustomerSim's runs as `siturec customersim
 * evaluate` measures them, for the paper's Tables 1–3. Types only, shared by the server
 * (`customersim-leaderboard.ts`) and the browser app.
 */

/** A figure per category (the covered ones, by id) and overall; null where the run has none. */
export interface ByCategory {
  byCategory: Record<string, number | null>;
  overall: number | null;
}

/** One run: a shopper under test against a salesperson, and its figures. */
export interface CustomerSimBoardRow {
  run: string;
  /** The run's status as the store gives it (complete, running, incomplete, …). */
  status: string;
  /** How `customersim report` names the run: "shopper [+ Human Steering] vs salesperson". */
  label: string;
  /** The shopper under test without its steering suffix (the paper's "simulator backbone"). */
  backbone: string;
  /** The shopper's id as recorded (`MODEL+human-steering` for a steered one). */
  shopper: string;
  sales: string;
  /** Human-style steering of the shopper (the paper's "+ Human Steering" rows). */
  steering: "none" | "human";
  /** Finished conversations evaluated. */
  conversations: number;
  /** Table 1: Decision Alignment, 0–1. */
  da: ByCategory;
  /** The DA of the walk-out and buy-first shoppers against the same salesperson (null: not played). */
  floors: { walkOut: number | null; buyFirst: number | null };
  /** Feasible personas' conversations in which an acceptable product was recommended. */
  shownAcceptable: { shown: number; feasible: number } | null;
  /** Where the floors came from when not played here, in words (a floor run, or the command that makes them); else null. */
  floorSource: string | null;
  /** Table 2: shares (0–1) of conversations ending at the first turn (End.) and with a format error (Fmt.). */
  end: ByCategory;
  fmt: ByCategory;
  /** Table 3: first-turn criteria (Crit.), complete sentences (%Cpl., 0–1), redundancy (Red.), overall. */
  crit: number | null;
  cpl: number | null;
  red: number | null;
  /** Per Table 1 column (category id or `overall`): 1 for the best DA of its salesperson's rows, 2 for the second. */
  daRank: Record<string, 1 | 2>;
}

/** CustomerSim's leaderboard: the store's CustomerSim runs, one row each, grouped by salesperson. */
export interface CustomerSimLeaderboard {
  /** The categories any run covers, in the paper's order. */
  categories: { id: string; label: string }[];
  /** By salesperson (the paper holds it fixed), a backbone's steered run right after its plain one. */
  rows: CustomerSimBoardRow[];
  /** Which estimator gave Crit. and %Cpl., in words. */
  estimators: string;
  /** What each table shows, as `customersim report` writes it. */
  notes: { decisionAlignment: string; toolCalling: string; fidelity: string };
  /** Runs left out, and why (no finished conversation yet, a record this build cannot read). */
  skipped: { run: string; reason: string }[];
  /** Conversations over all rows. */
  conversations: number;
}
