import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RenderService } from "../render-service.js";
import { heroWords, nameWithout } from "../scene/hero-word.js";
import { distinctiveWords, wasRead, wordsOf } from "./distinctive-words.js";
import { measureLegibility } from "./measure-legibility.js";
import { tesseractVersion } from "./ocr.js";

describe("what counts as reading a product's name", () => {
  it("a distinctive word is in no neighbour's name and is not a packaging commonplace", () => {
    expect(wordsOf("Familia Swiss Müesli, 32 oz")).toEqual(["familia", "swiss", "muesli", "oz"]);
    expect(distinctiveWords("Swiss Muesli", ["Quick Rolled Oats", "Original Swiss Granola"])).toEqual([
      "muesli",
    ]);
    // Nothing distinctive left: the longest word stands in, so the product still counts.
    expect(distinctiveWords("Oat Milk", ["Oat Milk Barista"])).toEqual(["milk"]);
  });

  it("OCR may miss a letter in four of a long word, never in a short one", () => {
    expect(wasRead("langfjall", ["langriall"])).toBe(true);
    expect(wasRead("muesli", ["muesll"])).toBe(true);
    expect(wasRead("lack", ["lacy"])).toBe(false);
    expect(wasRead("muesli", ["museum"])).toBe(false);
  });

  it("the hero word is a furniture series name, or the rarest long word of the name", () => {
    const hero = heroWords(["Swiss Muesli", "Crunchy Muesli Bars", "Swiss Cheese Slices", "Baked Beans"]);
    expect(hero("Swiss Muesli")).toBe("Muesli");
    expect(hero("Baked Beans")).toBe("Baked");
    expect(heroWords([])("LÅNGFJÄLL Office Chair, Gunnared")).toBe("LÅNGFJÄLL");
    expect(nameWithout("LACK TV Bench, White 90x26x45", "LACK")).toBe("TV Bench, White 90x26x45");
  });
});

const tesseract = await tesseractVersion();
if (!tesseract)
  console.log(
    "skipping the OCR legibility check: tesseract is not installed (apt-get install tesseract-ocr)",
  );

describe.skipIf(!tesseract)("legibility measured with tesseract", () => {
  let render: RenderService;
  beforeAll(async () => {
    render = await RenderService.start({ width: 640, height: 480, poolSize: 1 });
  }, 120_000);
  afterAll(async () => {
    await render?.close();
  });

  // A floor under what this scene measures on every fourth arrival pose (20% / 15% on all of them with
  // `npm run bench:legibility`), so a change that loses labels fails here; issue 14's goal is 80%.
  it.each([
    ["supermarket", 0.12],
    ["home-furnishings", 0.06],
  ] as const)(
    "%s: a distinctive word of the name is read for enough products within reach",
    async (env, floor) => {
      const r = await measureLegibility(render, env, { every: 4 });
      console.log(`${env}: ${r.read}/${r.products} products read (${(r.share * 100).toFixed(1)}%)`);
      expect(r.products).toBeGreaterThan(20);
      expect(r.share).toBeGreaterThanOrEqual(floor);
    },
    240_000,
  );
});
