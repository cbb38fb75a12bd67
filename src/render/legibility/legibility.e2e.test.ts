import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RenderService } from "../render-service.js";
import { heroWords, nameWithout } from "../scene/hero-word.js";
import { distinctiveWords, wasRead, wordsOf } from "./distinctive-words.js";
import { GROCERY_MARGINS, measureLegibility, productBoxes } from "./measure-legibility.js";
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
    // A word the goods beside it share tells it apart from none of them, however rare in the store.
    const names = [
      "Hickory Smoked Bacon",
      "Hickory Smoked Sliced Ham",
      "Turkey Bacon",
      "Beef Bacon",
      "Ham Hocks",
    ];
    expect(heroWords(names)("Hickory Smoked Bacon")).toBe("Hickory");
    expect(
      heroWords(names, [["Hickory Smoked Bacon", "Hickory Smoked Sliced Ham"]])("Hickory Smoked Bacon"),
    ).toBe("Bacon");
    // Packaging commonplaces are never the hero word while the name has another.
    expect(heroWords(["Organic Thyme"])("Organic Thyme")).toBe("Thyme");
  });
});

describe("where a reader looks for a product's name", () => {
  it("a product's box is its pixels' bounds with margins, clamped to the frame", () => {
    const width = 10;
    const seg = new Uint32Array(100);
    for (const [x, y] of [
      [2, 2],
      [5, 4],
      [3, 3],
    ])
      seg[y! * width + x!] = 7;
    seg[99] = 9;
    const none = { side: 0, top: 0, bottom: 0 };
    const boxes = productBoxes({ width, height: 10, seg }, new Map([[7, "a"]]), () => none);
    expect(boxes.size).toBe(0); // 4 × 3 px: too small to read anything in
    const big = new Uint32Array(40 * 40);
    for (let y = 10; y < 30; y++) for (let x = 5; x < 25; x++) big[y * 40 + x] = 7;
    const [box] = productBoxes(
      { width: 40, height: 40, seg: big },
      new Map([[7, "a"]]),
      () => GROCERY_MARGINS,
    ).values();
    // 20 × 20 px: 2 px either side, 2 px above, 12 px below (to the shelf edge), cut at the frame.
    expect(box).toEqual({ left: 3, top: 8, width: 24, height: 32 });
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
  });
  afterAll(async () => {
    await render?.close();
  });

  // A floor under what this scene measures on every fourth arrival pose (75.4% / 77.1% here; 81.1% /
  // 83.2% on all of them with `npm run bench:legibility`), so a change that loses labels fails here.
  // Issue 14's goal is 80% in each store and this test's floor 70%.
  it.each([
    ["supermarket", 0.7],
    ["home-furnishings", 0.7],
  ] as const)(
    "%s: a distinctive word of the name is read for enough products within reach",
    async (env, floor) => {
      const r = await measureLegibility(render, env, { every: 4 });
      console.log(`${env}: ${r.read}/${r.products} products read (${(r.share * 100).toFixed(1)}%)`);
      expect(r.products).toBeGreaterThan(20);
      expect(r.share).toBeGreaterThanOrEqual(floor);
    },
  );
});
