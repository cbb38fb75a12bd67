import { describe, expect, it } from "vitest";
import { loadCustomerSimData } from "../data-files.js";
import { productImagePng, productImageSvg } from "./product-image.js";

const products = loadCustomerSimData().catalog.products;
const byId = (id: string) => products.find((p) => p.id === id)!;

describe("productImagePng", () => {
  it("gives the same bytes for the same product", async () => {
    const p = byId("fc-001");
    const [a, b] = await Promise.all([productImagePng(p), productImagePng(structuredClone(p))]);
    expect(a.equals(b)).toBe(true);
    expect(a.subarray(1, 4).toString()).toBe("PNG");
  });

  it("differs by product type", async () => {
    const laptop = products.find((p) => p.category === "laptops")!;
    const watch = products.find((p) => p.category === "smart-watches")!;
    const game = products.find((p) => p.category === "games")!;
    const images = await Promise.all([laptop, watch, game, byId("fc-001")].map(productImagePng));
    expect(new Set(images.map((i) => i.toString("base64"))).size).toBe(4);
  });

  it("draws the name as outlines, not text (no system font involved)", () => {
    expect(productImageSvg(byId("mc-001"))).not.toContain("<text");
  });
});
