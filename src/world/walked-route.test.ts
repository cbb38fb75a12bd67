import { describe, expect, it } from "vitest";
import type { Point } from "../core/geometry.js";
import { loadEnvData } from "../envs/env-data.js";
import { navigationFor } from "./navmesh.js";
import { walkedRoutes } from "./walked-route.js";

/** Points every 5 cm along a polyline, its corners included. */
function samples(route: Point[]): Point[] {
  const out: Point[] = [route[0]!];
  for (let i = 1; i < route.length; i++) {
    const [a, b] = [route[i - 1]!, route[i]!];
    const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.05));
    for (let k = 1; k <= n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  return out;
}

describe("the walked route of a replay", () => {
  for (const env of ["supermarket", "home-furnishings"] as const)
    it(`goes round the shelves of the ${env}: every point of every leg is on the navigation mesh`, async () => {
      const data = loadEnvData(env);
      const nav = await navigationFor(env, data);
      // A walk from waypoint to waypoint across the whole store, as move_to_* takes the shopper.
      const stops = data.layout.waypoints.map((w) => ({ x: w.x, z: w.z }));
      const legs = stops.slice(1).map((to, i) => ({ from: stops[i]!, to }));
      const routes = await walkedRoutes(env, legs);
      expect(routes).toHaveLength(legs.length);
      // The straight steps between these stops run through shelves (what the replay drew before).
      const throughShelves = legs.filter((l) =>
        samples([
          [l.from.x, l.from.z],
          [l.to.x, l.to.z],
        ]).some((p) => !nav.walkable(p)),
      );
      expect(throughShelves.length).toBeGreaterThan(0);
      for (const [i, route] of routes.entries()) {
        expect(route[0]).toEqual([legs[i]!.from.x, legs[i]!.from.z]);
        expect(route.at(-1)).toEqual([legs[i]!.to.x, legs[i]!.to.z]);
        const off = samples(route).filter((p) => !nav.walkable(p, 0.06));
        expect(off, `${env} leg ${i + 1}`).toEqual([]);
      }
    });

  it("keeps a leg that did not move, and draws none for an episode without turns", async () => {
    const p = { x: 3.5, z: 2.25 };
    expect(await walkedRoutes("supermarket", [{ from: p, to: p }])).toEqual([
      [
        [3.5, 2.25],
        [3.5, 2.25],
      ],
    ]);
    expect(await walkedRoutes("supermarket", [])).toEqual([]);
  });
});
