import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { minimap } from "./minimap.js";
import { runWithoutFonts } from "./testing/without-fonts.js";

const pose = { x: 8, z: 4, yaw: 30 };
const digest = async () =>
  createHash("sha256")
    .update(await minimap("supermarket", "shopper", pose))
    .digest("hex");

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

  it("needs no system font: a process that sees none draws the same bytes", async () => {
    const module = new URL("./minimap.ts", import.meta.url).href;
    const child = runWithoutFonts(
      `import { createHash } from "node:crypto"; import { minimap } from ${JSON.stringify(module)};
       const png = await minimap("supermarket", "shopper", ${JSON.stringify(pose)});
       console.log(createHash("sha256").update(png).digest("hex"));`,
    );
    expect(child.status, child.stderr).toBe(0);
    expect(child.stdout.trim()).toBe(await digest());
  }, 60_000);
});
