// Render benchmark: full observations (passes, transfer, both roles' Set-of-Mark and visible entities)
// along a scripted walk through each store, warm. Prints one JSON line: som_ms is regions, handles and
// both roles' overlays; regions_ms the page's part of it (finding products and targets in
// segmentation and depth); overlay_ms the two overlays (drawing and PNG encoding); passes_ms the
// colour and id passes with their read-backs; post_ms what the colour image's trip to Node adds to
// the frame (it travels while the id pass renders and the regions are found). overlapping_badges and
// hidden_badges, summed over all frames and both roles, count badges that share a pixel with another
// and listed handles without a wholly visible badge (both 0 when the badge layout does its job).
//   npm run bench:render
import { availableParallelism } from "node:os";
import type { EnvId } from "../src/core/manifest.js";
import { ROLES } from "../src/core/roles.js";
import { type Observation, observe } from "../src/render/observer.js";
import { RenderService } from "../src/render/render-service.js";
import { hiddenBadges, overlappingBadges } from "../src/render/som/badge-layout.js";
import { tourStops } from "../src/render/tour.js";

const width = 640;
const height = 480;
const quantile = (values: number[], q: number) => {
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 10) / 10;
};

const service = await RenderService.start({ width, height, poolSize: 1 });
const observation: number[] = [];
const som: number[] = [];
const overlay: number[] = [];
const passes: number[] = [];
const regions: number[] = [];
const post: number[] = [];
const badges = { overlapping: 0, hidden: 0 };
const countBadges = (obs: Observation) => {
  for (const role of ROLES) {
    const placed = obs.badges?.[role] ?? [];
    const view = obs.roles[role];
    badges.overlapping += overlappingBadges(placed);
    badges.hidden += hiddenBadges(
      [...view.products, ...view.targets].map((e) => e.handle),
      placed,
      width,
      height,
    );
  }
};
try {
  for (const env of ["supermarket", "home-furnishings"] as EnvId[]) {
    const stops = tourStops(env);
    // Warm the page, the shaders and the JIT on a few frames that are not counted.
    for (const stop of stops.slice(0, 3)) await observe(service, env, stop.pose);
    for (const stop of stops) {
      const obs = await observe(service, env, stop.pose);
      observation.push(obs.timings.observationMs);
      som.push(obs.timings.somMs);
      overlay.push(obs.timings.overlayMs);
      passes.push(obs.timings.rgbMs + obs.timings.idsMs);
      regions.push(obs.timings.regionsMs);
      post.push(obs.timings.postMs);
      countBadges(obs);
    }
  }
} finally {
  await service.close();
}
console.log(
  JSON.stringify({
    width,
    height,
    frames: observation.length,
    observation_ms_p50: quantile(observation, 0.5),
    observation_ms_p90: quantile(observation, 0.9),
    som_ms_p50: quantile(som, 0.5),
    regions_ms_p50: quantile(regions, 0.5),
    overlay_ms_p50: quantile(overlay, 0.5),
    passes_ms_p50: quantile(passes, 0.5),
    post_ms_p50: quantile(post, 0.5),
    overlapping_badges: badges.overlapping,
    hidden_badges: badges.hidden,
    renderer: service.rendererName,
    cpus: availableParallelism(),
  }),
);
