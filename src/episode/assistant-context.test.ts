import { describe, expect, it } from "vitest";
import type { RoleObservation } from "../render/observer.js";
import { assistantView } from "./assistant-context.js";

const box = { x0: 0, y0: 0, x1: 10, y1: 10 };
const view: RoleObservation = {
  role: "assistant",
  image: Buffer.from("png"),
  products: [
    {
      handle: "A",
      productId: "sm-004",
      name: "Cheerios",
      brand: "General Mills",
      distanceM: 1.2,
      bearing: "ahead",
      bearingDeg: 3,
      pixels: 900,
      box,
    },
  ],
  targets: [
    {
      handle: "3",
      targetId: "shelf-03",
      name: "Breakfast",
      kind: "shelf",
      approaches: ["nearest", "front"],
      distanceM: 2.5,
      bearing: "left",
      bearingDeg: -24,
      box,
    },
  ],
  caption: "with ids",
  marks: [{ handle: "A", rings: [], anchor: [0, 0] }],
  handles: { products: { A: "sm-004" }, targets: { "3": "shelf-03" } },
};

describe("the assistant's view under each condition", () => {
  it("full: the image and the lists, without catalog or layout ids by default", () => {
    const v = assistantView(view, "full", { captionIds: false });
    expect(v.image.length).toBeGreaterThan(0);
    expect(v.caption).toContain("- A: General Mills Cheerios, 1.2 m, ahead");
    expect(v.caption).toContain("- 3: Breakfast (shelf), 2.5 m, 24° left; approaches: nearest, front");
    expect(v.caption).not.toMatch(/sm-004|shelf-03/);
    expect(v.products[0]).not.toHaveProperty("productId");
    expect(v.targets[0]).not.toHaveProperty("targetId");
    expect(v.handles).toEqual({ products: {}, targets: {} });
  });

  it("ids only behind captions.ids", () => {
    const v = assistantView(view, "full", { captionIds: true });
    expect(v.caption).toContain("General Mills Cheerios [sm-004]");
    expect(v.caption).toContain("Breakfast [shelf-03]");
    expect(v.handles.products.A).toBe("sm-004");
  });

  it("no-evv: the lists without the image; no-evv-caption: neither", () => {
    const noEvv = assistantView(view, "no-evv", { captionIds: false });
    expect(noEvv.image.length).toBe(0);
    expect(noEvv.marks).toEqual([]);
    expect(noEvv.products).toHaveLength(1);
    const neither = assistantView(view, "no-evv-caption", { captionIds: true });
    expect(neither).toMatchObject({ products: [], targets: [], caption: "", marks: [] });
    expect(neither.image.length).toBe(0);
    expect(neither.handles).toEqual({ products: {}, targets: {} });
  });
});
