import { describe, expect, it } from "vitest";
import { sizeCategory } from "./size-category.js";

describe("sizeCategory", () => {
  it("sizes sofas by width like retailers: loveseat, sofa, large sofa", () => {
    expect(sizeCategory("sofa", { w: 150, d: 85, h: 80 })).toBe("small");
    expect(sizeCategory("sofa", { w: 200, d: 90, h: 80 })).toBe("medium");
    expect(sizeCategory("sofa", { w: 240, d: 95, h: 80 })).toBe("large");
  });

  it("sizes beds by their short side: single, double, queen and up", () => {
    expect(sizeCategory("bed", { w: 90, d: 200, h: 40 })).toBe("small");
    expect(sizeCategory("bed", { w: 140, d: 200, h: 40 })).toBe("medium");
    expect(sizeCategory("bed", { w: 160, d: 200, h: 40 })).toBe("large");
  });

  it("sizes lamps and plants by height, storage by volume", () => {
    expect(sizeCategory("floor-lamp", { w: 30, d: 30, h: 180 })).toBe("large");
    expect(sizeCategory("table-lamp", { w: 20, d: 20, h: 30 })).toBe("small");
    expect(sizeCategory("plant", { w: 50, d: 50, h: 150 })).toBe("large");
    expect(sizeCategory("wardrobe", { w: 100, d: 60, h: 200 })).toBe("medium");
  });
});
