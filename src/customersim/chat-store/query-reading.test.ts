import { describe, expect, it } from "vitest";
import { queryClauses, searchedText } from "./query-reading.js";

describe("reading a product query", () => {
  it("marks the words after a negation, up to the end of the clause", () => {
    expect(queryClauses("No polyester, jeans please.")).toEqual([
      [
        { word: "no", negated: false },
        { word: "polyester", negated: true },
      ],
      [
        { word: "jeans", negated: false },
        { word: "please", negated: false },
      ],
    ]);
  });

  it("searches for what is asked, not for what is ruled out", () => {
    expect(searchedText("A game. Nothing rated M (Mature). Must have co-op.")).toBe("a game must have co op");
    expect(searchedText("A proper watch, not a fitness band. I don't want polyester!")).toBe(
      "a proper watch i",
    );
    expect(searchedText("Must be jeans. Would rather avoid polyester.")).toBe("must be jeans would rather");
    expect(searchedText("Nothing.")).toBe("");
  });
});
