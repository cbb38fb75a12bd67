import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { minimap, scaleBar } from "./minimap.js";

const pose = { x: 8, z: 4, yaw: 30 };

describe("the minimap", () => {
  it("writes its handles and legend in the bundled font: dark glyph pixels where the legend is", async () => {
    const { data, info } = await sharp(await minimap("supermarket", "shopper", pose))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The legend column (the right 250 px), first line: "A  Breakfast & Cereal".
    let dark = 0;
    for (let y = 12; y < 28; y++)
      for (let x = info.width - 245; x < info.width - 100; x++)
        if (data[(y * info.width + x) * info.channels]! < 100) dark++;
    expect(dark).toBeGreaterThan(80);
  });

  it("draws a scale bar under the legend as long as its metres at the map's scale", async () => {
    // The supermarket's map is 20 px per metre: a 5 m bar, 100 px.
    expect(scaleBar(20)).toEqual({ metres: 5, px: 100 });
    expect(scaleBar(12)).toEqual({ metres: 10, px: 120 });
    const { data, info } = await sharp(await minimap("supermarket", "shopper", pose))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The longest dark run on a row of the legend column's foot is the bar's black outline.
    let longest = 0;
    for (let y = info.height - 30; y < info.height; y++) {
      let run = 0;
      for (let x = info.width - 250; x < info.width; x++) {
        run = data[(y * info.width + x) * info.channels]! < 100 ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
    }
    expect(longest).toBe(100);
  });
});
