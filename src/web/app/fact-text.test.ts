import { describe, expect, it } from "vitest";
import { factText, keyText } from "./fact-text.js";

describe("revealed item facts as text", () => {
  it("joins lists, spells out nested facts and camel-case keys", () => {
    expect(keyText("sizeCategory")).toBe("size category");
    expect(factText(["jar", "glass"])).toBe("jar, glass");
    expect(factText([])).toBe("none");
    expect(factText({ serving: "1 tbsp", sodiumMg: 0 })).toBe("serving 1 tbsp · sodium mg 0");
    expect(factText(null)).toBe("–");
  });
});
