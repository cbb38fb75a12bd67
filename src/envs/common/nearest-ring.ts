import { arrivalPitch } from "../../core/camera.js";
import { forwardOf, type Point, yawTowards } from "../../core/geometry.js";
import type { Instance } from "../../core/instance.js";
import type { Product } from "../../core/product.js";
import type { Fixture } from "../../core/spatial.js";
import { nearestInView } from "./goods-in-view.js";

/** The `nearest` approach stands this far from a fixture's edge, on points sampled this far apart. */
export const NEAREST = { offsetM: 0.55, spacingM: 0.4 } as const;

export interface RingPoint {
  point: Point;
  /** The stocked side the point stands at. */
  side: "front" | "back";
  /** The yaw that faces the fixture's goods from there. */
  facing: number;
}

const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/**
 * Where a `nearest` approach may end: points just off the fixture's stocked faces (its `sides`),
 * never off its short ends, where the goods are out of reach. Walkability is the world's business.
 */
export function nearestRing(f: Fixture): RingPoint[] {
  const [fx, fz] = forwardOf(f.yaw);
  const ring: RingPoint[] = [];
  const n = f.footprint.length;
  for (let i = 0; i < n; i++) {
    const p = f.footprint[i]!;
    const q = f.footprint[(i + 1) % n]!;
    const len = dist(p, q);
    const mid: Point = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    let [nx, nz] = [(q[1] - p[1]) / len, -(q[0] - p[0]) / len];
    // Outward: away from the centre (a unit step would overshoot a fixture narrower than 2 m).
    if ((mid[0] - f.location[0]) * nx + (mid[1] - f.location[1]) * nz < 0) [nx, nz] = [-nx, -nz];
    const along = nx * fx + nz * fz;
    const side = along > 0.7 ? "front" : along < -0.7 ? "back" : undefined;
    if (!side || !f.sides.includes(side)) continue;
    const count = Math.max(1, Math.floor(len / NEAREST.spacingM));
    for (let k = 0; k <= count; k++) {
      const t = (k + 0.5) / (count + 1);
      const point: Point = [
        p[0] + (q[0] - p[0]) * t + nx * NEAREST.offsetM,
        p[1] + (q[1] - p[1]) * t + nz * NEAREST.offsetM,
      ];
      const onFace: Point = [point[0] - nx, point[1] - nz];
      ring.push({ point, side, facing: yawTowards(point, onFace) });
    }
  }
  return ring;
}

/**
 * The points a `nearest` approach may end at: ring points from which, facing the fixture at its
 * arrival pitch, goods of that side are within `reach` (render-free, from geometry).
 */
export function nearestPointsInReach(
  f: Fixture,
  instances: readonly Instance[],
  products: ReadonlyMap<string, Product>,
  reach: number,
): RingPoint[] {
  const pitch = arrivalPitch(f);
  return nearestRing(f).filter((r) => {
    const goods = instances.filter(
      (i) => i.on.type === "level" && i.on.fixture === f.id && i.on.side === r.side,
    );
    const [x, z] = r.point;
    return nearestInView({ x, z, yaw: r.facing, pitch }, goods, products) <= reach;
  });
}
