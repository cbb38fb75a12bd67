import { orientedRect, type Point, type Polygon, yawTowards } from "../../core/geometry.js";
import type { Wall } from "../../core/spatial.js";

export interface Gap {
  from: Point;
  to: Point;
}

/**
 * Splits a straight wall from `a` to `b` around the gaps that lie on it (doorways, the entrance);
 * gaps elsewhere are ignored.
 */
export function wallWithGaps(a: Point, b: Point, gaps: Gap[], thickness: number, height: number): Wall[] {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const offLine = (p: Point) =>
    Math.abs((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / length;
  const along = (p: Point) => ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / length;
  const at = (t: number): Point => [a[0] + ((b[0] - a[0]) * t) / length, a[1] + ((b[1] - a[1]) * t) / length];
  const cuts = gaps
    .filter((g) => offLine(g.from) < 1e-6 && offLine(g.to) < 1e-6)
    .map((g) => [along(g.from), along(g.to)].sort((x, y) => x - y) as [number, number])
    .filter(([s, e]) => e > 0 && s < length)
    .sort((x, y) => x[0] - y[0]);
  const walls: Wall[] = [];
  let t = 0;
  for (const [s, e] of cuts) {
    if (s > t) walls.push({ from: at(t), to: at(s), thickness, height });
    t = Math.max(t, e);
  }
  if (t < length) walls.push({ from: at(t), to: at(length), thickness, height });
  return walls;
}

/** The four outer walls of a hall of `width` × `depth`, centred on its edges, with gaps. */
export function outerWalls(
  hall: { width: number; depth: number; wallThickness: number; wallHeight: number },
  gaps: Gap[],
): Wall[] {
  const { width: w, depth: d, wallThickness: t, wallHeight: h } = hall;
  const corners: Point[] = [
    [0, 0],
    [w, 0],
    [w, d],
    [0, d],
  ];
  return corners.flatMap((a, i) => wallWithGaps(a, corners[(i + 1) % 4]!, gaps, t, h));
}

/** The floor a wall piece covers (pieces meet on their centre lines; outer corners stay notched). */
export function wallFootprint(wall: Wall): Polygon {
  const length = Math.hypot(wall.to[0] - wall.from[0], wall.to[1] - wall.from[1]);
  const center: Point = [(wall.from[0] + wall.to[0]) / 2, (wall.from[1] + wall.to[1]) / 2];
  // The rectangle's width runs along the wall: the yaw whose right-hand axis points from -> to.
  const yaw = yawTowards(wall.from, wall.to) + 90;
  return orientedRect(center, length, wall.thickness, yaw);
}
