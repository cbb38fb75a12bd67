import type { Point, Polygon } from "../../../core/geometry.js";

/** The furniture hall, metres: x in [0, 64], z in [0, 38]; north (z = 0) is the back wall. */
export const HALL = { width: 64, depth: 38, ceiling: 4.5, wallThickness: 0.2, wallHeight: 4.5 } as const;
export const STORE_WALL = { thickness: 0.15, height: 3.2 } as const;
export const DOORWAY_WIDTH = 2.4;
/** Walkways inside a store: from the doorway to the back, and across the middle. */
export const MAIN_WALKWAY = 2.2;
export const CROSS_WALKWAY = 2.0;
/** Free floor kept between an area and the store's walls. */
export const AREA_WALL_MARGIN = 0.1;

/** The entrance gap in the west wall, opening onto the central promenade; shoppers start there facing east. */
export const ENTRANCE = { from: [0, 17] as Point, to: [0, 21] as Point };
export const START = { x: 1.6, z: 19, yaw: -90 };

export interface Rect {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

export interface StorePlacement {
  id: string;
  rect: Rect;
  /** Side of the store that faces the promenade and holds the doorway. */
  front: "north" | "south";
}

/**
 * Seven walled stores in two rows on either side of a 10 m promenade (z 14–24): four along the
 * back wall with doorways facing south, three along the front wall with doorways facing north.
 * Neighbouring stores share walls, so no dead-end alleys open between them.
 */
export const STORE_PLACEMENTS: readonly StorePlacement[] = [
  { id: "atelier-prime", rect: { x0: 0, z0: 0, x1: 16, z1: 14 }, front: "south" },
  { id: "leather-and-ink", rect: { x0: 16, z0: 0, x1: 32, z1: 14 }, front: "south" },
  { id: "nordic-nest", rect: { x0: 32, z0: 0, x1: 48, z1: 14 }, front: "south" },
  { id: "light-logic", rect: { x0: 48, z0: 0, x1: 64, z1: 14 }, front: "south" },
  { id: "play-cation", rect: { x0: 0, z0: 24, x1: 21, z1: 38 }, front: "north" },
  { id: "the-plant", rect: { x0: 21, z0: 24, x1: 42, z1: 38 }, front: "north" },
  { id: "vicotian-curio-collection", rect: { x0: 42, z0: 24, x1: 64, z1: 38 }, front: "north" },
];

/** A furniture-hall floor plan: the hall, its entrance, where shoppers start, the stores and their areas' places. */
export interface HallPlan {
  /** The hall, metres: x in [0, width], z in [0, depth]; walls centred on its edges. */
  hall: { width: number; depth: number; ceiling: number; wallThickness: number; wallHeight: number };
  /** The entrance gap in an outer wall. */
  entrance: { from: Point; to: Point };
  /** Where every episode starts: just inside the entrance, facing into the hall. */
  start: { x: number; z: number; yaw: number };
  /** One placement per store of STORES; neighbours share walls. */
  placements: readonly StorePlacement[];
  /** Per store: the slot of `areaSlots` each of its areas (in STORES order) takes; default in order. */
  areaOrder?: Readonly<Record<string, readonly number[]>>;
}

/** The checked-in furniture hall's plan (paper, Appendix A.3). */
export function baseHallPlan(): HallPlan {
  return { hall: { ...HALL }, entrance: ENTRANCE, start: START, placements: STORE_PLACEMENTS };
}

export function rectPolygon(r: Rect): Polygon {
  return [
    [r.x0, r.z0],
    [r.x0, r.z1],
    [r.x1, r.z1],
    [r.x1, r.z0],
  ];
}

export function doorway(store: StorePlacement): { from: Point; to: Point } {
  const cx = (store.rect.x0 + store.rect.x1) / 2;
  const z = store.front === "south" ? store.rect.z1 : store.rect.z0;
  return { from: [cx - DOORWAY_WIDTH / 2, z], to: [cx + DOORWAY_WIDTH / 2, z] };
}

export interface AreaSlot {
  rect: Rect;
  /** The edge of the area that borders the cross walkway: where its standing point is. */
  open: "north" | "south";
}

/**
 * Display areas of a store, front (doorway) side first: with four areas, two in front and two at
 * the back of the cross walkway, either side of the main walkway; with three, the back pair
 * becomes one long area.
 */
export function areaSlots(store: StorePlacement, count: 3 | 4): AreaSlot[] {
  const inset = STORE_WALL.thickness / 2 + AREA_WALL_MARGIN;
  const { x0, z0, x1, z1 } = store.rect;
  const ix0 = x0 + inset;
  const ix1 = x1 - inset;
  const iz0 = z0 + inset;
  const iz1 = z1 - inset;
  const cx = (x0 + x1) / 2;
  const cz = (z0 + z1) / 2;
  const left = { x0: ix0, x1: cx - MAIN_WALKWAY / 2 };
  const right = { x0: cx + MAIN_WALKWAY / 2, x1: ix1 };
  const north = { z0: iz0, z1: cz - CROSS_WALKWAY / 2 };
  const south = { z0: cz + CROSS_WALKWAY / 2, z1: iz1 };
  const [front, back] = store.front === "south" ? [south, north] : [north, south];
  const frontOpen = store.front === "south" ? "north" : "south";
  const backOpen = store.front === "south" ? "south" : "north";
  const slots: AreaSlot[] = [
    { rect: { ...left, ...front }, open: frontOpen },
    { rect: { ...right, ...front }, open: frontOpen },
  ];
  if (count === 4) {
    slots.push(
      { rect: { ...left, ...back }, open: backOpen },
      { rect: { ...right, ...back }, open: backOpen },
    );
  } else {
    slots.push({ rect: { x0: ix0, x1: ix1, ...back }, open: backOpen });
  }
  return slots;
}
