import { round6 } from "../../../core/geometry.js";
import type { Rng } from "../../../core/random.js";
import { type FixtureKind, SECTIONS } from "../spec/sections.js";
import { type FixturePlacement, HALL, MODELS, type SupermarketPlan } from "./fixture-plan.js";

const NORTH = 0;
const SOUTH = 180;
const EAST = -90;
const WEST = 90;
const WALL = HALL.wallThickness / 2;
/** Walkway kept clear at the ends of a wall line, and in front of the entrance wall, metres. */
const CORNER = 1.8;
const FRONT_CORNER = 2.5;
const ENTRANCE_WIDTH = 3;

/** Metres rounded to 5 cm, so plans print cleanly. */
const r5 = (v: number) => Math.round(v * 20) / 20;
const ceil5 = (v: number) => Math.ceil(v * 20 - 1e-6) / 20;
const draw = (rng: Rng, from: number, to: number) => r5(rng.range(from, to));

/** The three departments that line walls: frozen (upright freezers), chilled (open coolers), household (wall shelves). */
export type WallLine = "frozen" | "chilled" | "household";
export type SideWall = "north" | "west" | "east";

/** What a variant's plan is like, in the plan's own frame (entrance in the south wall). */
export interface PlanFacts {
  /** The wall each wall department lines. */
  walls: Record<WallLine, SideWall>;
  /** Produce: a column beside the gondolas, or a row just inside the entrance. */
  produce: "column" | "row";
}

const idsOf = (kind: FixtureKind) => SECTIONS.filter((s) => s.kind === kind).map((s) => s.id);
const LINES: Record<WallLine, { kind: FixtureKind; gap: number }> = {
  frozen: { kind: "upright_freezer", gap: 0 },
  chilled: { kind: "open_cooler", gap: 0.2 },
  household: { kind: "wall_shelf", gap: 0.4 },
};
const lineLength = (line: WallLine) => {
  const { kind, gap } = LINES[line];
  const n = idsOf(kind).length;
  return n * MODELS[kind].width + (n - 1) * gap;
};
const lineDepth = (line: WallLine) => MODELS[LINES[line].kind].depth;

/** Seeded dimensions of a plan: the gondola grid, walkways and where the departments go. */
function drawShape(rng: Rng) {
  const lanes = rng.pick([2, 3, 4, 5, 8]);
  const [north, west, east] = rng.shuffle(["frozen", "chilled", "household"] as const);
  return {
    lanes,
    blocks: Math.ceil(idsOf("shelf").length / lanes),
    along: rng.float() < 0.5,
    gondolaYawFlip: rng.float() < 0.5,
    aisle: draw(rng, 1.9, 2.5),
    cross: draw(rng, 2.0, 2.8),
    walls: { north: north!, west: west!, east: east! } as Record<SideWall, WallLine>,
    walkway: { north: draw(rng, 2.2, 3.0), west: draw(rng, 2.2, 3.0), east: draw(rng, 2.2, 3.0) },
    chestBehind: draw(rng, 2.2, 2.6),
    chestFront: draw(rng, 2.0, 2.6),
    chestGap: draw(rng, 1.8, 2.4),
    produce: rng.float() < 0.5 ? ("column" as const) : ("row" as const),
    produceSide: rng.pick(["west", "east"] as const),
    produceAisle: draw(rng, 2.2, 2.8),
    produceGap: draw(rng, 2.0, 2.6),
    entryDepth: draw(rng, 3.0, 3.8),
  };
}
type Shape = ReturnType<typeof drawShape>;

/** Depth of the band a wall department takes from its wall to the open floor (the frozen one with its chest freezers). */
function band(shape: Shape, wall: SideWall): number {
  const line = shape.walls[wall];
  const chest = MODELS.chest_freezer.depth;
  const walk = line === "frozen" ? shape.chestBehind + chest + shape.chestFront : shape.walkway[wall];
  return r5(WALL + lineDepth(line) + walk);
}

