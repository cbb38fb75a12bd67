import { describe, expect, it } from "vitest";
import {
  convexPolygonsOverlap,
  distanceToPolygon,
  forwardOf,
  normalizeYaw,
  orientedRect,
  pointInPolygon,
  polygonInside,
  yawTowards,
} from "./geometry.js";

describe("yaw convention", () => {
  it("faces north (-z) at 0 and turns left (west) as yaw grows", () => {
    expect(forwardOf(0)[0]).toBeCloseTo(0);
    expect(forwardOf(0)[1]).toBeCloseTo(-1);
    expect(forwardOf(90)[0]).toBeCloseTo(-1);
    expect(forwardOf(-90)[0]).toBeCloseTo(1);
    expect(forwardOf(180)[1]).toBeCloseTo(1);
  });

  it("yawTowards inverts forwardOf", () => {
    for (const yaw of [0, 45, 90, 135, 180, -45, -90, -135]) {
      const [fx, fz] = forwardOf(yaw);
      expect(yawTowards([3, 4], [3 + fx, 4 + fz])).toBeCloseTo(normalizeYaw(yaw));
    }
  });

  it("normalises into (-180, 180]", () => {
    expect(normalizeYaw(270)).toBe(-90);
    expect(normalizeYaw(-180)).toBe(180);
    expect(normalizeYaw(540)).toBe(180);
    expect(normalizeYaw(-0)).toBe(0);
  });
});

describe("orientedRect", () => {
  it("lays width along x when unrotated", () => {
    const r = orientedRect([0, 0], 4, 2, 0);
    expect(r).toEqual([
      [-2, -1],
      [-2, 1],
      [2, 1],
      [2, -1],
    ]);
  });

  it("lays width along z when turned 90 degrees", () => {
    const xs = orientedRect([10, 5], 4, 2, 90).map((p) => p[0]);
    const zs = orientedRect([10, 5], 4, 2, 90).map((p) => p[1]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(2);
    expect(Math.max(...zs) - Math.min(...zs)).toBeCloseTo(4);
  });
});

describe("polygon tests", () => {
  const square = orientedRect([0, 0], 2, 2, 0);

  it("points inside, on the edge and outside", () => {
    expect(pointInPolygon([0, 0], square)).toBe(true);
    expect(pointInPolygon([1, 0], square)).toBe(true);
    expect(pointInPolygon([1.01, 0], square)).toBe(false);
    expect(distanceToPolygon([3, 0], square)).toBeCloseTo(2);
    expect(distanceToPolygon([0.5, 0.5], square)).toBe(0);
  });

  it("separating axes: touching is not overlapping, rotated squares can overlap", () => {
    expect(convexPolygonsOverlap(square, orientedRect([2, 0], 2, 2, 0))).toBe(false);
    expect(convexPolygonsOverlap(square, orientedRect([1.9, 0], 2, 2, 0))).toBe(true);
    expect(convexPolygonsOverlap(square, orientedRect([2.3, 0], 2, 2, 45))).toBe(true);
    expect(convexPolygonsOverlap(square, orientedRect([2.5, 0], 2, 2, 45))).toBe(false);
  });

  it("containment", () => {
    expect(polygonInside(orientedRect([0, 0], 1, 1, 30), square)).toBe(true);
    expect(polygonInside(orientedRect([0.8, 0], 1, 1, 0), square)).toBe(false);
  });
});
