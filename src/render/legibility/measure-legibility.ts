import { arrivalPitch } from "../../core/camera.js";
import type { EnvId } from "../../core/manifest.js";
import { loadEnvData } from "../../envs/env-data.js";
import { envDefinition } from "../../envs/registry.js";
import type { CameraPose } from "../camera.js";
import { observe } from "../observer.js";
import type { RenderService } from "../render-service.js";
import { tourStops } from "../tour.js";
import { distinctiveWords, wasRead } from "./distinctive-words.js";
import { ocrWords } from "./ocr.js";

export interface LegibilityPose {
  name: string;
  pose: CameraPose;
}

/** Every standing point a targeted move arrives at (each approach of each target), then the tour. */
export function legibilityPoses(env: EnvId): LegibilityPose[] {
  const { layout } = loadEnvData(env);
  const out: LegibilityPose[] = [];
  const seen = new Set<string>();
  const add = (name: string, pose: CameraPose) => {
    const key = `${pose.x.toFixed(2)},${pose.z.toFixed(2)},${pose.yaw.toFixed(1)},${pose.pitch.toFixed(1)}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ name, pose });
  };
  for (const target of layout.navTargets)
    for (const [approach, id] of Object.entries(target.approaches)) {
      const wp = layout.waypoints.find((w) => w.id === id);
      if (wp) add(`${target.id}:${approach}`, { x: wp.x, z: wp.z, yaw: wp.yaw, pitch: arrivalPitch(target) });
    }
  for (const stop of tourStops(env)) add(stop.name, stop.pose);
  return out;
}

export interface LegibilityResult {
  env: EnvId;
  poses: number;
  /** Products within reach in at least one view. */
  products: number;
  /** Of those, products whose name had a distinctive word read in at least one such view. */
  read: number;
  share: number;
  /** The same per (view, product) sighting. */
  sightings: number;
  sightingsRead: number;
  /** The same share among products seen at least once over `LARGE_PIXELS` (big enough to read at all). */
  largeProducts: number;
  largeRead: number;
  unread: string[];
}

/** A product region this large (about 45 × 45 px at 640×480) shows its front well enough to read. */
export const LARGE_PIXELS = 2000;

export interface LegibilityOptions {
  /** Enlarge each view before OCR (1: as rendered). */
  scale?: number;
  /** Take every n-th pose (a quicker sample for tests). */
  every?: number;
}

/**
 * How legible a store's products are: at every arrival pose, the products within the store's reach
 * in the shopper's view, and whether tesseract reads a distinctive word of each one's name in the
 * plain colour frame (no Set-of-Mark overlay).
 */
export async function measureLegibility(
  render: RenderService,
  env: EnvId,
  opts: LegibilityOptions = {},
): Promise<LegibilityResult> {
  const reach = envDefinition(env).inspection.reachM;
  const poses = legibilityPoses(env).filter((_, i) => i % (opts.every ?? 1) === 0);
  const names = new Map<string, string>();
  const seen = new Set<string>();
  const read = new Set<string>();
  const large = new Set<string>();
  let sightings = 0;
  let sightingsRead = 0;
  for (const { pose } of poses) {
    const obs = await observe(render, env, pose);
    const view = obs.roles.shopper;
    const near = view.products.filter((p) => p.distanceM <= reach);
    if (!near.length) continue;
    const words = await ocrWords(obs.frame.rgba, obs.frame.width, obs.frame.height, opts.scale ?? 1);
    for (const p of near) {
      const id = view.handles.products[p.handle]!;
      names.set(id, `${p.brand} ${p.name}`);
      seen.add(id);
      if (p.pixels >= LARGE_PIXELS * ((obs.frame.width * obs.frame.height) / (640 * 480))) large.add(id);
      const others = view.products.filter((o) => o.handle !== p.handle).map((o) => o.name);
      const ok = distinctiveWords(p.name, others).some((w) => wasRead(w, words));
      sightings++;
      if (ok) {
        sightingsRead++;
        read.add(id);
      }
    }
  }
  return {
    env,
    poses: poses.length,
    products: seen.size,
    read: read.size,
    share: seen.size ? read.size / seen.size : 0,
    sightings,
    sightingsRead,
    largeProducts: large.size,
    largeRead: [...large].filter((id) => read.has(id)).length,
    unread: [...seen].filter((id) => !read.has(id)).map((id) => `${id} ${names.get(id)}`),
  };
}
