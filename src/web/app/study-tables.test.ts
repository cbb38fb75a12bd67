import { describe, expect, it } from "vitest";
import type { InteractionOverview, StudyOverview } from "../study-api-types.js";
import {
  agreementTableData,
  duration,
  endStamp,
  interactionsTable,
  outcomeText,
  participantsTable,
  stamp,
  statusText,
} from "./study-tables.js";
import { tableCsv } from "./table-text.js";

const interaction: InteractionOverview = {
  index: 0,
  task: "sm-01.1",
  assistant: "openai:gpt-4o",
  assistantNumber: 2,
  letter: "B",
  run: "study-pilot-P1-a2",
  state: "done",
  attempts: 1,
  startedAt: "2025-03-04T09:00:00.000Z",
  endedAt: "2025-03-04T09:04:05.000Z",
  answeredAt: "2025-03-04T09:05:00.000Z",
  durationMs: 245_000,
  turns: 7,
  success: false,
  reason: "turn_limit",
  answers: {
    ratings: {
      informativeness: 4,
      naturalness: 3,
      groundedness: 5,
      preference_alignment: 2,
      proactiveness: 4,
      non_repetition: 5,
      overall: 4,
    },
    comment: "=SUM(A1), fine",
  },
};
const study = {
  id: "pilot",
  questionnaire: [
    { dimension: "informativeness", title: "Informativeness" },
    { dimension: "overall", title: "Overall satisfaction" },
  ],
  participants: [
    {
      code: "P1",
      revokedAt: "2025-03-04T10:00:00.000Z",
      replaced: 0,
      issuedAt: null,
      stage: "finished",
      done: 1,
      total: 1,
      startedAt: "2025-03-04T09:00:00.000Z",
      lastActivityAt: "2025-03-04T09:05:00.000Z",
      profile: null,
      interactions: [interaction],
    },
  ],
} as unknown as StudyOverview;

describe("the study page's tables", () => {
  it("reads durations and times as people do, and an end on its start's day as a time only", () => {
    expect([duration(undefined), duration(9_400), duration(245_000), duration(3_725_000)]).toEqual([
      "",
      "9 s",
      "4 min 05 s",
      "1 h 02 min",
    ]);
    expect(stamp("2025-03-04T09:00:00.000Z")).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(stamp(undefined)).toBe("");
    expect(endStamp(interaction.startedAt, interaction.endedAt)).toMatch(/^\d\d:\d\d$/);
    expect(endStamp(interaction.startedAt, "2025-03-09T09:00:00.000Z")).toMatch(/^2025-03-09 /);
  });

  it("says an interaction's status with the reason it failed, and its outcome", () => {
    expect(outcomeText(interaction)).toBe("no success: turn limit");
    expect(outcomeText({ ...interaction, success: true })).toBe("success");
    expect(statusText({ ...interaction, state: "failed", failure: "429" })).toBe("failed: 429");
  });

  it("downloads every interaction with its raw timings, the assistant unblinded, and each rating in its column", () => {
    const t = interactionsTable(study);
    expect(t.columns.map((c) => c.key)).toEqual([
      ...["participant", "n", "task", "letter", "assistant", "status", "attempts", "started", "ended"],
      ...["seconds", "turns", "outcome", "informativeness", "overall", "comment"],
    ]);
    expect(t.rows[0]).toMatchObject({
      participant: "P1",
      assistant: "openai:gpt-4o",
      started: "2025-03-04T09:00:00.000Z",
      seconds: 245,
      informativeness: 4,
      overall: 4,
    });
    // A comment a spreadsheet would run is defused in the CSV.
    expect(tableCsv(t)).toContain(`"'=SUM(A1), fine"`);
    expect(participantsTable(study).rows[0]).toMatchObject({ invite: "revoked 2025-03-04T10:00:00.000Z" });
  });

  it("downloads an agreement table as the page shows it", () => {
    const t = agreementTableData({
      name: "table4",
      title: "T",
      note: "",
      headers: ["Coefficient", "SR"],
      rows: [["Pearson (r)", "0.800"]],
    });
    expect(tableCsv(t)).toBe("Coefficient,SR\r\nPearson (r),0.800\r\n");
  });
});
