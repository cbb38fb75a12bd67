import { describe, expect, it } from "vitest";
import type { EnvId } from "../../core/manifest.js";
import { ROLES } from "../../core/roles.js";
import { GOLDEN_SIZE } from "../golden.js";
import { observe } from "../observer.js";
import { RenderService } from "../render-service.js";
import { tourStops } from "../tour.js";
import { hiddenBadges, overlappingBadges } from "./badge-layout.js";

const ENVS: EnvId[] = ["supermarket", "home-furnishings"];

describe("Set-of-Mark badges on the tour", () => {
  // The default view, and the goldens' quarter-size one, where the same badges crowd four times as much.
  for (const size of [{ width: 640, height: 480 }, GOLDEN_SIZE]) {
    it(`hide none of the listed handles and overlap nowhere, ${size.width}×${size.height}, both stores and roles`, async () => {
      const service = await RenderService.start({ ...size, poolSize: 1 });
      const faults: string[] = [];
      let badges = 0;
      try {
        for (const env of ENVS) {
          for (const stop of tourStops(env)) {
            const obs = await observe(service, env, stop.pose);
            for (const role of ROLES) {
              const placed = obs.badges![role];
              const view = obs.roles[role];
              const listed = [...view.products, ...view.targets].map((e) => e.handle);
              const overlapping = overlappingBadges(placed);
              const hidden = hiddenBadges(listed, placed, size.width, size.height);
              badges += placed.length;
              if (overlapping || hidden)
                faults.push(`${env} ${stop.name} ${role}: ${overlapping}, ${hidden}`);
            }
          }
        }
      } finally {
        await service.close();
      }
      expect(faults).toEqual([]);
      expect(badges).toBeGreaterThan(500);
    });
  }
});
