import type { CohortReport } from "../evaluate.js";
import { cohortLabel, storeDisplayName } from "../format.js";
import type { ProtocolCounts } from "../metrics/protocol.js";
import type { Table } from "./write-report.js";

/** The protocol columns: a heading, and the count as text (per role, assistant / shopper [/ moderator]). */
export const PROTOCOL_COLUMNS: readonly (readonly [string, (p: ProtocolCounts) => string])[] = [
  ["Invalid tools (a/s)", (p) => `${p.invalidTools.assistant}/${p.invalidTools.shopper}`],
  ["Unresolved goals", (p) => String(p.unresolvedGoals)],
  [
    "Repaired JSON (a/s/m)",
    (p) => `${p.repairedJson.assistant}/${p.repairedJson.shopper}/${p.repairedJson.moderator}`,
  ],
  [
    "Fenced JSON (a/s/m)",
    (p) => `${p.fencedJson.assistant}/${p.fencedJson.shopper}/${p.fencedJson.moderator}`,
  ],
  ["Label disclosures (a/s)", (p) => `${p.labelDisclosures.assistant}/${p.labelDisclosures.shopper}`],
];

const CSV_HEADERS = [
  "invalid_tools_assistant",
  "invalid_tools_shopper",
  "unresolved_goals",
  "repaired_json_assistant",
  "repaired_json_shopper",
  "repaired_json_moderator",
  "fenced_json_assistant",
  "fenced_json_shopper",
  "fenced_json_moderator",
  "label_disclosures_assistant",
  "label_disclosures_shopper",
];

function csvValues(p: ProtocolCounts): number[] {
  return [
    p.invalidTools.assistant,
    p.invalidTools.shopper,
    p.unresolvedGoals,
    p.repairedJson.assistant,
    p.repairedJson.shopper,
    p.repairedJson.moderator,
    p.fencedJson.assistant,
    p.fencedJson.shopper,
    p.fencedJson.moderator,
    p.labelDisclosures.assistant,
    p.labelDisclosures.shopper,
  ];
}

/** The report's protocol table: per cohort, the role-turns that broke the output protocol. */
export function protocolTable(cohorts: readonly CohortReport[]): Table {
  return {
    name: "protocol",
    title: "Protocol violations (role-turns)",
    note: "Per cohort, role-turns (a = assistant, s = shopper, m = moderator): replies naming a tool the store lacks (counted even when repaired), Navigate acts whose goal or waypoint names no navigation target, replies that needed the repair request, replies whose JSON came in a code fence or prose, and utterances speaking the role's own marker labels or a catalog or layout id (docs/evaluation.md).",
    headers: ["Environment", "Assistant", "N", ...PROTOCOL_COLUMNS.map(([h]) => h)],
    csvHeaders: ["env", "assistant", "shopper", "condition", "episodes", ...CSV_HEADERS],
    rows: cohorts.map((c) => ({
      cells: [
        storeDisplayName(c.env),
        cohortLabel(c),
        String(c.episodes),
        ...PROTOCOL_COLUMNS.map(([, cell]) => cell(c.protocol)),
      ],
      csv: [c.env, c.assistant, c.shopper, c.condition, c.episodes, ...csvValues(c.protocol)],
    })),
  };
}
