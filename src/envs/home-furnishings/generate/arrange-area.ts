import { orientedRect, type Point, round6 } from "../../../core/geometry.js";
import type { Plinth } from "../../../core/spatial.js";
import type { AreaSlot } from "./store-plan.js";

export interface DisplayItem {
  product: string;
  width: number;
  depth: number;
  onPlinth: boolean;
}

export interface PlacedItem {
  product: string;
  x: number;
  y: number;
  z: number;
  yaw: number;
  plinth: string | null;
}

export interface ArrangedArea {
  items: PlacedItem[];
  plinths: Plinth[];
  /** The area's fixed standing point, near its open edge, facing into the area. */
  point: { x: number; z: number; yaw: number };
}

/** Display plinth for small items, metres. */
export const PLINTH = { width: 1.2, depth: 0.6, height: 0.6, margin: 0.05, gap: 0.06 } as const;
/** Free floor: along the area's edges, between items in a row, and between rows. */
const EDGE_MARGIN = 0.2;
const ITEM_GAP = 0.25;
const ROW_AISLE = 0.6;
/** Kept clear around the standing point: half its width along the open edge, and its depth. */
const STAND_HALF_WIDTH = 0.9;
const STAND_DEPTH = 1.8;
const POINT_INSET = 1.0;
/** The standing point stands at most this far in front of the nearest row, so its pieces are within reach. */
const FRONT_GAP = 1.5;

interface Placed {
  item: DisplayItem & { turned: boolean };
  u: number;
  v: number;
}

/** Long, narrow pieces (beds, chaises) stand lengthwise along a row, turned a quarter. */
function turnLengthwise(item: DisplayItem): DisplayItem & { turned: boolean } {
  const turned = !item.onPlinth && item.depth > 1.2 * item.width;
  return turned ? { ...item, width: item.depth, depth: item.width, turned } : { ...item, turned };
}

/** Groups small items onto as few plinths as they fill, in catalog order. */
function plinthLoads(items: DisplayItem[]): DisplayItem[][] {
  const loads: DisplayItem[][] = [];
  const room = PLINTH.width - 2 * PLINTH.margin;
  let current: DisplayItem[] = [];
  let used = 0;
  for (const item of items) {
    const need = (current.length ? PLINTH.gap : 0) + item.width;
    if (current.length && used + need > room) {
      loads.push(current);
      current = [];
      used = 0;
    }
    current.push(item);
    used += current.length === 1 ? item.width : need;
  }
  if (current.length) loads.push(current);
  return loads;
}

/** Free stretches of a row at depth [v, v+d) along an edge of length `lu`, around the standing zone. */
function freeSegments(lu: number, lv: number, v: number, d: number): [number, number][] {
  const all: [number, number] = [EDGE_MARGIN, lu - EDGE_MARGIN];
  const zoneStart = lv - STAND_DEPTH;
  if (v + d <= zoneStart) return [all];
  const mid = lu / 2;
  return [
    [EDGE_MARGIN, mid - STAND_HALF_WIDTH],
    [mid + STAND_HALF_WIDTH, lu - EDGE_MARGIN],
  ];
}

/**
 * Lays out one display area like a showroom: free-standing pieces in rows from the far wall
 * towards the open edge, deepest first, each row spread evenly; small items on plinths; a clear
 * patch kept around the standing point. Throws if the area cannot hold its items.
 */
export function arrangeArea(areaId: string, slot: AreaSlot, items: DisplayItem[]): ArrangedArea {
  const { x0, z0, x1, z1 } = slot.rect;
  const lu = x1 - x0;
  const lv = z1 - z0;
  const loads = plinthLoads(items.filter((i) => i.onPlinth));
  const plinthIds = loads.map((_, k) => `plinth-${k + 1}`);
  const blocks = [
    ...items.filter((i) => !i.onPlinth),
    ...plinthIds.map((id) => ({ product: id, width: PLINTH.width, depth: PLINTH.depth, onPlinth: false })),
  ].map(turnLengthwise);
  const queue = blocks
    .map((item, order) => ({ item, order }))
    .sort((a, b) => b.item.depth - a.item.depth || b.item.width - a.item.width || a.order - b.order)
    .map(({ item }) => item);

  const placed: Placed[] = [];
  let v = EDGE_MARGIN;
  while (queue.length) {
    const rowDepth = queue[0]!.depth;
    if (v + rowDepth > lv - EDGE_MARGIN) {
      throw new Error(
        `area ${areaId}: ${queue.length} items do not fit (${queue.map((i) => i.product).join(", ")})`,
      );
    }
    const segments = freeSegments(lu, lv, v, rowDepth).map(([start, end]) => ({
      start,
      end,
      items: [] as (typeof queue)[number][],
    }));
    for (let i = 0; i < queue.length; ) {
      const item = queue[i]!;
      const seg = segments.find((s) => {
        const used = s.items.reduce((sum, it) => sum + it.width + ITEM_GAP, 0);
        return used + item.width <= s.end - s.start;
      });
      if (seg) {
        seg.items.push(item);
        queue.splice(i, 1);
      } else i++;
    }
    for (const seg of segments) {
      const total = seg.items.reduce((sum, it) => sum + it.width, 0);
      const gap = (seg.end - seg.start - total) / (seg.items.length + 1);
      let u = seg.start + gap;
      for (const item of seg.items) {
        placed.push({ item, u: u + item.width / 2, v: v + item.depth / 2 });
        u += item.width + gap;
      }
    }
    v += rowDepth + ROW_AISLE;
  }

  // Items face the open edge; v grows from the far edge towards it.
  const yaw = slot.open === "north" ? 0 : 180;
  const toWorld = (u: number, vv: number): Point =>
    slot.open === "north" ? [round6(x0 + u), round6(z1 - vv)] : [round6(x0 + u), round6(z0 + vv)];

  const plinths: Plinth[] = [];
  const out: PlacedItem[] = [];
  for (const p of placed) {
    const [x, z] = toWorld(p.u, p.v);
    const k = plinthIds.indexOf(p.item.product);
    if (k < 0) {
      out.push({ product: p.item.product, x, y: 0, z, yaw: p.item.turned ? yaw + 90 : yaw, plinth: null });
      continue;
    }
    plinths.push({
      id: plinthIds[k]!,
      footprint: orientedRect([x, z], PLINTH.width, PLINTH.depth, yaw),
      height: PLINTH.height,
    });
    const load = loads[k]!;
    const total = load.reduce((s, it) => s + it.width, 0);
    const gap = (PLINTH.width - total) / (load.length + 1);
    let u = p.u - PLINTH.width / 2 + gap;
    for (const item of load) {
      const [ix, iz] = toWorld(u + item.width / 2, p.v);
      out.push({ product: item.product, x: ix, y: PLINTH.height, z: iz, yaw, plinth: plinthIds[k]! });
      u += item.width + gap;
    }
  }
  plinths.sort((a, b) => a.id.localeCompare(b.id, "en", { numeric: true }));
  // Near the open edge, but never farther than FRONT_GAP from the row nearest to it: an area with
  // few pieces (all in its far rows) would otherwise leave them beyond reach, or out of view.
  const nearestRow = Math.max(...placed.map((p) => p.v + p.item.depth / 2));
  const [px, pz] = toWorld(lu / 2, Math.min(lv - POINT_INSET, nearestRow + FRONT_GAP));
  return { items: out, plinths, point: { x: px, z: pz, yaw: slot.open === "north" ? 180 : 0 } };
}
