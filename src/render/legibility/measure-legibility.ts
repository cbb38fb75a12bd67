import { arrivalPitch } from "../../core/camera.js";
import type { EnvId } from "../../core/manifest.js";
import { loadEnvData } from "../../envs/env-data.js";
import { envDefinition } from "../../envs/registry.js";
import type { CameraPose } from "../camera.js";
import { observe } from "../observer.js";
import { frameBuffers, type RenderService } from "../render-service.js";
import { tourStops } from "../tour.js";
import { distinctiveWords, wasRead } from "./distinctive-words.js";
import { ocrWords, type PixelBox } from "./ocr.js";

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
  /** Products never read: id, brand and name, and the pose that showed each largest. */
  unread: string[];
}

/** A product region this large (about 45 × 45 px at 640×480) shows its front well enough to read. */
export const LARGE_PIXELS = 2000;

/**
 * Views are enlarged this much before OCR: tesseract's model reads text whose letters are 20–30 px
 * tall and its documentation advises scaling small print up; a VLM enlarges a 640×480 view too
 * (GPT-4o's high detail scales its short side to 768 px, 1.6×).
 */
export const OCR_SCALE = 2;

export interface LegibilityOptions {
  /** Enlarge each view before OCR (1: as rendered; default `OCR_SCALE`). */
  scale?: number;
  /** Take every n-th pose (a quicker sample for tests). */
  every?: number;
  /** Take only the poses whose name this accepts (a quicker look at a few areas). */
  only?: (pose: string) => boolean;
  /** Called with each view measured and what was read in it (to write frames for a look). */
  onView?: (view: LegibilityView) => void | Promise<void>;
}

/** One measured view: the frame, and per product within reach the words wanted and whether read. */
export interface LegibilityView {
  pose: string;
  rgb: Buffer;
  width: number;
  height: number;
  products: { id: string; name: string; wanted: string[]; read: boolean; box?: PixelBox }[];
  words: string[];
}

/**
 * How legible a store's products are: at every arrival pose, the products within the store's reach
 * in the shopper's view, and whether tesseract reads a distinctive word of each one's name in the
 * plain colour frame (no Set-of-Mark overlay): in the whole view, or in the product's own part of
 * it (its box with the tag or card beside it, `productBoxes`), as a reader looks at one product.
 */
export async function measureLegibility(
  render: RenderService,
  env: EnvId,
  opts: LegibilityOptions = {},
): Promise<LegibilityResult> {
  const reach = envDefinition(env).inspection.reachM;
  const catalog = loadEnvData(env).catalog.products;
  const colourOf = new Map(catalog.map((p) => [p.id, Number.parseInt(p.segColor.slice(1), 16)]));
  // A grocery's tag hangs on the shelf edge below it; a furniture piece's card stands beside it.
  const marginsOf = new Map(
    catalog.map((p) => [p.id, p.kind === "furniture" ? FURNITURE_MARGINS : GROCERY_MARGINS]),
  );
  const poses = legibilityPoses(env).filter(
    (p, i) => i % (opts.every ?? 1) === 0 && (opts.only?.(p.name) ?? true),
  );
  const names = new Map<string, string>();
  const seen = new Set<string>();
  const read = new Set<string>();
  const large = new Set<string>();
  let sightings = 0;
  let sightingsRead = 0;
  const best = new Map<string, { pixels: number; at: string }>();
  for (const { name: at, pose } of poses) {
    const obs = await observe(render, env, pose, undefined, { buffers: true });
    const view = obs.roles.shopper;
    const near = view.products.filter((p) => p.distanceM <= reach);
    if (!near.length) continue;
    const { rgb, width, height } = obs.frame;
    const words = await ocrWords(rgb, width, height, opts.scale ?? OCR_SCALE);
    const ids = near.map((p) => view.handles.products[p.handle]!);
    const boxes = productBoxes(
      { width, height, ...frameBuffers(obs.frame) },
      new Map(ids.map((id) => [colourOf.get(id)!, id])),
      (id) => marginsOf.get(id)!,
    );
    const report: LegibilityView["products"] = [];
    for (const p of near) {
      const id = view.handles.products[p.handle]!;
      names.set(id, `${p.brand} ${p.name}`);
      if (p.pixels > (best.get(id)?.pixels ?? -1)) best.set(id, { pixels: p.pixels, at });
      seen.add(id);
      if (p.pixels >= LARGE_PIXELS * ((obs.frame.width * obs.frame.height) / (640 * 480))) large.add(id);
      const others = view.products.filter((o) => o.handle !== p.handle).map((o) => o.name);
      const wanted = distinctiveWords(p.name, others);
      // The product's own box is read only when the whole view did not already show its name.
      const box = boxes.get(id);
      const ok =
        wanted.some((w) => wasRead(w, words)) ||
        (box !== undefined &&
          (await ocrWords(rgb, width, height, opts.scale ?? OCR_SCALE, box).then((focused) =>
            wanted.some((w) => wasRead(w, focused)),
          )));
      sightings++;
      if (ok) {
        sightingsRead++;
        read.add(id);
      }
      report.push({ id, name: `${p.brand} ${p.name}`, wanted, read: ok, ...(box ? { box } : {}) });
    }
    await opts.onView?.({ pose: at, rgb, width, height, products: report, words });
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
    unread: [...seen]
      .filter((id) => !read.has(id))
      .map((id) => `${id} ${names.get(id)} (largest at ${best.get(id)?.at}, ${best.get(id)?.pixels} px)`),
  };
}

/** How far a product's reading box reaches past its pixels, as shares of their width and height. */
export interface BoxMargins {
  side: number;
  top: number;
  bottom: number;
}

export const GROCERY_MARGINS: BoxMargins = { side: 0.1, top: 0.1, bottom: 0.6 };
export const FURNITURE_MARGINS: BoxMargins = { side: 0.7, top: 0.1, bottom: 0.1 };

/**
 * Where each product shows in a frame, as the box a reader would look at: its pixels' bounds,
 * widened a little and reaching down to the shelf edge below it, where its price tag hangs.
 */
export function productBoxes(
  frame: { width: number; height: number; seg: Uint32Array },
  idOfColour: ReadonlyMap<number, string>,
  marginsOf: (id: string) => BoxMargins = () => GROCERY_MARGINS,
): Map<string, PixelBox> {
  const { width, height, seg } = frame;
  const bounds = new Map<string, [number, number, number, number]>();
  for (let i = 0; i < seg.length; i++) {
    const id = idOfColour.get(seg[i]!);
    if (!id) continue;
    const x = i % width;
    const y = (i - x) / width;
    const b = bounds.get(id);
    if (!b) bounds.set(id, [x, y, x, y]);
    else {
      if (x < b[0]) b[0] = x;
      if (x > b[2]) b[2] = x;
      if (y > b[3]) b[3] = y;
    }
  }
  const out = new Map<string, PixelBox>();
  for (const [id, [x0, y0, x1, y1]] of bounds) {
    const margins = marginsOf(id);
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    const left = Math.max(0, Math.floor(x0 - w * margins.side));
    const top = Math.max(0, Math.floor(y0 - h * margins.top));
    const right = Math.min(width, Math.ceil(x1 + 1 + w * margins.side));
    const bottom = Math.min(height, Math.ceil(y1 + 1 + h * margins.bottom));
    if (right - left >= 16 && bottom - top >= 16)
      out.set(id, { left, top, width: right - left, height: bottom - top });
  }
  return out;
}
