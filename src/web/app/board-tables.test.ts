import { describe, expect, it } from "vitest";
import type { Leaderboard } from "../api-types.js";
import type { CustomerSimBoardRow, CustomerSimLeaderboard } from "../customersim-leaderboard-types.js";
import { decisionAlignmentTable, fidelityTable, toolCallingTable } from "./customersim-board-tables.js";
import { leaderboardTable } from "./leaderboard-tables.js";
import { tableCsv, tableMarkdown } from "./table-text.js";

const row: CustomerSimBoardRow = {
  run: "cs-1",
  status: "complete",
  label: "openai:gpt-4o vs reference",
  backbone: "openai:gpt-4o",
  shopper: "openai:gpt-4o",
  sales: "reference",
  steering: "none",
  conversations: 12,
  da: { byCategory: { laptops: 0.75, games: null }, overall: 0.6666666 },
  floors: { walkOut: 0.5, buyFirst: null },
  shownAcceptable: { shown: 9, feasible: 10 },
  floorSource: null,
  end: { byCategory: { laptops: 0.125, games: null }, overall: 0.1 },
  fmt: { byCategory: { laptops: 0, games: null }, overall: 0.05 },
  crit: 3.1379,
  cpl: 0.5,
  red: 0.12345,
  daRank: {},
};
const board: CustomerSimLeaderboard = {
  categories: [
    { id: "laptops", label: "Laptops" },
    { id: "games", label: "Games" },
  ],
  rows: [row],
  estimators: "rule-based",
  notes: { decisionAlignment: "", toolCalling: "", fidelity: "" },
  skipped: [],
  conversations: 12,
};

describe("the leaderboards' downloads", () => {
  it("give CustomerSim's Tables 1–3 with the digits `customersim report` writes", () => {
    expect(tableCsv(decisionAlignmentTable(board))).toBe(
      "Shopper vs salesperson,Run,N,Laptops,Games,Overall,Walk-out floor,Buy-first floor,Shown acceptable\r\n" +
        "openai:gpt-4o vs reference,cs-1,12,0.750,–,0.667,0.500,–,9/10\r\n",
    );
    expect(tableMarkdown(toolCallingTable(board)).split("\n")[2]).toBe(
      "| openai:gpt-4o vs reference | cs-1 | 12.50 | 0.00 | – | – | 10.00 | 5.00 |",
    );
    expect(tableCsv(fidelityTable(board)).split("\r\n")[1]).toBe(
      "openai:gpt-4o vs reference,cs-1,12,3.14,0.50,0.123",
    );
  });

  it("give the SituRecBench leaderboard a row per store and cohort, each cell as the page shows it", () => {
    const lb = {
      columns: [{ group: "Outcome", key: "sr", label: "SR (%)", title: "" }],
      stores: [
        {
          env: "supermarket",
          name: "Supermarket",
          rows: [
            {
              assistant: "reference",
              condition: "full",
              shopper: "human · study pilot",
              moderator: "rule",
              episodes: 4,
              runs: ["a", "b"],
              cells: { sr: { value: 75, sd: 5, text: "75.0 ± 5.0", best: true } },
            },
          ],
        },
      ],
    } as unknown as Leaderboard;
    expect(tableCsv(leaderboardTable(lb))).toBe(
      "Store,Model,Condition,Shopper,Moderator,N,SR (%),Runs\r\n" +
        "Supermarket,reference,full,human · study pilot,rule,4,75.0 ± 5.0,a b\r\n",
    );
  });
});
