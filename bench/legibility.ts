// Legibility benchmark: at every arrival pose of each store, the share of products within reach whose
// name has a distinctive word read by tesseract in the colour frame. Prints one JSON line per store.
//   npm run bench:legibility [-- --scale 1] [-- --unread] [-- --env supermarket]
import { parseArgs } from "node:util";
import type { EnvId } from "../src/core/manifest.js";
import { measureLegibility, OCR_SCALE, tesseractVersion } from "../src/render/legibility/index.js";
import { RenderService } from "../src/render/render-service.js";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: String(OCR_SCALE) },
    unread: { type: "boolean", default: false },
    env: { type: "string" },
  },
});
const tesseract = await tesseractVersion();
if (!tesseract) {
  console.error("bench:legibility needs tesseract (apt-get install tesseract-ocr)");
  process.exit(1);
}
const service = await RenderService.start({ width: 640, height: 480, poolSize: 1 });
try {
  const envs = (values.env ? [values.env] : ["supermarket", "home-furnishings"]) as EnvId[];
  for (const env of envs) {
    const t0 = performance.now();
    const r = await measureLegibility(service, env, { scale: Number(values.scale) });
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