/** Places a wall department's fixtures side by side along its wall, in a seeded order. */
function placeLine(
  line: WallLine,
  wall: SideWall,
  start: number,
  hall: { width: number },
  rng: Rng,
): FixturePlacement[] {
  const { kind, gap } = LINES[line];
  const { width, depth } = MODELS[kind];
  const off = WALL + depth / 2;
  return rng.shuffle(idsOf(kind)).map((id, k) => {
    const along = round6(start + width / 2 + k * (width + gap));
    if (wall === "north") return { id, center: [along, round6(off)], yaw: SOUTH };
    if (wall === "west") return { id, center: [round6(off), along], yaw: EAST };
    return { id, center: [round6(hall.width - off), along], yaw: WEST };
  });
}

/** The chest freezers: a row in front of the frozen wall, centred on it. */
function placeChests(shape: Shape, frozen: FixturePlacement[], wall: SideWall, hallWidth: number) {
  const { width, depth } = MODELS.chest_freezer;
  const off = WALL + lineDepth("frozen") + shape.chestBehind + depth / 2;
  const axis = wall === "north" ? 0 : 1;
  const mid = r5(frozen.reduce((s, p) => s + p.center[axis], 0) / frozen.length);
  const ids = idsOf("chest_freezer");
  const pitch = width + shape.chestGap;
  return ids.map((id, k): FixturePlacement => {
    const along = round6(mid + (k - (ids.length - 1) / 2) * pitch);
    if (wall === "north") return { id, center: [along, round6(off)], yaw: SOUTH };
    if (wall === "west") return { id, center: [round6(off), along], yaw: EAST };
    return { id, center: [round6(hallWidth - off), along], yaw: WEST };
  });
}

/**
 * A seeded supermarket floor plan in its own frame (entrance in the south wall): wall departments on
 * the other three walls in a seeded order, the frozen one with chest freezers in front; eight gondolas
 * in a grid of 2–8 lines running towards or along the entrance wall; produce in a column beside the
 * gondolas or a row inside the entrance. The hall is sized to hold it all with walkways of 1.9–3 m.
 */
export function supermarketVariantPlan(rng: Rng): { plan: SupermarketPlan; facts: PlanFacts } {
  const shape = drawShape(rng);
  const { lanes, blocks, along, aisle, cross } = shape;
  const gondola = MODELS.shelf;
  const lineSpan = lanes * gondola.depth + (lanes - 1) * aisle;
  const blockSpan = blocks * gondola.width + (blocks - 1) * cross;
  const [gw, gd] = along ? [lineSpan, blockSpan] : [blockSpan, lineSpan];
  const stand = MODELS.produce_stand;
  const produceLength = 2 * stand.width + shape.produceGap;
  const column = shape.produce === "column";
  let rw = gw + (column ? shape.produceAisle + stand.depth : 0);
  let rd = column ? Math.max(gd, produceLength) : gd;
  if (!column) rw = Math.max(rw, produceLength + 0.4);
  const bandN = band(shape, "north");
  const bandW = band(shape, "west");
  const bandE = band(shape, "east");
  const bandS = column ? shape.entryDepth : 3.2 + stand.depth + shape.produceAisle;
  const depthOf = (wall: SideWall) => lineDepth(shape.walls[wall]);
  // Grow the open floor until each wall department fits along its wall, clear of the corners.
  const northFrom = WALL + depthOf("west") + CORNER;
  const northRoom = () => bandW + rw + bandE - WALL - depthOf("east") - CORNER - northFrom;
  rw += Math.max(0, lineLength(shape.walls.north) - northRoom());
  const sideFrom = WALL + depthOf("north") + CORNER;
  const sideRoom = () => bandN + rd + bandS - FRONT_CORNER - sideFrom;
  rd += Math.max(0, Math.max(lineLength(shape.walls.west), lineLength(shape.walls.east)) - sideRoom());
  rw = ceil5(rw);
  rd = ceil5(rd);
  const hall = { ...HALL, width: r5(bandW + rw + bandE), depth: r5(bandN + rd + bandS) };

  const placements: FixturePlacement[] = [];
  const slack = (room: number, line: WallLine) => Math.max(0, room - lineLength(line));
  for (const wall of ["north", "west", "east"] as const) {
    const line = shape.walls[wall];
    const from = wall === "north" ? northFrom : sideFrom;
    const room = wall === "north" ? northRoom() : sideRoom();
    const start = r5(from + rng.range(0, slack(room, line)));
    const fixtures = placeLine(line, wall, start, hall, rng.fork(`line:${wall}`));
    placements.push(...fixtures);
    if (line === "frozen") placements.push(...placeChests(shape, fixtures, wall, hall.width));
  }

  // The open floor: gondolas, and the produce column on one side of them.
  const rx0 = bandW;
  const rz0 = bandN;
  const rz1 = rz0 + rd;
  const columnWidth = column ? shape.produceAisle + stand.depth : 0;
  const gx0 = shape.produceSide === "west" ? rx0 + columnWidth : rx0;
  const gridX = r5(gx0 + (rw - columnWidth - gw) / 2);
  const gridZ = r5(rz0 + (rd - gd) / 2);
  placements.push(...placeGondolas(shape, gridX, gridZ, rng));

  const ex = r5(placeProduce(shape, { x0: rx0, z1: rz1, width: rw }, hall, placements, rng));
  const plan: SupermarketPlan = {
    hall,
    entrance: {
      from: [r5(ex - ENTRANCE_WIDTH / 2), hall.depth],
      to: [r5(ex + ENTRANCE_WIDTH / 2), hall.depth],
    },
    start: { x: ex, z: r5(hall.depth - 1.4), yaw: NORTH },
    placements,
  };
  const walls = Object.fromEntries(
    (["north", "west", "east"] as const).map((w) => [shape.walls[w], w]),
  ) as Record<WallLine, SideWall>;
  return {
    plan,
    facts: { walls, produce: shape.produce },
  };
}

