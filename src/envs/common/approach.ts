import { forwardOf, normalizeYaw, type Point, round6 } from "../../core/geometry.js";

/** How far from a fixture face, or a doorway, a fixed standing point is. */
export const STAND_OFF_M = 0.8;

/** A point `distance` metres in front of `origin` along `yaw`, facing back towards it. */
export function facingPointFront(
  origin: Point,
  yaw: number,
  distance: number,
): { x: number; z: number; yaw: number } {
  return { ...pointAlong(origin, yaw, distance), yaw: normalizeYaw(yaw + 180) };
}

/** `origin` moved `distance` metres along `yaw`, keeping that facing. */
export function pointAlong(
  origin: Point,
  yaw: number,
  distance: number,
): { x: number; z: number; yaw: number } {
  const [fx, fz] = forwardOf(yaw);
  return {
    x: round6(origin[0] + fx * distance),
    z: round6(origin[1] + fz * distance),
    yaw: normalizeYaw(yaw),
  };
}

/** Right-hand unit vector of a yaw: yaw 0 (north) has east on its right. */
export function rightOf(yawDeg: number): Point {
  const r = (yawDeg * Math.PI) / 180;
  return [Math.cos(r), -Math.sin(r)];
}
