import type { Box } from "./regions.js";

/** A badge to place: its size, where it would go, and the region it labels. */
export interface BadgeRequest {
  handle: string;
  kind: "product" | "target";
  width: number;
  height: number;
  /** The preferred top-left corner of the badge's box (a product's above its region, a target's inside). */
  left: number;
  top: number;
  /** The labelled region's pixel box (inclusive), for telling whether a badge still sits on it. */
  region: Box;
  /** The point of the region a leader line from (x, y) ends at. */
  reach: (x: number, y: number) => [number, number];
}

/** Where a badge went: its box's top-left and size, and a leader line when it sits away from its region. */
export interface PlacedBadge {
  handle: string;
  kind: "product" | "target";
  left: number;
  top: number;
  width: number;
  height: number;
  /** From the badge's edge to its region, [x0, y0, x1, y1]; null when the badge sits on its region. */
  leader: [number, number, number, number] | null;
}

/** Candidate positions are 2 px apart near the preferred corner and 4 px beyond 32 px. */
const stepAt = (r: number) => (r < 32 ? 2 : 4);
/** What sitting off the region costs, in pixels of distance: a leader line is a worse label than a nudge. */
const DETACHED = 24;
/** How deep inside a region's box a badge may sit and still read as on its edge. */
const EDGE_DEPTH = 8;

type Rect = [number, number, number, number];

/**
 * The pixels a badge draws, [x0, y0, x1, y1): its box and the 1-px outline round it (drawBadge's
 * stroke reaches a pixel out).
 */
export function badgeFootprint(b: { left: number; top: number; width: number; height: number }): Rect {
  return [b.left - 1, b.top - 1, b.left + b.width + 1, b.top + b.height + 1];
}

const intersects = (a: Rect, b: Rect, gap = 0) =>
  a[0] < b[2] + gap && b[0] < a[2] + gap && a[1] < b[3] + gap && b[1] < a[3] + gap;

const inside = (r: Rect, width: number, height: number) =>
  r[0] >= 0 && r[1] >= 0 && r[2] <= width && r[3] <= height;

