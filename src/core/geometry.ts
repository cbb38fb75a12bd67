import { z } from "zod";

/**
 * Coordinates, in metres, follow three.js: the floor is the XZ plane and Y points up. On the
 * minimap x grows to the right and z grows downwards, so "north" is -z.
 *
 * A yaw, in degrees, is a rotation about +Y (counter-clockwise seen from above, i.e. a left turn).
 * Yaw 0 faces north (-z); the forward vector of a yaw is (-sin yaw, 0, -cos yaw). This is the
 * camera convention of three.js, so a pose maps to a camera without conversion.
 */
export const Point = z.tuple([z.number(), z.number()]).describe("[x, z] in metres");
export type Point = z.infer<typeof Point>;

export const Polygon = z.array(Point).min(3).describe("corners [x, z], counter-clockwise seen from above");
export type Polygon = z.infer<typeof Polygon>;

export const Yaw = z.number().gt(-360).lt(360).describe("degrees about +Y; 0 faces -z (north)");

export const Pose = z.object({ x: z.number(), z: z.number(), yaw: Yaw }).strict();
export type Pose = z.infer<typeof Pose>;

const DEG = Math.PI / 180;

/** Unit vector [x, z] a yaw faces. */
export function forwardOf(yawDeg: number): Point {
  return [-Math.sin(yawDeg * DEG), -Math.cos(yawDeg * DEG)];
}

/** The yaw that faces from `from` towards `to`. */
export function yawTowards(from: Point, to: Point): number {
  return normalizeYaw(Math.atan2(-(to[0] - from[0]), -(to[1] - from[1])) / DEG);
}

/** Maps any angle to (-180, 180]. */
export function normalizeYaw(yawDeg: number): number {
  let y = yawDeg % 360;
  if (y <= -180) y += 360;
  if (y > 180) y -= 360;
  return Object.is(y, -0) ? 0 : y;
}

/**
 * Corners of a rectangle of `width` (along its local x) by `depth` (along its local z) centred on
 * `center` and rotated by `yaw`, counter-clockwise seen from above.
 */
export function orientedRect(center: Point, width: number, depth: number, yawDeg: number): Polygon {
  const c = Math.cos(yawDeg * DEG);
  const s = Math.sin(yawDeg * DEG);
  const hw = width / 2;
  const hd = depth / 2;
  // Rotation about +Y maps local (x, z) to (x cos + z sin, -x sin + z cos).
  const corner = (lx: number, lz: number): Point => [
    round6(center[0] + lx * c + lz * s),
    round6(center[1] - lx * s + lz * c),
  ];
  // Seen from above (x right, z down) this order is counter-clockwise.
  return [corner(-hw, -hd), corner(-hw, hd), corner(hw, hd), corner(hw, -hd)];
}

export function round6(v: number): number {
  const r = Math.round(v * 1e6) / 1e6;
  return Object.is(r, -0) ? 0 : r;
}

/** Even-odd rule; points on an edge count as inside. */
export function pointInPolygon(p: Point, poly: Polygon): boolean {
  if (distanceToBoundary(p, poly) < 1e-9) return true;
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, zi] = poly[i]!;
    const [xj, zj] = poly[j]!;
    if (zi > p[1] !== zj > p[1] && p[0] < ((xj - xi) * (p[1] - zi)) / (zj - zi) + xi) inside = !inside;
  }
  return inside;
}

export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dz = b[1] - a[1];
  const len2 = dx * dx + dz * dz;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dz) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dz));
}

export function distanceToBoundary(p: Point, poly: Polygon): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < poly.length; i++) {
    best = Math.min(best, distanceToSegment(p, poly[i]!, poly[(i + 1) % poly.length]!));
  }
  return best;
}

/** Distance from a point to a polygon's area: 0 inside. */
export function distanceToPolygon(p: Point, poly: Polygon): number {
  return pointInPolygon(p, poly) ? 0 : distanceToBoundary(p, poly);
}

/**
 * Whether two convex polygons overlap by more than `tolerance` metres, by the separating axis
 * theorem. Written here because every footprint in the stores is a convex (rotated) rectangle and
 * this is all the polygon algebra the project needs; a general clipping library would be heavier
 * than the 20 lines it replaces.
 */
export function convexPolygonsOverlap(a: Polygon, b: Polygon, tolerance = 1e-6): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!;
      const q = poly[(i + 1) % poly.length]!;
      const nx = -(q[1] - p[1]);
      const nz = q[0] - p[0];
      const len = Math.hypot(nx, nz);
      if (len === 0) continue;
      const [minA, maxA] = project(a, nx / len, nz / len);
      const [minB, maxB] = project(b, nx / len, nz / len);
      if (maxA - minB <= tolerance || maxB - minA <= tolerance) return false;
    }
  }
  return true;
}

function project(poly: Polygon, nx: number, nz: number): [number, number] {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const [x, z] of poly) {
    const d = x * nx + z * nz;
    min = Math.min(min, d);
    max = Math.max(max, d);
  }
  return [min, max];
}

/** Whether every corner of `inner` lies inside `outer` (exact for convex `outer`). */
export function polygonInside(inner: Polygon, outer: Polygon, tolerance = 1e-6): boolean {
  return inner.every((p) => pointInPolygon(p, outer) || distanceToBoundary(p, outer) <= tolerance);
}

export function centroid(poly: Polygon): Point {
  let x = 0;
  let z = 0;
  for (const p of poly) {
    x += p[0];
    z += p[1];
  }
  return [round6(x / poly.length), round6(z / poly.length)];
}

export function boundingBox(poly: Polygon): { minX: number; minZ: number; maxX: number; maxZ: number } {
  let minX = Number.POSITIVE_INFINITY;
  let minZ = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxZ = Number.NEGATIVE_INFINITY;
  for (const [x, z] of poly) {
    minX = Math.min(minX, x);
    minZ = Math.min(minZ, z);
    maxX = Math.max(maxX, x);
    maxZ = Math.max(maxZ, z);
  }
  return { minX, minZ, maxX, maxZ };
}
