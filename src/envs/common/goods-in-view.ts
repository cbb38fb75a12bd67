import { CAMERA, horizontalFovDeg, viewDirection } from "../../core/camera.js";
import { forwardOf } from "../../core/geometry.js";
import type { Instance } from "../../core/instance.js";
import type { Product } from "../../core/product.js";

/** The default image's aspect ratio (640 × 480), for the horizontal field of view. */
const ASPECT = 4 / 3;
/** Goods count as in view with their centre this far inside the frame, degrees. */
const FRAME_MARGIN_DEG = 2;

type Vec = [number, number, number];
const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/** A pose the shopper arrives at, and where it looks. */
export interface ArrivalPose {
  x: number;
  z: number;
  yaw: number;
  pitch: number;
}

/**
 * How near the nearest of `instances` is to an arrival pose, by the view's own measure: the depth
 * along the camera's axis of the instance's nearest corner, for instances whose centre is in the
 * frame (render-free, from geometry). Infinity when none is in view.
 */
export function nearestInView(
  pose: ArrivalPose,
  instances: readonly Instance[],
  products: ReadonlyMap<string, Product>,
): number {
  const eye: Vec = [pose.x, CAMERA.eyeHeight, pose.z];
  const f = viewDirection(pose.yaw, pose.pitch);
  const right: Vec = [Math.cos((pose.yaw * Math.PI) / 180), 0, -Math.sin((pose.yaw * Math.PI) / 180)];
  const up = cross(right, f);
  const tanH = Math.tan(((horizontalFovDeg(ASPECT) / 2 - FRAME_MARGIN_DEG) * Math.PI) / 180);
  const tanV = Math.tan(((CAMERA.verticalFovDeg / 2 - FRAME_MARGIN_DEG) * Math.PI) / 180);
  let best = Number.POSITIVE_INFINITY;
  for (const inst of instances) {
    const product = products.get(inst.product);
    if (!product) continue; // an unknown product is reported by the reference checks
    const dims = product.shape.dims;
    const center: Vec = [inst.x, inst.y + dims.height / 2, inst.z];
    const v = sub(center, eye);
    const depth = dot(v, f);
    if (depth <= 0 || Math.abs(dot(v, right)) > depth * tanH || Math.abs(dot(v, up)) > depth * tanV) continue;
    const [fx, fz] = forwardOf(inst.yaw);
    const [rx, rz] = [-fz, fx];
    for (const sw of [-0.5, 0.5])
      for (const sd of [-0.5, 0.5])
        for (const sh of [0, 1]) {
          const corner: Vec = [
            inst.x + rx * sw * dims.width + fx * sd * dims.depth,
            inst.y + sh * dims.height,
            inst.z + rz * sw * dims.width + fz * sd * dims.depth,
          ];
          best = Math.min(best, dot(sub(corner, eye), f));
        }
  }
  return best;
}
