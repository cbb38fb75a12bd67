import type { Point } from "../core/geometry.js";
import type { EnvId } from "../core/manifest.js";
import { loadEnvData } from "../envs/env-data.js";
import { type Navigation, navigationFor } from "./navmesh.js";

/** One step of an episode: where the shopper stood when it began and where its action left them. */
export interface Leg {
  from: { x: number; z: number };
  to: { x: number; z: number };
}

/** Millimetres are finer than any map draws them, and keep the JSON small. */
const mm = ([x, z]: Point): Point => [Math.round(x * 1000) / 1000, Math.round(z * 1000) / 1000];

/**
 * The way the shopper walked one leg: the navigation mesh's shortest walkable path between its ends
 * (a move_to_* walks that path; a move_forward slides along the floor, which the path follows too),
 * or the straight segment when an end is off the mesh (a pose a store edit has since built over).
 */
export function legRoute(nav: Navigation, leg: Leg): Point[] {
  const from: Point = [leg.from.x, leg.from.z];
  const to: Point = [leg.to.x, leg.to.z];
  if (Math.hypot(to[0] - from[0], to[1] - from[1]) < 0.01) return [from, to];
  // Detour's path starts and ends at the nearest points of the mesh: the poses themselves are the ends.
  const corners = nav.path(from, to)?.points.slice(1, -1) ?? [];
  return [from, ...corners.map(mm), to];
}

/**
 * Each leg's route over the store's navigation mesh (built once per store per process), as polylines
 * of floor points `[x, z]` in metres: what the viewer draws instead of straight lines through shelves.
 */
export async function walkedRoutes(env: EnvId, legs: readonly Leg[]): Promise<Point[][]> {
  if (!legs.length) return [];
  const nav = await navigationFor(env, loadEnvData(env));
  return legs.map((leg) => legRoute(nav, leg));
}

/**
 * Builds the stores' navigation meshes soon, after the request at hand (about 0.4 s each on 2 cores):
 * a viewer calls it when a run's page opens, so that the run's first replay does not wait for it.
 */
export function prepareWalkedRoutes(envs: readonly EnvId[]): void {
  for (const env of envs)
    setTimeout(() => {
      navigationFor(env, loadEnvData(env)).catch(() => {
        // The replay builds it again when asked, and says what failed then.
      });
    }, 0);
}
