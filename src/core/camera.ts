import { forwardOf } from "./geometry.js";
import type { Fixture, NavTarget } from "./spatial.js";

/** Camera of the shared first-person view: the render page draws with it, validation reasons with it. */
export const CAMERA = { verticalFovDeg: 66, near: 0.05, far: 80, eyeHeight: 1.6 } as const;

/**
 * Head pitch a targeted move ends with, degrees, per fixture kind: the shopper looks at the goods,
 * framing a fixture's shelves from the lowest to the top one as a person stepping up to it does
 * (from the standing point, about 0.9 m from the goods, a 66° view pitched this far spans the
 * goods' height), into a chest freezer steeply, and down at a display area so the goods on its
 * plinths and their cards are in the frame.
 */
const FIXTURE_PITCH: Record<Fixture["kind"], number> = {
  shelf: -30,
  wall_shelf: -24,
  upright_freezer: -22,
  open_cooler: -22,
  chest_freezer: -40,
  produce_stand: -25,
};

export function arrivalPitch(target: NavTarget): number {
  if (target.type === "fixture") return FIXTURE_PITCH[target.kind];
  return target.type === "area" ? -16 : 0;
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

/**
 * How the colour image is drawn: `fast` (the default: no antialiasing, for CPU rendering with
 * SwiftShader) or `high` (4× multisampled edges, for a machine with a GPU; 1280×720 unless a size is
 * given). Both are deterministic for a given browser build; segmentation and depth are drawn the same
 * in both (never multisampled: a blended edge would be no entity's colour).
 */
export type RenderQuality = "fast" | "high";

/** The image size a quality implies when none is given. */
export const QUALITY_SIZE: Record<RenderQuality, { width: number; height: number }> = {
  fast: { width: 640, height: 480 },
  high: { width: 1280, height: 720 },
};
