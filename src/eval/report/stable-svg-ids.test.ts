import { describe, expect, it } from "vitest";
import { stableSvgIds } from "./stable-svg-ids.js";

/** A chart as vega draws it, its gradients numbered from `first`. */
const chart = (first: number) =>
  `<svg><path fill="url(#gradient_${first + 1})"/><path fill="url(#gradient_${first})"/>` +
  `<g clip-path="url(#clip${first + 4})"/><use href="#gradient_${first}"/>` +
  `<defs><linearGradient id="gradient_${first}"/><linearGradient id="gradient_${first + 1}"/>` +
  `<clipPath id="clip${first + 4}"/></defs><text>gradient_${first} stays text</text></svg>`;

describe("an SVG's counted ids", () => {
  it("are numbered from 0 in the order they are defined, references with them", () => {
    expect(stableSvgIds(chart(24))).toBe(
      `<svg><path fill="url(#gradient_1)"/><path fill="url(#gradient_0)"/>` +
        `<g clip-path="url(#clip0)"/><use href="#gradient_0"/>` +
        `<defs><linearGradient id="gradient_0"/><linearGradient id="gradient_1"/>` +
        `<clipPath id="clip0"/></defs><text>gradient_24 stays text</text></svg>`,
    );
  });

  it("make the same chart the same bytes whatever the process drew before", () => {
    expect(stableSvgIds(chart(0)).replace("gradient_0 stays", "gradient_24 stays")).toBe(
      stableSvgIds(chart(24)),
    );
  });

  it("swap cleanly where an old number is another's new one, and leave other ids alone", () => {
    const svg = `<defs><g id="gradient_1"/><g id="gradient_0"/><g id="legend"/></defs><p fill="url(#gradient_0)"/>`;
    expect(stableSvgIds(svg)).toBe(
      `<defs><g id="gradient_0"/><g id="gradient_1"/><g id="legend"/></defs><p fill="url(#gradient_1)"/>`,
    );
    expect(stableSvgIds("<svg/>")).toBe("<svg/>");
  });
});
