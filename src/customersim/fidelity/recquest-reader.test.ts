import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DataFileError } from "../../core/data-file.js";
import { measureRecQuestBaseline, readRecQuestDialogues, recQuestCategory } from "./recquest-reader.js";

const fixture = (name: string) => fileURLToPath(new URL(`./testdata/${name}`, import.meta.url));

describe("RecQuest human baseline reader", () => {
  it("reads the human turns of each dialogue, by domain, skipping dialogues without one", () => {
    const dialogues = readRecQuestDialogues(fixture("recquest"));
    expect(dialogues).toEqual([
      {
        id: "dialogue-a",
        category: "bicycle",
        shopperTurns: ["I need a bike for commuting, under $600.", "Blue, size M."],
      },
      {
        id: "dialogue-b",
        category: "bicycle",
        shopperTurns: ["Hello!", "I want something light. Budget under $800."],
      },
      {
        id: "dialogue-c",
        category: "laptops",
        shopperTurns: ["Do you have a laptop with 16GB RAM and a long battery?", "Show me cheaper ones."],
      },
    ]);
    expect(readRecQuestDialogues(fixture("recquest"), { completedOnly: true }).map((d) => d.id)).toEqual([
      "dialogue-a",
      "dialogue-c",
    ]);
  });

  it("reads RecQuest's laptop and smartwatch domains as CustomerSim's categories, keeps the others", () => {
    expect(["laptop", "smartwatch", "running_shoes", "bicycle", undefined].map(recQuestCategory)).toEqual([
      "laptops",
      "smart-watches",
      "running_shoes",
      "bicycle",
      "all",
    ]);
  });

  it('uses the category "all" when the files have no domain', () => {
    expect(readRecQuestDialogues(fixture("recquest-nodomain"))[0]!.category).toBe("all");
  });

  it("names the file and the field of a malformed dialogue", () => {
    const read = () => readRecQuestDialogues(fixture("recquest-bad"));
    expect(read).toThrow(DataFileError);
    expect(read).toThrow(/broken\.json: \$\.messages\[1\]\.role: role must be one of human, ai, system/);
  });

  it("measures Crit., %Cpl. and Red. on the human turns (values computed by hand)", async () => {
    const report = await measureRecQuestBaseline(fixture("recquest"));
    // a: Crit. 2 ("I need a bike for commuting" + "under $600"), %Cpl. 1/2.
    // b: Crit. 0 ("Hello!"), %Cpl. 1/3. c: Crit. 2 ("a laptop with 16GB RAM", "a long battery"), %Cpl. 2/2.
    // Red. of the bicycle pair: they share only "under" (idf 1; the 7 and 6 other terms have idf
    // 1 + ln 1.5), cosine = 1 / sqrt((1 + 7·1.405465²)(1 + 6·1.405465²)) = 0.072441; laptop has no peer.
    expect(report.dialogues.map((d) => [d.crit, d.cpl])).toEqual([
      [2, 0.5],
      [0, 1 / 3],
      [2, 1],
    ]);
    expect(report.byCategory.bicycle).toMatchObject({ dialogues: 2, crit: 1, cpl: (0.5 + 1 / 3) / 2 });
    expect(report.byCategory.bicycle!.red).toBeCloseTo(0.072441, 5);
    expect(report.byCategory.laptops).toMatchObject({ dialogues: 1, crit: 2, cpl: 1, red: null });
    expect(report.overall.crit).toBeCloseTo(4 / 3);
    expect(report.overall.cpl).toBeCloseTo((0.5 + 1 / 3 + 1) / 3);
    expect(report.overall.red).toBeCloseTo(0.072441, 5);
    expect(report.estimators).toEqual({ crit: "rule", cpl: "rule" });
  });
});