/**
 * The produce stands: a column at the open floor's side nearest the entrance, or a row just inside the
 * entrance. Returns where along the south wall the entrance opens (its centre).
 */
function placeProduce(
  shape: Shape,
  floor: { x0: number; z1: number; width: number },
  hall: { width: number; depth: number },
  placements: FixturePlacement[],
  rng: Rng,
): number {
  const stand = MODELS.produce_stand;
  const produce = idsOf("produce_stand");
  const length = 2 * stand.width + shape.produceGap;
  if (shape.produce === "column") {
    const west = shape.produceSide === "west";
    const x = west ? floor.x0 + stand.depth / 2 : floor.x0 + floor.width - stand.depth / 2;
    produce.forEach((id, k) => {
      const z = floor.z1 - stand.width / 2 - (produce.length - 1 - k) * (stand.width + shape.produceGap);
      placements.push({ id, center: [round6(x), round6(z)], yaw: west ? EAST : WEST });
    });
    return Math.min(Math.max(x + rng.range(-1.5, 1.5), 2), hall.width - 2);
  }
  const ex = r5(floor.x0 + length / 2 + 0.2 + rng.range(0, floor.width - length - 0.4));
  const z = hall.depth - 3.2 - stand.depth / 2;
  produce.forEach((id, k) => {
    const x = ex + (k - 0.5) * (stand.width + shape.produceGap);
    placements.push({ id, center: [round6(x), round6(z)], yaw: NORTH });
  });
  return ex;
}

/** The eight gondolas in a grid of `lanes` lines × `blocks` blocks; spare cells are left empty. */
function placeGondolas(shape: Shape, x0: number, z0: number, rng: Rng): FixturePlacement[] {
  const { lanes, blocks, along, aisle, cross } = shape;
  const { width, depth } = MODELS.shelf;
  const cells: [number, number][] = [];
  for (let i = 0; i < lanes; i++) for (let j = 0; j < blocks; j++) cells.push([i, j]);
  const ids = idsOf("shelf");
  const chosen = rng.fork("gondolas").shuffle(cells).slice(0, ids.length);
  const yaw = along ? (shape.gondolaYawFlip ? EAST : WEST) : shape.gondolaYawFlip ? SOUTH : NORTH;
  return ids.map((id, k) => {
    const [i, j] = chosen[k]!;
    const lane = depth / 2 + i * (depth + aisle);
    const block = width / 2 + j * (width + cross);
    const center: [number, number] = along
      ? [round6(x0 + lane), round6(z0 + block)]
      : [round6(x0 + block), round6(z0 + lane)];
    return { id, center, yaw };
  });
}
