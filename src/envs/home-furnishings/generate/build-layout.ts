import type { HexColor } from "../../../core/color.js";
import type { Point } from "../../../core/geometry.js";
import { centroid } from "../../../core/geometry.js";
import type { Layout } from "../../../core/layout.js";
import type { DisplayArea, Store, Wall, Waypoint } from "../../../core/spatial.js";
import { facingPointFront, pointAlong } from "../../common/approach.js";
import { outerWalls, wallWithGaps } from "../../common/walls.js";
import { STORES } from "../spec/stores.js";
import type { ArrangedArea } from "./arrange-area.js";
import {
  type AreaSlot,
  baseHallPlan,
  doorway,
  type HallPlan,
  type Rect,
  rectPolygon,
  STORE_WALL,
  type StorePlacement,
} from "./store-plan.js";

/** Fixed points either side of a doorway, metres from the wall line. */
const OUTSIDE_DOORWAY_M = 1.5;
const INSIDE_DOORWAY_M = 1.2;

function onHallBoundary(a: Point, b: Point, hall: HallPlan["hall"]): boolean {
  const { width, depth } = hall;
  return (
    (a[0] === b[0] && (a[0] === 0 || a[0] === width)) || (a[1] === b[1] && (a[1] === 0 || a[1] === depth))
  );
}

/** Store walls: each rectangle edge once (neighbours share), none on the hall's own walls. */
function storeWalls(plan: HallPlan): Wall[] {
  const seen = new Set<string>();
  const walls: Wall[] = [];
  for (const store of plan.placements) {
    const { x0, z0, x1, z1 } = store.rect;
    const edges: [Point, Point][] = [
      [
        [x0, z0],
        [x1, z0],
      ],
      [
        [x1, z0],
        [x1, z1],
      ],
      [
        [x0, z1],
        [x1, z1],
      ],
      [
        [x0, z0],
        [x0, z1],
      ],
    ];
    for (const [a, b] of edges) {
      const key = [a, b].map((p) => p.join(",")).join("|");
      if (seen.has(key) || onHallBoundary(a, b, plan.hall)) continue;
      seen.add(key);
      walls.push(...wallWithGaps(a, b, [doorway(store)], STORE_WALL.thickness, STORE_WALL.height));
    }
  }
  return walls;
}

function storeYaw(store: StorePlacement): number {
  return store.front === "south" ? 180 : 0;
}

const polygonOf = (r: Rect) => rectPolygon(r);

export interface ArrangedStore {
  placement: StorePlacement;
  /** Each area's slot, in the store's area order. */
  slots: AreaSlot[];
  areas: ArrangedArea[];
}

/** Builds the hall: walls, stores with doorways, display areas with plinths, and the 38 waypoints. */
export function buildHomeFurnishingsLayout(
  arranged: ArrangedStore[],
  productsByArea: Map<string, string[]>,
  segColors: HexColor[],
  plan: HallPlan = baseHallPlan(),
  env = "home-furnishings",
): Layout {
  const waypoints: Waypoint[] = [];
  const addWaypoint = (
    target: string,
    approach: Waypoint["approach"],
    p: { x: number; z: number; yaw: number },
  ) => {
    const id = `W${String(waypoints.length + 1).padStart(2, "0")}`;
    waypoints.push({ id, ...p, target, approach });
    return id;
  };
  const navTargets: (Store | DisplayArea)[] = [];
  let color = 0;
  arranged.forEach(({ placement, slots, areas }) => {
    const def = STORES.find((s) => s.id === placement.id)!;
    const door = doorway(placement);
    const doorCenter: Point = [(door.from[0] + door.to[0]) / 2, (door.from[1] + door.to[1]) / 2];
    const out = storeYaw(placement);
    const footprint = polygonOf(placement.rect);
    const storeProducts = new Set(def.areas.flatMap((a) => productsByArea.get(a.id) ?? []));
    const store: Store = {
      type: "store",
      id: def.id,
      name: def.name,
      description: def.description,
      footprint,
      location: centroid(footprint),
      yaw: out,
      doorway: door,
      areas: def.areas.map((a) => a.id),
      approaches: {
        outside_doorway: addWaypoint(
          def.id,
          "outside_doorway",
          facingPointFront(doorCenter, out, OUTSIDE_DOORWAY_M),
        ),
        inside_doorway: addWaypoint(
          def.id,
          "inside_doorway",
          pointAlong(doorCenter, out + 180, INSIDE_DOORWAY_M),
        ),
      },
      products: [...storeProducts].sort(),
      segColor: segColors[color++]!,
    };
    navTargets.push(store);
    def.areas.forEach((areaDef, k) => {
      const arrangedArea = areas[k]!;
      const areaFootprint = polygonOf(slots[k]!.rect);
      navTargets.push({
        type: "area",
        id: areaDef.id,
        name: areaDef.name,
        store: def.id,
        footprint: areaFootprint,
        location: centroid(areaFootprint),
        approaches: { area_point: addWaypoint(areaDef.id, "area_point", arrangedArea.point) },
        plinths: arrangedArea.plinths,
        products: [...(productsByArea.get(areaDef.id) ?? [])].sort(),
        segColor: segColors[color++]!,
      });
    });
  });
  const { hall, entrance } = plan;
  return {
    kind: "siturec.layout",
    version: 1,
    env,
    floor: { width: hall.width, depth: hall.depth, ceiling: hall.ceiling },
    entrance: { from: entrance.from, to: entrance.to },
    start: plan.start,
    walls: [...outerWalls(hall, [entrance]), ...storeWalls(plan)],
    navTargets,
    waypoints,
  };
}
