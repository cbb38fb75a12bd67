import { init, type NavMesh, NavMeshQuery, type Vector3 } from "@recast-navigation/core";
import { generateSoloNavMesh } from "@recast-navigation/generators";
import type { Point, Polygon } from "../core/geometry.js";
import type { EnvId } from "../core/manifest.js";
import { wallFootprint } from "../envs/common/walls.js";
import type { EnvData } from "../envs/env-data.js";
import { AGENT_RADIUS } from "../envs/validate.js";

/** Recast voxel sizes: 5 cm cells, 5 cm heights (finer breaks nothing but costs build time). */
const CELL = 0.05;
const AGENT_HEIGHT = 1.8;
const AGENT_CLIMB = 0.15;
/** Queries look this far around a point for the walkable floor; low enough to skip plinth and fixture tops. */
const HALF_EXTENTS = { x: 0.6, y: 0.2, z: 0.6 };

export interface PathResult {
  points: Point[];
  length: number;
}

/** Triangle soup for Recast: a prism over a convex footprint, top face wound to face up. */
function addPrism(pos: number[], idx: number[], footprint: Polygon, height: number): void {
  const base = pos.length / 3;
  const n = footprint.length;
  for (const [x, z] of footprint) pos.push(x, 0, z);
  for (const [x, z] of footprint) pos.push(x, height, z);
  // Footprints are counter-clockwise seen from above (x right, z down), which is clockwise seen
  // from +y looking down in a right-handed frame; Recast wants walkable faces wound so their normal
  // points up, i.e. (b-a)×(c-a) with positive y.
  for (let i = 1; i < n - 1; i++) idx.push(base + n, base + n + i + 1, base + n + i);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    idx.push(base + i, base + j, base + n + j, base + i, base + n + j, base + n + i);
  }
}

const toV = ([x, z]: Point, y = 0): Vector3 => ({ x, y, z });
const toP = (v: Vector3): Point => [v.x, v.z];

/**
 * The walkable floor of a store as a Recast/Detour navigation mesh (recast-navigation, the
 * navmesh library Unreal itself uses): the floor minus walls, fixtures, plinths and furniture,
 * eroded by the shopper's radius. Built once per store per process.
 */
export class Navigation {
  private constructor(
    readonly navMesh: NavMesh,
    private readonly query: NavMeshQuery,
  ) {}

  static build(data: EnvData): Navigation {
    const pos: number[] = [];
    const idx: number[] = [];
    const { width, depth } = data.layout.floor;
    const floor: Polygon = [
      [-0.5, -0.5],
      [width + 0.5, -0.5],
      [width + 0.5, depth + 0.5],
      [-0.5, depth + 0.5],
    ];
    // The floor is a thin slab whose top is y = 0.
    const base = pos.length / 3;
    for (const [x, z] of floor) pos.push(x, 0, z);
    idx.push(base, base + 2, base + 1, base, base + 3, base + 2);
    for (const wall of data.layout.walls) addPrism(pos, idx, wallFootprint(wall), wall.height);
    for (const t of data.layout.navTargets) {
      if (t.type === "fixture") addPrism(pos, idx, t.footprint, t.size.height);
      if (t.type === "area") for (const p of t.plinths) addPrism(pos, idx, p.footprint, p.height);
    }
    const products = new Map(data.catalog.products.map((p) => [p.id, p]));
    for (const inst of data.instances.instances) {
      if (inst.on.type !== "floor") continue;
      const dims = products.get(inst.product)!.shape.dims;
      if (dims.height < AGENT_CLIMB) continue;
      const r = (inst.yaw * Math.PI) / 180;
      const c = Math.cos(r);
      const s = Math.sin(r);
      const corner = (lx: number, lz: number): Point => [inst.x + lx * c + lz * s, inst.z - lx * s + lz * c];
      const hw = dims.width / 2;
      const hd = dims.depth / 2;
      addPrism(pos, idx, [corner(-hw, -hd), corner(-hw, hd), corner(hw, hd), corner(hw, -hd)], dims.height);
    }
    const result = generateSoloNavMesh(pos, idx, {
      cs: CELL,
      ch: CELL,
      walkableSlopeAngle: 35,
      walkableHeight: Math.ceil(AGENT_HEIGHT / CELL),
      walkableClimb: Math.floor(AGENT_CLIMB / CELL),
      walkableRadius: Math.ceil(AGENT_RADIUS / CELL),
      maxEdgeLen: 12 / CELL,
      maxSimplificationError: 1.3,
      minRegionArea: 8,
      mergeRegionArea: 20,
      maxVertsPerPoly: 6,
      detailSampleDist: 6,
      detailSampleMaxError: 1,
    });
    if (!result.success || !result.navMesh)
      throw new Error(`navmesh: build failed (${String(result.error)})`);
    return new Navigation(result.navMesh, new NavMeshQuery(result.navMesh));
  }

  /** The nearest walkable point to `p` and its polygon, if one is within half a metre. */
  snap(p: Point): { point: Point; polyRef: number } | undefined {
    const r = this.query.findClosestPoint(toV(p), { halfExtents: HALF_EXTENTS });
    if (!r.success || !r.polyRef) return undefined;
    const point = toP(r.point);
    if (Math.hypot(point[0] - p[0], point[1] - p[1]) > 0.5) return undefined;
    return { point, polyRef: r.polyRef };
  }

  /** Whether `p` stands on the walkable floor (within `tolerance` metres). */
  walkable(p: Point, tolerance = 0.05): boolean {
    const s = this.snap(p);
    return !!s && Math.hypot(s.point[0] - p[0], s.point[1] - p[1]) <= tolerance;
  }

  /**
   * Walks from `from` towards `to` across the floor, sliding along walls and obstacles instead of
   * stopping at the first touch (Detour's moveAlongSurface): the way a game character controller
   * moves, and what Unreal's movement does for the paper's shopper. Returns where it ended.
   */
  slide(from: Point, to: Point): Point {
    const start = this.snap(from);
    if (!start) return from;
    const r = this.query.moveAlongSurface(start.polyRef, toV(start.point), toV(to));
    return r.success ? toP(r.resultPosition) : start.point;
  }

  /** The shortest walkable path, or undefined when there is none. */
  path(from: Point, to: Point): PathResult | undefined {
    const r = this.query.computePath(toV(from), toV(to), { halfExtents: HALF_EXTENTS });
    if (!r.success || r.path.length === 0) return undefined;
    const points = r.path.map(toP);
    const end = points.at(-1)!;
    if (Math.hypot(end[0] - to[0], end[1] - to[1]) > 0.1) return undefined;
    let length = 0;
    for (let i = 1; i < points.length; i++)
      length += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
    return { points, length };
  }
}

let ready: Promise<void> | undefined;
const cache = new Map<EnvId, Navigation>();

/** The navigation mesh of a store (recast's WebAssembly is initialised on first use). */
export async function navigationFor(env: EnvId, data: EnvData): Promise<Navigation> {
  ready ??= init();
  await ready;
  let nav = cache.get(env);
  if (!nav) {
    nav = Navigation.build(data);
    cache.set(env, nav);
  }
  return nav;
}
