import type { Rng } from "../../../core/random.js";
import { STORES } from "../spec/stores.js";
import { HALL, type HallPlan, type StorePlacement } from "./store-plan.js";

const ENTRANCE_WIDTH = 4;
/** The checked-in hall's store widths, metres: a variant's are 1 m narrower to 2 m wider. */
const BASE_WIDTH: Record<string, number> = {
  "atelier-prime": 16,
  "leather-and-ink": 16,
  "nordic-nest": 16,
  "light-logic": 16,
  "play-cation": 21,
  "the-plant": 21,
  "vicotian-curio-collection": 22,
};

const r5 = (v: number) => Math.round(v * 20) / 20;
const draw = (rng: Rng, from: number, to: number) => r5(rng.range(from, to));

/** What a variant's plan is like, in the plan's own frame (entrance in the west wall). */
export interface HallFacts {
  /** Store ids of the north row, west to east. */
  north: string[];
  /** Store ids of the south row, west to east. */
  south: string[];
  /** The promenade's width, metres. */
  promenade: number;
}

/** A seeded shape: which stores go in which row and order, their widths and depths, the promenade. */
export interface HallShape {
  north: string[];
  south: string[];
  widths: Record<string, number>;
  depthNorth: number;
  depthSouth: number;
  promenade: number;
  /** Where along the promenade's width the entrance opens, 0–1. */
  entranceAt: number;
  areaOrder: Record<string, number[]>;
}

/** Rows whose widths differ by more than this are drawn again (the shorter row's stores would be stretched). */
const MAX_ROW_DIFFERENCE = 6;
const ROW_DRAWS = 50;

/** A seeded order of the stores, split into a north row of three or four and a south row, of similar widths. */
function drawRows(rng: Rng, widths: Record<string, number>): { north: string[]; south: string[] } {
  let best: { north: string[]; south: string[]; diff: number } | undefined;
  for (let n = 0; n < ROW_DRAWS && !(best && best.diff <= MAX_ROW_DIFFERENCE); n++) {
    const order = rng.shuffle(STORES.map((s) => s.id));
    const k = rng.pick([3, 4]);
    const sum = (ids: string[]) => ids.reduce((s, id) => s + widths[id]!, 0);
    const diff = Math.abs(sum(order.slice(0, k)) - sum(order.slice(k)));
    if (!best || diff < best.diff) best = { north: order.slice(0, k), south: order.slice(k), diff };
  }
  return { north: best!.north, south: best!.south };
}

/** Draws a hall's shape: stores in a seeded order, four or three on the north side, seeded sizes. */
export function drawHallShape(rng: Rng): HallShape {
  const widths = Object.fromEntries(STORES.map((s) => [s.id, BASE_WIDTH[s.id]! + draw(rng, -1, 2)]));
  const { north, south } = drawRows(rng, widths);
  // Areas of the same size trade places: all four of a four-area store, the front two of a three-area one.
  const areaOrder = Object.fromEntries(
    STORES.map((s) => {
      const same = s.areas.length === 4 ? [0, 1, 2, 3] : [0, 1];
      return [s.id, [...rng.shuffle(same), ...s.areas.map((_, k) => k).slice(same.length)]];
    }),
  );
  return {
    north,
    south,
    widths,
    depthNorth: draw(rng, 14, 15.5),
    depthSouth: draw(rng, 14, 15.5),
    promenade: draw(rng, 8.5, 11),
    entranceAt: rng.float(),
    areaOrder,
  };
}

/** Stretches a row's stores evenly (by 5 cm steps, the last one taking the rest) to fill `width`. */
function fillRow(ids: string[], widths: Record<string, number>, width: number): number[] {
  const sum = ids.reduce((s, id) => s + widths[id]!, 0);
  const extra = r5((width - sum) / ids.length);
  const out = ids.map((id) => widths[id]! + extra);
  out[out.length - 1] = r5(width - out.slice(0, -1).reduce((s, w) => s + w, 0));
  return out;
}

/**
 * A seeded furniture-hall plan in its own frame (entrance in the west wall): the seven stores in a
 * seeded order, four or three along the north wall and the rest along the south wall, each at least
 * as wide as the checked-in one, facing a promenade of 8.5–11 m; the entrance opens onto the promenade.
 */
export function hallVariantPlan(shape: HallShape): { plan: HallPlan; facts: HallFacts } {
  const width = Math.max(
    ...[shape.north, shape.south].map((row) => row.reduce((s, id) => s + shape.widths[id]!, 0)),
  );
  const zSouth = r5(shape.depthNorth + shape.promenade);
  const depth = r5(zSouth + shape.depthSouth);
  const placements: StorePlacement[] = [];
  const row = (ids: string[], z0: number, z1: number, front: StorePlacement["front"]) => {
    let x = 0;
    fillRow(ids, shape.widths, width).forEach((w, i) => {
      placements.push({ id: ids[i]!, rect: { x0: r5(x), z0, x1: r5(x + w), z1 }, front });
      x += w;
    });
  };
  row(shape.north, 0, shape.depthNorth, "south");
  row(shape.south, zSouth, depth, "north");
  placements.sort((a, b) => STORES.findIndex((s) => s.id === a.id) - STORES.findIndex((s) => s.id === b.id));
  const room = shape.promenade - ENTRANCE_WIDTH - 2;
  const mid = r5(shape.depthNorth + 1 + ENTRANCE_WIDTH / 2 + shape.entranceAt * room);
  return {
    plan: {
      hall: { ...HALL, width: r5(width), depth },
      entrance: { from: [0, mid - ENTRANCE_WIDTH / 2], to: [0, mid + ENTRANCE_WIDTH / 2] },
      start: { x: 1.6, z: mid, yaw: -90 },
      placements,
      areaOrder: shape.areaOrder,
    },
    facts: { north: shape.north, south: shape.south, promenade: shape.promenade },
  };
}

/** Makes every store of a shape 1 m wider and 0.5 m deeper: the step taken when an area cannot hold its pieces. */
export function roomier(shape: HallShape): HallShape {
  return {
    ...shape,
    widths: Object.fromEntries(Object.entries(shape.widths).map(([id, w]) => [id, w + 1])),
    depthNorth: shape.depthNorth + 0.5,
    depthSouth: shape.depthSouth + 0.5,
  };
}
