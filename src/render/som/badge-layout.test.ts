import { describe, expect, it } from "vitest";
import {
  type BadgeRequest,
  badgeFootprint,
  hiddenBadges,
  layoutBadges,
  overlappingBadges,
  type PlacedBadge,
} from "./badge-layout.js";

const W = 320;
const H = 240;

function request(handle: string, left: number, top: number, over: Partial<BadgeRequest> = {}): BadgeRequest {
  const width = handle.length > 1 ? 24 : 16;
  return {
    handle,
    kind: "product",
    width,
    height: 16,
    left,
    top,
    region: { x0: left, y0: top + 16, x1: left + 10, y1: top + 26 },
    reach: () => [left + 5, top + 20],
    ...over,
  };
}

/** Whether every two footprints are at least a pixel apart, and all are inside the image. */
function wellPlaced(placed: PlacedBadge[]): boolean {
  const rects = placed.map(badgeFootprint);
  const inside = rects.every((r) => r[0] >= 0 && r[1] >= 0 && r[2] <= W && r[3] <= H);
  const apart = rects.every((a, i) =>
    rects.every(
      (b, j) => i === j || a[2] + 1 <= b[0] || b[2] + 1 <= a[0] || a[3] + 1 <= b[1] || b[3] + 1 <= a[1],
    ),
  );
  return inside && apart;
}

const handles = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

describe("badge layout", () => {
  it("keeps a badge whose preferred corner is free there, without a leader line", () => {
    const [b] = layoutBadges([request("7", 100, 80)], W, H);
    expect(b).toMatchObject({ handle: "7", left: 100, top: 80, width: 16, height: 16, leader: null });
  });

  it("spreads twenty badges wanting one corner: none overlaps, all inside, all visible", () => {
    const requests = handles(20).map((h) => request(h, 150, 110));
    const placed = layoutBadges(requests, W, H);
    expect(wellPlaced(placed)).toBe(true);
    expect(overlappingBadges(placed)).toBe(0);
    expect(hiddenBadges(handles(20), placed, W, H)).toBe(0);
    // The first keeps its corner; those pushed off their region point back to it.
    expect(placed[0]).toMatchObject({ left: 150, top: 110, leader: null });
    const led = placed.filter((b) => b.leader);
    expect(led.length).toBeGreaterThan(0);
    for (const b of led) expect(b.leader!.slice(2)).toEqual([155, 130]);
  });

  it("keeps badges wanting corners at and beyond the image's border inside it", () => {
    const corners: [number, number][] = [
      [-20, -20],
      [W, -5],
      [W - 3, H - 3],
      [-4, H + 10],
      [0, 0],
      [W - 16, 0],
      [0, H - 16],
      [W - 16, H - 16],
    ];
    const requests = corners.flatMap(([x, y], i) => [
      request(`${i + 1}`, x, y),
      request(`${i + 11}`, x, y),
      request(`${i + 21}`, x, y),
    ]);
    const placed = layoutBadges(requests, W, H);
    expect(wellPlaced(placed)).toBe(true);
    expect(
      hiddenBadges(
        requests.map((q) => q.handle),
        placed,
        W,
        H,
      ),
    ).toBe(0);
  });

  it("places forty badges of a crowded view apart, the same way every time", () => {
    const requests = handles(40).map((h, i) => request(h, 100 + (i % 8) * 9, 90 + Math.floor(i / 8) * 7));
    const placed = layoutBadges(requests, W, H);
    expect(wellPlaced(placed)).toBe(true);
    expect(layoutBadges(requests, W, H)).toEqual(placed);
  });

  it("moves a badge along its own region before leaving it", () => {
    // The second badge's preferred corner is taken; its region is a wide box right below it.
    const region = { x0: 50, y0: 66, x1: 200, y1: 120 };
    const placed = layoutBadges([request("1", 50, 50), request("2", 50, 50, { region })], W, H);
    expect(placed[1]!.leader).toBeNull();
    expect(wellPlaced(placed)).toBe(true);
  });
});

describe("badge measures", () => {
  const at = (handle: string, left: number, top: number): PlacedBadge => ({
    handle,
    kind: "target",
    left,
    top,
    width: 16,
    height: 16,
    leader: null,
  });

  it("counts the badges whose footprints share a pixel, and lets outlines touch edge to edge", () => {
    expect(overlappingBadges([at("1", 10, 10), at("2", 20, 20), at("3", 100, 10)])).toBe(2);
    // Footprints [9, 27) and [27, 45): adjacent, not overlapping.
    expect(overlappingBadges([at("1", 10, 10), at("2", 28, 10)])).toBe(0);
    expect(overlappingBadges([at("1", 10, 10), at("2", 27, 10)])).toBe(2);
  });

  it("counts a listed handle as hidden when its badge is missing, cut by the border or covered", () => {
    const badges = [at("1", 10, 10), at("2", 0, 50), at("3", 100, 100), at("4", 105, 105)];
    expect(hiddenBadges(["1", "2", "3", "4", "5"], badges, W, H)).toBe(4);
    expect(hiddenBadges(["1"], badges, W, H)).toBe(0);
  });
});
