import { arrivalPitch } from "../core/camera.js";
import type { EnvId } from "../core/manifest.js";
import { loadEnvData } from "../envs/env-data.js";
import type { CameraPose } from "./camera.js";

export interface TourStop {
  name: string;
  pose: CameraPose;
}

/**
 * Poses that together show every navigation target: the start, then each fixture from its front
 * standing point, each store from outside its doorway and each display area from its standing
 * point, as a targeted move arrives there (its arrival pitch): each shows goods within reach.
 */
export function tourStops(env: EnvId): TourStop[] {
  const { layout } = loadEnvData(env);
  const stops: TourStop[] = [{ name: "start", pose: { ...layout.start, pitch: 0 } }];
  for (const target of layout.navTargets) {
    const approach =
      target.type === "fixture" ? "front" : target.type === "store" ? "outside_doorway" : "area_point";
    const id = target.approaches[approach];
    const wp = layout.waypoints.find((w) => w.id === id);
    if (!wp) continue;
    const pitch = arrivalPitch(target);
    stops.push({ name: target.id, pose: { x: wp.x, z: wp.z, yaw: wp.yaw, pitch } });
  }
  return stops;
}
