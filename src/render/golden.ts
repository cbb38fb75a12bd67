import type { EnvId } from "../core/manifest.js";
import type { CameraPose } from "./camera.js";

/** Small fixed views whose colour images are checked in, to catch unintended changes to the look. */
export const GOLDEN_VIEWS: { name: string; env: EnvId; pose: CameraPose }[] = [
  { name: "supermarket-aisle", env: "supermarket", pose: { x: 8.1, z: 10.5, yaw: 90, pitch: -10 } },
  { name: "supermarket-entrance", env: "supermarket", pose: { x: 23.5, z: 20.6, yaw: 0, pitch: 0 } },
  { name: "home-furnishings-promenade", env: "home-furnishings", pose: { x: 6, z: 19, yaw: -60, pitch: 0 } },
];
export const GOLDEN_SIZE = { width: 320, height: 240 } as const;

/** Compares two RGB images: mean absolute channel difference, and the share of pixels off by more than 48. */
export function imageDifference(a: Uint8Array, b: Uint8Array): { mean: number; offShare: number } {
  if (a.length !== b.length) return { mean: 255, offShare: 1 };
  let total = 0;
  let off = 0;
  for (let i = 0; i < a.length; i += 3) {
    const d = Math.max(
      Math.abs(a[i]! - b[i]!),
      Math.abs(a[i + 1]! - b[i + 1]!),
      Math.abs(a[i + 2]! - b[i + 2]!),
    );
    total +=
      (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!)) / 3;
    if (d > 48) off++;
  }
  const pixels = a.length / 3;
  return { mean: total / pixels, offShare: off / pixels };
}
