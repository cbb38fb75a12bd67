import { describe, expect, it } from "vitest";
import { bearingDegOf, bearingText, caption } from "./role-view.js";

const box = (x0: number, x1: number) => ({ x0, y0: 0, x1, y1: 10 });

describe("bearings in degrees", () => {
  it("measure the box centre's angle from the view's centre through the 66° camera's horizontal field", () => {
    // 640×480: the horizontal field is 81.8°, so the image's edges are 40.9° off centre.
    expect(bearingDegOf(box(310, 329), 640, 480)).toBe(0);
    expect(bearingDegOf(box(0, 0), 640, 480)).toBe(-41);
    expect(bearingDegOf(box(639, 639), 640, 480)).toBe(41);
    // Half way to the right edge is not half the angle: tan(a) = 0.5 · tan(40.9°).
    expect(bearingDegOf(box(470, 489), 640, 480)).toBe(23);
    // A wider image sees more: 1280×720's edges are 48.9° off centre.
    expect(bearingDegOf(box(0, 0), 1280, 720)).toBe(-49);
  });

  it("read 'ahead' within 5°, else the degrees and the side", () => {
    expect([-5, 0, 5].map(bearingText)).toEqual(["ahead", "ahead", "ahead"]);
    expect(bearingText(-15)).toBe("15° left");
    expect(bearingText(20)).toBe("20° right");
  });

  it("go into the caption's lines", () => {
    const text = caption(
      "shopper",
      [
        {
          handle: "1",
          name: "Cheerios",
          brand: "General Mills",
          distanceM: 1.23,
          bearing: "left",
          bearingDeg: -15,
          pixels: 100,
          box: box(0, 10),
        },
      ],
      [
        {
          handle: "A",
          name: "Breakfast",
          kind: "wall_shelf",
          approaches: ["nearest"],
          distanceM: 4,
          bearing: "ahead",
          bearingDeg: 2,
          box: box(0, 10),
        },
      ],
    );
    expect(text.split("\n")).toEqual([
      "Visible products in your view (handle: name, distance, bearing in degrees from the view's centre, left or right):",
      "- 1: General Mills Cheerios, 1.2 m, 15° left",
      "Visible navigation targets (handle: name, distance, bearing in degrees from the view's centre, left or right; approaches usable now):",
      "- A: Breakfast (wall shelf), 4.0 m, ahead; approaches: nearest",
    ]);
  });
});
