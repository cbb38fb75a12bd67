import { forwardOf } from "./geometry.js";
import type { NavTarget } from "./spatial.js";

/** Camera of the shared first-person view: the render page draws with it, validation reasons with it. */
export const CAMERA = { verticalFovDeg: 66, near: 0.05, far: 80, eyeHeight: 1.6 } as const;

/**
 * Head pitch a targeted move ends with, degrees: at a fixture or an area the shopper looks down at the
 * goods (into a chest freezer steeply, or the goods at its near edge would be below the frame).
 */
export function arrivalPitch(target: NavTarget): number {
  if (target.type === "fixture") return target.kind === "chest_freezer" ? -40 : -15;
  return target.type === "area" ? -10 : 0;
}

/** The horizontal field of view for an image aspect ratio (width / height), degrees. */
export function horizontalFovDeg(aspect: number): number {
  const half = (CAMERA.verticalFovDeg * Math.PI) / 360;
  return (2 * Math.atan(Math.tan(half) * aspect) * 180) / Math.PI;
}

/** The camera's forward unit vector (x, y, z) for a yaw and pitch in degrees (three.js YXZ order). */
export function viewDirection(yaw: number, pitch: number): [number, number, number] {
  const [fx, fz] = forwardOf(yaw);
  const p = (pitch * Math.PI) / 180;
  return [fx * Math.cos(p), Math.sin(p), fz * Math.cos(p)];
}
