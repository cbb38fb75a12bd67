import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { minimap } from "./minimap.js";

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
});
