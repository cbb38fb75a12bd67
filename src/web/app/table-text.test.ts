import { describe, expect, it } from "vitest";
import { type TableData, tableCsv, tableMarkdown } from "./table-text.js";

const table: TableData = {
  columns: [
    { key: "model", label: "Model" },
    { key: "sr", label: "SR, %" },
    { key: "note", label: "Note" },
  ],
  rows: [
    { model: "openai:gpt-4o", sr: 97, note: 'says "hi", then\nleaves' },
    { model: "=HYPERLINK(1)", sr: -1.5, note: null },
    { model: "a|b", sr: 0, note: "-5 ok" },
  ],
};

describe("downloaded tables", () => {
  it("writes RFC 4180 CSV: quoted fields where needed, formulas defused, numbers kept", () => {
    expect(tableCsv(table)).toBe(
      'Model,"SR, %",Note\r\n' +
        'openai:gpt-4o,97,"says ""hi"", then\nleaves"\r\n' +
        "'=HYPERLINK(1),-1.5,\r\n" +
        "a|b,0,-5 ok\r\n",
    );
  });

  it("writes a Markdown table with pipes escaped and line breaks kept in the cell", () => {
    expect(tableMarkdown(table)).toBe(
      "| Model | SR, % | Note |\n| --- | --- | --- |\n" +
        '| openai:gpt-4o | 97 | says "hi", then<br>leaves |\n' +
        "| =HYPERLINK(1) | -1.5 |  |\n" +
        "| a\\|b | 0 | -5 ok |\n",
    );
  });
});
