import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loadEnvData } from "../envs/env-data.js";
import { minimap, minimapSvg, placeLabel, scaleBar } from "./minimap.js";

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

  it("keeps every floor-plan label whole on the map, the entrance's too, in both stores and for both roles", () => {
    for (const env of ["supermarket", "home-furnishings"] as const)
      for (const role of ["assistant", "shopper"] as const) {
        const m = minimapSvg(env, role);
        // The floor plan is left of the 250 px legend.
        const planWidth = m.width - 250;
        const entrance = m.labels.find((l) => l.text === "Entrance")!;
        // Nor over the shopper's start, where the replay marks the walk's first point (6 px round).
        const { start } = loadEnvData(env).layout;
        const [sx, sy] = [m.margin + start.x * m.scale, m.margin + start.z * m.scale];
        const covers =
          sx > entrance.left - 6 &&
          sx < entrance.right + 6 &&
          sy > entrance.top - 6 &&
          sy < entrance.bottom + 6;
        expect(covers, `${env} entrance over the start`).toBe(false);
        for (const l of m.labels) {
          const where = `${env}/${role} '${l.text}'`;
          expect(l.left, where).toBeGreaterThanOrEqual(0);
          expect(l.right, where).toBeLessThanOrEqual(planWidth);
          expect(l.top, where).toBeGreaterThanOrEqual(0);
          expect(l.bottom, where).toBeLessThanOrEqual(m.height);
        }
      }
  });

  it("moves a label off the map's edge only as far as it must", () => {
    const map = { width: 400, height: 300 };
    const inside = placeLabel("Entrance", 10, [200, 150], map);
    expect((inside.left + inside.right) / 2).toBeCloseTo(200, 6);
    // Centred on the left edge (a door in the west wall), half of it would be cut off.
    const edge = placeLabel("Entrance", 10, [12, 150], map);
    expect(edge.left).toBe(3);
    expect(edge.right - edge.left).toBeCloseTo(inside.right - inside.left, 6);
    expect(edge.bottom).toBe(inside.bottom);
    const corner = placeLabel("Entrance", 10, [399, 299], map);
    expect(corner.right).toBeCloseTo(397, 6);
    expect(corner.bottom).toBe(297);
  });
});
