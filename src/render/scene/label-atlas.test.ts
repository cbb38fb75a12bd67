import { describe, expect, it } from "vitest";
import { inkFor } from "./label-atlas.js";

describe("ink on a package", () => {
  it("takes whichever of dark and white ink has the higher WCAG contrast on the background", () => {
    expect(inkFor("#ffffff")).toBe("#111111");
    expect(inkFor("#1b1b1b")).toBe("#ffffff");
    expect(inkFor("#1e63b5")).toBe("#ffffff");
    // Mid tones: an orange, a tan and a mid green read better in dark ink (contrast about 6 against 3).
    expect(inkFor("#f26b21")).toBe("#111111");
    expect(inkFor("#b08968")).toBe("#111111");
    expect(inkFor("#2e9c47")).toBe("#111111");
    // About where the two contrasts meet (luminance 0.19): just darker takes white, just lighter dark.
    expect(inkFor("#1e7ac8")).toBe("#ffffff");
    expect(inkFor("#e8343c")).toBe("#111111");
  });
});
