import type { Point } from "../core/geometry.js";
import type { Layout } from "../core/layout.js";
import type { EnvId } from "../core/manifest.js";
import { loadEnvData } from "../envs/env-data.js";
import { envDefinition } from "../envs/registry.js";
import { navigationFor } from "./navmesh.js";

/** A store's floor plan in numbers (`siturec envs stats`). */
export interface LayoutStats {
  /** The store's id. */
  env: string;
  /** The hall's width (x) and depth (z), metres. */
  floor: { width: number; depth: number };
  /** The outer wall the entrance is in (north is −z). */
  entrance: "north" | "east" | "south" | "west";
  /** Navigation targets (fixtures; stores and display areas). */
  navTargets: number;
  /** Fixed standing points. */
  waypoints: number;
  /** Placed instances of products. */
  instances: number;
  /**
   * Walking distance from the start to each navigation target's nearest fixed standing point, along
   * the navigation mesh, metres: the mean and the longest.
   */
  path: { mean: number; max: number };
  /** Facts the store's definition tells about its plan (the supermarket's aisles, the hall's promenade). */
  facts: Record<string, string | number>;
}

/** Which outer wall the entrance gap lies in. */
function entranceSide(layout: Layout): LayoutStats["entrance"] {
  const [x0, z0] = layout.entrance.from;
  const [x1, z1] = layout.entrance.to;
  const { width, depth } = layout.floor;
  if (z0 === z1) return z0 <= depth / 2 ? "north" : "south";
  return x0 + x1 <= width ? "west" : "east";
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The floor plan's numbers, walking distances measured on the store's navigation mesh. */
export async function layoutStats(env: EnvId): Promise<LayoutStats> {
  const data = loadEnvData(env);
  const { layout } = data;
  const nav = await navigationFor(env, data);
  const start: Point = [layout.start.x, layout.start.z];
  const points = new Map(layout.waypoints.map((w) => [w.id, [w.x, w.z] as Point]));
  const distances = layout.navTargets.map((t) => {
    const lengths = Object.values(t.approaches).map((id) => nav.path(start, points.get(id!)!)?.length);
    const reachable = lengths.filter((l): l is number => l !== undefined);
    if (!reachable.length)
      throw new Error(`${env}: no standing point of ${t.id} can be walked to from the start`);
    return Math.min(...reachable);
  });
  return {
    env,
    floor: { width: layout.floor.width, depth: layout.floor.depth },
    entrance: entranceSide(layout),
    navTargets: layout.navTargets.length,
    waypoints: layout.waypoints.length,
    instances: data.instances.instances.length,
    path: {
      mean: round1(distances.reduce((s, d) => s + d, 0) / distances.length),
      max: round1(Math.max(...distances)),
    },
    facts: envDefinition(env).layoutFacts?.(layout) ?? {},
  };
}
