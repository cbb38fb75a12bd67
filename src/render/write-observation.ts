import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { ROLES } from "../core/roles.js";
import { minimap } from "./minimap.js";
import type { Observation } from "./observer.js";
import { frameBuffers } from "./render-service.js";
import { encodePng } from "./som/annotate.js";

/** Depth shown as an image: near is bright, 20 m and beyond (or nothing) black. */
const DEPTH_IMAGE_RANGE_MM = 20_000;

/**
 * Writes everything one observation holds into a folder: rgb.png; depth.png (a picture) and
 * depth.f32 (raw little-endian float32 metres, row-major from the top-left, 0 where nothing was
 * hit); seg.png (exact segmentation colours); each role's annotated view and minimap; and
 * entities.json with both roles' visible products, navigation targets and captions. The
 * observation must have been rendered with `{ buffers: true }`.
 */
export async function writeObservation(obs: Observation, dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const { width, height, rgb } = obs.frame;
  const { seg, depthMm } = frameBuffers(obs.frame);
  const depthImage = Buffer.alloc(width * height);
  const depthRaw = Buffer.alloc(width * height * 4);
  const segRgb = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const mm = depthMm[i]!;
    depthImage[i] =
      mm === 0
        ? 0
        : Math.round(255 * Math.max(0, 1 - Math.min(mm, DEPTH_IMAGE_RANGE_MM) / DEPTH_IMAGE_RANGE_MM));
    depthRaw.writeFloatLE(mm / 1000, i * 4);
    const id = seg[i]!;
    segRgb[i * 3] = (id >> 16) & 255;
    segRgb[i * 3 + 1] = (id >> 8) & 255;
    segRgb[i * 3 + 2] = id & 255;
  }
  const files: [string, Buffer][] = [
    ["rgb.png", await encodePng(rgb, width, height)],
    [
      "depth.png",
      await sharp(depthImage, { raw: { width, height, channels: 1 } })
        .png()
        .toBuffer(),
    ],
    ["depth.f32", depthRaw],
    [
      "seg.png",
      await sharp(segRgb, { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer(),
    ],
  ];
  const entities: Record<string, unknown> = { env: obs.env, pose: obs.pose, width, height };
  for (const role of ROLES) {
    const view = obs.roles[role];
    files.push([`${role}.png`, view.image]);
    files.push([`minimap-${role}.png`, await minimap(obs.env, role, obs.pose)]);
    entities[role] = { products: view.products, targets: view.targets, caption: view.caption };
  }
  files.push(["entities.json", Buffer.from(`${JSON.stringify(entities, null, 2)}\n`)]);
  for (const [name, bytes] of files) writeFileSync(join(dir, name), bytes);
  return files.map(([name]) => join(dir, name));
}
