import { normalizeYaw, type Point, round6 } from "../../core/geometry.js";
import type { Layout } from "../../core/layout.js";
import type { NavTarget } from "../../core/spatial.js";
import type { EnvData } from "../env-data.js";

/** The compass side a side becomes after `turns` clockwise quarter turns (seen from above, north up). */
export function turnedSide<T extends string>(side: T, turns: number): T | string {
  const order = ["north", "east", "south", "west"];
  const i = order.indexOf(side);
  return i < 0 ? side : order[(i + turns) % 4]!;
}

/** One clockwise quarter turn of a hall `depth` deep: (x, z) → (depth − z, x); yaw − 90°. */
function quarterTurn(data: EnvData): EnvData {
  const depth = data.layout.floor.depth;
  const p = ([x, z]: Point): Point => [round6(depth - z), round6(x)];
  const yaw = (y: number) => normalizeYaw(y - 90);
  const pose = <T extends { x: number; z: number; yaw: number }>(v: T): T => {
    const [x, z] = p([v.x, v.z]);
    return { ...v, x, z, yaw: yaw(v.yaw) };
  };
  const target = (t: NavTarget): NavTarget => {
    const base = { ...t, footprint: t.footprint.map(p), location: p(t.location) };
    if (t.type === "fixture") return { ...base, type: "fixture", yaw: yaw(t.yaw) } as NavTarget;
    if (t.type === "store")
      return {
        ...base,
        type: "store",
        yaw: yaw(t.yaw),
        doorway: { from: p(t.doorway.from), to: p(t.doorway.to) },
      } as NavTarget;
    return {
      ...base,
      type: "area",
      plinths: t.plinths.map((pl) => ({ ...pl, footprint: pl.footprint.map(p) })),
    } as NavTarget;
  };
  const { layout } = data;
  const turned: Layout = {
    ...layout,
    floor: { width: layout.floor.depth, depth: layout.floor.width, ceiling: layout.floor.ceiling },
    entrance: { from: p(layout.entrance.from), to: p(layout.entrance.to) },
    start: pose(layout.start),
    walls: layout.walls.map((w) => ({ ...w, from: p(w.from), to: p(w.to) })),
    navTargets: layout.navTargets.map(target),
    waypoints: layout.waypoints.map(pose),
  };
  return {
    ...data,
    layout: turned,
    instances: { ...data.instances, instances: data.instances.instances.map(pose) },
  };
}

/**
 * The same store turned `turns` clockwise quarter turns as a whole: a rigid motion, so every distance,
 * clearance and view is kept and whatever validated before validates after. Footprints keep their
 * winding (a rotation does not mirror).
 */
export function rotateEnvData(data: EnvData, turns: number): EnvData {
  let out = data;
  for (let k = 0; k < ((turns % 4) + 4) % 4; k++) out = quarterTurn(out);
  return out;
}