/** On the region: touching its box, and not so deep inside a large box that its edge is far. */
function attached(r: Rect, box: Box): boolean {
  const touching = r[0] < box.x1 + 3 && box.x0 - 2 < r[2] && r[1] < box.y1 + 3 && box.y0 - 2 < r[3];
  const deep =
    r[0] >= box.x0 + EDGE_DEPTH &&
    r[1] >= box.y0 + EDGE_DEPTH &&
    r[2] <= box.x1 + 1 - EDGE_DEPTH &&
    r[3] <= box.y1 + 1 - EDGE_DEPTH;
  return touching && !deep;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/** A request's preferred corner, moved just enough for its footprint to be inside the image. */
function preferred(q: BadgeRequest, width: number, height: number): [number, number] {
  return [clamp(q.left, 1, width - q.width - 1), clamp(q.top, 1, height - q.height - 1)];
}

class Placement {
  readonly taken: Rect[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** The badge that last blocked a candidate: neighbouring candidates are mostly blocked by it too. */
  private blocker: Rect | undefined;

  /** Whether a badge's footprint fits in the image a pixel clear of every badge placed so far. */
  free(r: Rect): boolean {
    if (!inside(r, this.width, this.height)) return false;
    if (this.blocker && intersects(r, this.blocker, 1)) return false;
    for (const t of this.taken)
      if (intersects(r, t, 1)) {
        this.blocker = t;
        return false;
      }
    return true;
  }

  /**
   * The cheapest free corner for a badge: cost is the distance from its preferred corner, plus
   * `DETACHED` off its region. Rings of growing (Chebyshev) radius round the preferred corner are
   * searched until no further ring can beat the best found; ties go to the first in ring order.
   */
  search(q: BadgeRequest, start: [number, number]): [number, number] | undefined {
    const reachMax = Math.max(this.width, this.height);
    // Beyond this radius no corner touches the region: every cost there has `DETACHED` in it.
    const { x0, y0, x1, y1 } = q.region;
    const near = Math.max(
      Math.abs(x0 - 3 - q.width - start[0]),
      Math.abs(x1 + 4 - start[0]),
      Math.abs(y0 - 3 - q.height - start[1]),
      Math.abs(y1 + 4 - start[1]),
    );
    let best: { cost: number; at: [number, number] } | undefined;
    const beaten = (r: number) => !!best && r >= best.cost - (r > near ? DETACHED : 0);
    for (let r = 0; r <= reachMax && !beaten(r); r += stepAt(r)) {
      const n = r === 0 ? 1 : (8 * r) / stepAt(r);
      for (let k = 0; k < n; k++) {
        const [dx, dy] = ringOffset(r, k);
        const d = Math.hypot(dx, dy);
        if (best && d >= best.cost) continue;
        const left = start[0] + dx;
        const top = start[1] + dy;
        const rect: Rect = [left - 1, top - 1, left + q.width + 1, top + q.height + 1];
        const cost = d + (attached(rect, q.region) ? 0 : DETACHED);
        if ((!best || cost < best.cost) && this.free(rect)) best = { cost, at: [left, top] };
      }
    }
    return best?.at;
  }
}

/** The k-th offset at Chebyshev distance r on the grid of its step, clockwise from the top-left. */
function ringOffset(r: number, k: number): [number, number] {
  if (r === 0) return [0, 0];
  const side = (2 * r) / stepAt(r);
  const d = -r + (k % side) * stepAt(r);
  switch (Math.floor(k / side)) {
    case 0:
      return [d, -r];
    case 1:
      return [r, d];
    case 2:
      return [-d, r];
    default:
      return [-r, -d];
  }
}

function leaderOf(q: BadgeRequest, at: [number, number]): PlacedBadge["leader"] {
  const rect = badgeFootprint({ left: at[0], top: at[1], width: q.width, height: q.height });
  if (attached(rect, q.region)) return null;
  const [ex, ey] = q.reach(at[0] + q.width / 2, at[1] + q.height / 2);
  // From the nearest point of the badge's box: the badge is drawn over the line's start.
  return [clamp(ex, at[0], at[0] + q.width), clamp(ey, at[1], at[1] + q.height), ex, ey];
}

/**
 * Places a view's badges so that none overlaps another (a pixel clear, outlines included) and each
 * lies wholly inside the image. First every badge whose preferred corner is free takes it, in
 * request order; then each of the others, in order, takes the cheapest free corner nearby (see
 * `Placement.search`), with a leader line to its region when it had to leave it. Where no free
 * corner is left (an image full of badges) a badge stays at its preferred corner, overlapping.
 * Deterministic: the same requests give the same placement.
 */
export function layoutBadges(
  requests: readonly BadgeRequest[],
  width: number,
  height: number,
): PlacedBadge[] {
  const place = new Placement(width, height);
  const at: ([number, number] | undefined)[] = requests.map((q) => {
    const p = preferred(q, width, height);
    const rect = badgeFootprint({ left: p[0], top: p[1], width: q.width, height: q.height });
    if (!place.free(rect)) return undefined;
    place.taken.push(rect);
    return p;
  });
  requests.forEach((q, i) => {
    if (at[i]) return;
    const p = place.search(q, preferred(q, width, height)) ?? preferred(q, width, height);
    place.taken.push(badgeFootprint({ left: p[0], top: p[1], width: q.width, height: q.height }));
    at[i] = p;
  });
  return requests.map((q, i) => {
    const [left, top] = at[i]!;
    return {
      handle: q.handle,
      kind: q.kind,
      left,
      top,
      width: q.width,
      height: q.height,
      leader: leaderOf(q, [left, top]),
    };
  });
}

/** How many badges' footprints (box and outline) share a pixel with another badge's. */
export function overlappingBadges(badges: readonly PlacedBadge[]): number {
  const rects = badges.map(badgeFootprint);
  return rects.filter((r, i) => rects.some((o, j) => j !== i && intersects(r, o))).length;
}

/**
 * How many of the handles a view lists have no wholly visible badge: none drawn, or its footprint
 * cut by the image's border or sharing a pixel with another badge's.
 */
export function hiddenBadges(
  handles: readonly string[],
  badges: readonly PlacedBadge[],
  width: number,
  height: number,
): number {
  const rects = badges.map(badgeFootprint);
  const visible = new Set<string>();
  rects.forEach((r, i) => {
    if (inside(r, width, height) && !rects.some((o, j) => j !== i && intersects(r, o)))
      visible.add(badges[i]!.handle);
  });
  return handles.filter((h) => !visible.has(h)).length;
}
