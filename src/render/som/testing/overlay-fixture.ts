import { createHash } from "node:crypto";
import { annotate } from "../annotate.js";
import type { RoleView } from "../role-view.js";

/** A small synthetic view: a flat grey frame, one product outlined as a square, one target box. */
export const FIXTURE = {
  width: 320,
  height: 240,
  grey: 100,
  /** The product's ring: a square with corners (40, 40) and (100, 100), labelled "1" at its corner. */
  square: { x0: 40, y0: 40, x1: 100, y1: 100 },
  target: { x0: 150, y0: 20, x1: 300, y1: 200 },
};

export function fixtureFrame(): Buffer {
  const { width, height, grey } = FIXTURE;
  return Buffer.alloc(width * height * 3, grey);
}

export function fixtureView(): RoleView {
  const { x0, y0, x1, y1 } = FIXTURE.square;
  const box = { x0, y0, x1, y1 };
  return {
    role: "shopper",
    products: [
      {
        handle: "1",
        name: "Milk",
        brand: "Dairy",
        distanceM: 1,
        bearing: "left",
        bearingDeg: -22,
        pixels: 3600,
        box,
      },
    ],
    targets: [
      {
        handle: "AB",
        name: "Shelf",
        kind: "shelf",
        approaches: ["nearest"],
        distanceM: 3,
        bearing: "right",
        bearingDeg: 14,
        box: FIXTURE.target,
      },
    ],
    caption: "",
    marks: [
      {
        handle: "1",
        rings: [
          [
            [x0, y0],
            [x1, y0],
            [x1, y1],
            [x0, y1],
            [x0, y0],
          ],
        ],
        anchor: [x0, y0],
      },
    ],
    handles: { products: { "1": "sm-001" }, targets: { AB: "shelf-01" } },
  };
}

/** The fixture's annotated PNG, hashed (compared across processes with different font setups). */
export async function fixtureDigest(): Promise<string> {
  const png = await annotate(fixtureFrame(), FIXTURE.width, FIXTURE.height, fixtureView());
  return createHash("sha256").update(png).digest("hex");
}
