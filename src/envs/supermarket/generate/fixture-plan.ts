import type { Point } from "../../../core/geometry.js";
import type { FixtureKind } from "../spec/sections.js";

/** The supermarket hall, metres: x in [0, 28], z in [0, 22]; north (z = 0) is the back wall. */
export const HALL = { width: 28, depth: 22, ceiling: 4.2, wallThickness: 0.2, wallHeight: 4.2 } as const;

/** The entrance gap in the south wall, and where shoppers start: just inside, facing north. */
export const ENTRANCE = { from: [22, 22] as Point, to: [25, 22] as Point };
export const START = { x: 23.5, z: 20.6, yaw: 0 };

export interface FixtureModel {
  width: number;
  depth: number;
  height: number;
  levels: number[];
  clearance: number;
  sides: ("front" | "back")[];
  /** Depth kept free at the back of each side (spine, back panel, freezer wall), metres. */
  backInset: number;
  /** Gap between the shelf edge and the front of the goods, metres. */
  frontInset: number;
  /** Rows of goods one behind the other on each side (bins and stands hold more than a shelf edge). */
  rows: number;
  /** How far from the face the side's fixed standing point is, m (default STAND_OFF_M). */
  standOff?: number;
}

/**
 * Dimensions of each fixture kind, after common store equipment: a 4 m double-sided low-profile
 * gondola (1.45 m, three shelves, so shoppers see across the aisles), 4 m wall shelving with four
 * shelves, 1.6 m upright freezer doors, 2.4 m island chest freezers, 3 m multi-deck open coolers and
 * 3 m wooden produce tables.
 */
export const MODELS: Record<FixtureKind, FixtureModel> = {
  shelf: {
    width: 4,
    depth: 0.9,
    height: 1.45,
    levels: [0.12, 0.55, 0.98],
    clearance: 0.38,
    sides: ["front", "back"],
    backInset: 0.04,
    frontInset: 0.02,
    rows: 1,
  },
  wall_shelf: {
    width: 4,
    depth: 0.5,
    height: 1.9,
    levels: [0.12, 0.55, 0.98, 1.41],
    clearance: 0.38,
    sides: ["front"],
    backInset: 0.04,
    frontInset: 0.02,
    rows: 1,
  },
  upright_freezer: {
    width: 1.6,
    depth: 0.85,
    height: 2.1,
    levels: [0.3, 0.7, 1.1, 1.5],
    clearance: 0.34,
    sides: ["front"],
    backInset: 0.12,
    frontInset: 0.1,
    rows: 1,
  },
  chest_freezer: {
    width: 2.4,
    depth: 1.0,
    height: 0.85,
    levels: [0.3],
    clearance: 0.5,
    sides: ["front", "back"],
    backInset: 0.08,
    frontInset: 0.08,
    rows: 1,
    // One looks down into a chest freezer from right beside it: from farther away its walls hide
    // the goods along the near side.
    standOff: 0.35,
  },
  open_cooler: {
    width: 3,
    depth: 0.9,
    height: 2.0,
    levels: [0.25, 0.65, 1.05, 1.45],
    clearance: 0.36,
    sides: ["front"],
    backInset: 0.1,
    frontInset: 0.04,
    rows: 1,
  },
  produce_stand: {
    width: 3,
    depth: 1.4,
    height: 0.9,
    levels: [0.75],
    clearance: 0.4,
    sides: ["front", "back"],
    backInset: 0.02,
    frontInset: 0.03,
    rows: 2,
  },
};

export interface FixturePlacement {
  id: string;
  center: Point;
  /** Direction the front face looks towards. */
  yaw: number;
}

/** A supermarket floor plan: the hall, its entrance, where shoppers start and where each fixture stands. */
export interface SupermarketPlan {
  /** The hall, metres: x in [0, width], z in [0, depth]; walls centred on its edges. */
  hall: { width: number; depth: number; ceiling: number; wallThickness: number; wallHeight: number };
  /** The entrance gap in an outer wall. */
  entrance: { from: Point; to: Point };
  /** Where every episode starts: just inside the entrance, facing into the hall. */
  start: { x: number; z: number; yaw: number };
  /** One placement per fixture of SECTIONS. */
  placements: FixturePlacement[];
}

/** The checked-in supermarket's plan (paper, Appendix A.3). */
export function basePlan(): SupermarketPlan {
  return { hall: { ...HALL }, entrance: ENTRANCE, start: START, placements: fixturePlacements() };
}

const EAST = -90;
const WEST = 90;
const SOUTH = 180;

/**
 * Where the 29 fixtures stand. Produce greets shoppers at the south-east entrance; eight gondolas
 * form four north-south aisles in two blocks with a cross aisle; frozen food lines the back wall
 * with chest freezers as islands in front of it; dairy and meat coolers line the west wall and
 * household goods the east wall.
 */
export function fixturePlacements(): FixturePlacement[] {
  const placements: FixturePlacement[] = [];
  const columns = [6.5, 9.7, 12.9, 16.1];
  const blocks = [8.8, 14.8];
  blocks.forEach((z, b) => {
    columns.forEach((x, c) => {
      placements.push({ id: `shelf-${String(b * 4 + c + 1).padStart(2, "0")}`, center: [x, z], yaw: WEST });
    });
  });
  [4.0, 8.4, 12.8, 17.2].forEach((z, i) => {
    placements.push({
      id: `shelf-${String(9 + i).padStart(2, "0")}`,
      center: [HALL.width - 0.1 - 0.25, z],
      yaw: WEST,
    });
  });
  [9.6, 14.0, 18.4].forEach((x, i) => {
    placements.push({ id: `chest-freezer-${i + 1}`, center: [x, 3.9], yaw: SOUTH });
  });
  for (let i = 0; i < 8; i++) {
    placements.push({
      id: `upright-freezer-${i + 1}`,
      center: [7.6 + 0.8 + i * 1.6, 0.1 + 0.425],
      yaw: SOUTH,
    });
  }
  [4.0, 7.2, 10.4, 13.6].forEach((z, i) => {
    placements.push({ id: `open-cooler-${i + 1}`, center: [0.1 + 0.45, z], yaw: EAST });
  });
  [8.8, 14.8].forEach((z, i) => {
    placements.push({ id: `produce-stand-${i + 1}`, center: [22.5, z], yaw: WEST });
  });
  return placements;
}
