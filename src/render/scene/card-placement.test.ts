import { describe, expect, it } from "vitest";
import { type CardSpot, placeCards, type Solid } from "./card-placement.js";

const spot = (x: number, z: number, preference = 1): CardSpot => ({
  centre: [x, 1.05, z],
  w: 0.6,
  h: 0.44,
  // A card's face looks along its local -z: turned half round, it faces the shopper.
  yaw: Math.PI,
  preference,
});

describe("where a product card stands", () => {
  // The shopper at the origin looks along -z, at cards facing back.
  const viewer = { eye: [0, 1.6, 0] as [number, number, number], forward: [0, -1] as [number, number] };

  it("takes its first spot when nothing hides it", () => {
    expect(placeCards(viewer, [{ spots: [spot(0, -3), spot(1, -3)] }], [])).toEqual([0]);
  });

  it("moves to a spot a piece in front does not hide, even one it likes less", () => {
    const wardrobe: Solid = { centre: [0, 1, -2], half: [0.5, 1, 0.3], yaw: 0 };
    expect(placeCards(viewer, [{ spots: [spot(0, -3), spot(1.2, -3, 0.8)] }], [wardrobe])).toEqual([1]);
  });

  it("keeps out of the frame's edges and out of the way of another card", () => {
    // The first card stands in front of the second's only spot; it has another, as good.
    const choices = [{ spots: [spot(0, -2), spot(-0.9, -2)] }, { spots: [spot(0, -4)] }];
    expect(placeCards(viewer, choices, [])).toEqual([1, 0]);
    // A spot past the frame's side (82° across) is not taken while one in it is.
    expect(placeCards(viewer, [{ spots: [spot(4, -1), spot(0.5, -3, 0.9)] }], [])).toEqual([1]);
  });
});
