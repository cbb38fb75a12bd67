// Renders the pictures of docs/rendering.md's "Before and after": the same poses in both stores, the
// colour frame and, at a shelf and a display area, both roles' Set-of-Mark views, as JPEG.
//   npx tsx scripts/render-doc-pictures.ts docs/images/view after-
import { mkdirSync } from "node:fs";
import sharp from "sharp";
import { arrivalPitch } from "../src/core/camera.js";
import type { EnvId } from "../src/core/manifest.js";
import { loadEnvData } from "../src/envs/env-data.js";
import { observe } from "../src/render/observer.js";
import { RenderService } from "../src/render/render-service.js";

const [out = "docs/images/view", prefix = ""] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const at = (env: EnvId, target: string, approach: string) => {
  const { layout } = loadEnvData(env);
  const t = layout.navTargets.find((x) => x.id === target)!;
  const wp = layout.waypoints.find((w) => w.id === (t.approaches as Record<string, string>)[approach])!;
  return { x: wp.x, z: wp.z, yaw: wp.yaw, pitch: arrivalPitch(t) };
};
const shots: [string, EnvId, { x: number; z: number; yaw: number; pitch: number }][] = [
  ["supermarket-shelf", "supermarket", at("supermarket", "shelf-01", "front")],
  ["supermarket-aisle", "supermarket", { ...loadEnvData("supermarket").layout.start, pitch: 0 }],
  ["furniture-area", "home-furnishings", at("home-furnishings", "ap-media", "area_point")],
  ["furniture-hall", "home-furnishings", { ...loadEnvData("home-furnishings").layout.start, pitch: 0 }],
];
const service = await RenderService.start({ width: 640, height: 480, poolSize: 1 });
try {
  for (const [name, env, pose] of shots) {
    const obs = await observe(service, env, pose);
    await sharp(obs.frame.rgb, { raw: { width: 640, height: 480, channels: 3 } })
      .jpeg({ quality: 82 })
      .toFile(`${out}/${prefix}${name}.jpg`);
    if (name === "supermarket-shelf" || name === "furniture-area")
      for (const role of ["shopper", "assistant"] as const)
        await sharp(obs.roles[role].image)
          .jpeg({ quality: 82 })
          .toFile(`${out}/${prefix}${name}-som-${role}.jpg`);
  }
} finally {
  await service.close();
}
