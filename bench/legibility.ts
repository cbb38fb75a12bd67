// Legibility benchmark: at every arrival pose of each store, the share of products within reach whose
// name has a distinctive word read by tesseract in the colour frame. Prints one JSON line per store.
//   npm run bench:legibility [-- --scale 1] [-- --unread] [-- --env supermarket]
//     (--env: a store, a variant such as supermarket@1000, all, held-out or held-out:STORE)
//     [-- --pose ap-sofas] (only poses whose name contains it) [-- --frames DIR] (each view as a PNG
//     and a text file of the products within reach, the words each needs and whether it was read)
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { envSelectorHelp, expandEnvSelector } from "../src/envs/env-selector.js";
import {
  type LegibilityView,
  measureLegibility,
  OCR_SCALE,
  tesseractVersion,
} from "../src/render/legibility/index.js";
import { RenderService } from "../src/render/render-service.js";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: String(OCR_SCALE) },
    unread: { type: "boolean", default: false },
    env: { type: "string" },
    store: { type: "string" },
    pose: { type: "string" },
    frames: { type: "string" },
  },
});

/** Writes a view as `<pose>.png` and `<pose>.txt` (products, wanted words, read or not, OCR words). */
async function writeView(dir: string, env: string, v: LegibilityView): Promise<void> {
  const base = `${dir}/${env}-${v.pose.replace(/[^\w.-]+/g, "_")}`;
  await sharp(v.rgb, { raw: { width: v.width, height: v.height, channels: 3 } })
    .png()
    .toFile(`${base}.png`);
  const lines = v.products.map(
    (p) =>
      `${p.read ? "READ  " : "UNREAD"} ${p.id} ${p.name} | wants ${p.wanted.join(",")}${p.box ? ` | box ${p.box.left},${p.box.top} ${p.box.width}x${p.box.height}` : ""}`,
  );
  writeFileSync(`${base}.txt`, `${lines.join("\n")}\nOCR: ${v.words.join(" ")}\n`);
}
const tesseract = await tesseractVersion();
if (!tesseract) {
  console.error("bench:legibility needs tesseract (apt-get install tesseract-ocr)");
  process.exit(1);
}
const only = values.env ?? values.store ?? "all";
const envs = expandEnvSelector(only);
if (!envs) {
  console.error(`bench:legibility: --env ${only}: expected ${envSelectorHelp()}`);
  process.exit(2);
}
const service = await RenderService.start({ width: 640, height: 480, poolSize: 1 });
try {
  if (values.frames) mkdirSync(values.frames, { recursive: true });
  for (const env of envs) {
    const t0 = performance.now();
    const r = await measureLegibility(service, env, {
      scale: Number(values.scale),
      ...(values.pose ? { only: (name: string) => name.includes(values.pose!) } : {}),
      ...(values.frames ? { onView: (v: LegibilityView) => writeView(values.frames!, env, v) } : {}),
    });
    console.log(
      JSON.stringify({
        env,
        share: Math.round(r.share * 1000) / 1000,
        read: r.read,
        products: r.products,
        sightings_share: Math.round((r.sightingsRead / Math.max(1, r.sightings)) * 1000) / 1000,
        large_share: Math.round((r.largeRead / Math.max(1, r.largeProducts)) * 1000) / 1000,
        large_products: r.largeProducts,
        poses: r.poses,
        scale: Number(values.scale),
        seconds: Math.round((performance.now() - t0) / 100) / 10,
        tesseract,
        renderer: service.rendererName,
        ...(values.unread ? { unread: r.unread } : {}),
      }),
    );
  }
} finally {
  await service.close();
}
