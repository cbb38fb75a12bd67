/**
 * The outline rings of a binary mask by marching squares: d3-contour's `contours()` at threshold
 * 0.5, ported to give the same rings, points and order on a 0/1 grid. Hand-written because d3's
 * generic version (any values, any thresholds) walks every cell through closures and sparse arrays:
 * it was a third of finding a frame's regions. On a 0/1 grid d3's smoothing moves no point (each
 * crossing is already midway), so there is none here. `mask-rings.test.ts` checks it against d3.
 */

export type Point = [number, number];
type Line = readonly [number, number, number, number];

/** The segments of each marching-squares case, as in d3-contour: [x0, y0, x1, y1] each. */
const CASES: readonly (readonly Line[])[] = [
  [],
  [[1.0, 1.5, 0.5, 1.0]],
  [[1.5, 1.0, 1.0, 1.5]],
  [[1.5, 1.0, 0.5, 1.0]],
  [[1.0, 0.5, 1.5, 1.0]],
  [
    [1.0, 1.5, 0.5, 1.0],
    [1.0, 0.5, 1.5, 1.0],
  ],
  [[1.0, 0.5, 1.0, 1.5]],
  [[1.0, 0.5, 0.5, 1.0]],
  [[0.5, 1.0, 1.0, 0.5]],
  [[1.0, 1.5, 1.0, 0.5]],
  [
    [0.5, 1.0, 1.0, 0.5],
    [1.5, 1.0, 1.0, 1.5],
  ],
  [[1.5, 1.0, 1.0, 0.5]],
  [[0.5, 1.0, 1.5, 1.0]],
  [[1.0, 1.5, 1.5, 1.0]],
  [[0.5, 1.0, 1.0, 1.5]],
  [],
];

interface Fragment {
  start: number;
  end: number;
  ring: Point[];
}

/** Closed rings along the mask's edges, each passed to `emit` as it closes (d3's `isorings`). */
function isorings(values: Uint8Array, dx: number, dy: number, emit: (ring: Point[]) => void): void {
  const byStart = new Map<number, Fragment>();
  const byEnd = new Map<number, Fragment>();
  const index = (p: Point) => p[0] * 2 + p[1] * (dx + 1) * 4;
  let x = -1;
  let y = -1;
  const stitch = (line: Line) => {
    const start: Point = [line[0] + x, line[1] + y];
    const end: Point = [line[2] + x, line[3] + y];
    const startIndex = index(start);
    const endIndex = index(end);
    const f = byEnd.get(startIndex);
    const h = f ? undefined : byStart.get(endIndex);
    if (f) {
      const g = byStart.get(endIndex);
      if (g) {
        byEnd.delete(f.end);
        byStart.delete(g.start);
        if (f === g) {
          f.ring.push(end);
          emit(f.ring);
        } else {
          const joined = { start: f.start, end: g.end, ring: f.ring.concat(g.ring) };
          byStart.set(f.start, joined);
          byEnd.set(g.end, joined);
        }
      } else {
        byEnd.delete(f.end);
        f.ring.push(end);
        f.end = endIndex;
        byEnd.set(endIndex, f);
      }
    } else if (h) {
      byStart.delete(h.start);
      h.ring.unshift(start);
      h.start = startIndex;
      byStart.set(startIndex, h);
    } else {
      const fresh = { start: startIndex, end: endIndex, ring: [start, end] };
      byStart.set(startIndex, fresh);
      byEnd.set(endIndex, fresh);
    }
  };
  const cell = (c: number) => {
    if (c !== 0 && c !== 15) for (const line of CASES[c]!) stitch(line);
  };
  // The first row (above the grid), the rows between, and the last row (below it), as d3 walks them.
  let t0: number;
  let t1 = values[0]!;
  let t2: number;
  let t3: number;
  cell(t1 << 1);
  while (++x < dx - 1) {
    t0 = t1;
    t1 = values[x + 1]!;
    cell(t0 | (t1 << 1));
  }
  cell(t1);
  while (++y < dy - 1) {
    x = -1;
    const row = y * dx;
    t1 = values[row + dx]!;
    t2 = values[row]!;
    cell((t1 << 1) | (t2 << 2));
    while (++x < dx - 1) {
      t0 = t1;
      t1 = values[row + dx + x + 1]!;
      t3 = t2;
      t2 = values[row + x + 1]!;
      cell(t0 | (t1 << 1) | (t2 << 2) | (t3 << 3));
    }
    cell(t1 | (t2 << 3));
  }
  x = -1;
  t2 = values[y * dx]!;
  cell(t2 << 2);
  while (++x < dx - 1) {
    t3 = t2;
    t2 = values[y * dx + x + 1]!;
    cell((t2 << 2) | (t3 << 3));
  }
  cell(t2 << 3);
}

function area(ring: Point[]): number {
  const n = ring.length;
  let a = ring[n - 1]![1] * ring[0]![0] - ring[n - 1]![0] * ring[0]![1];
  for (let i = 1; i < n; i++) a += ring[i - 1]![1] * ring[i]![0] - ring[i - 1]![0] * ring[i]![1];
  return a;
}

function within(p: number, q: number, r: number): boolean {
  return (p <= q && q <= r) || (r <= q && q <= p);
}

/** 1 inside, -1 outside, 0 on the ring. */
function ringContains(ring: Point[], [x, y]: Point): number {
  let inside = -1;
  for (let i = 0, n = ring.length, j = n - 1; i < n; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    const collinear = (xj - xi) * (y - yi) === (x - xi) * (yj - yi);
    const k = xi === xj ? 1 : 0;
    if (collinear && within(ring[i]![k]!, k ? y : x, ring[j]![k]!)) return 0;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = -inside;
  }
  return inside;
}

function contains(ring: Point[], hole: Point[]): number {
  for (const p of hole) {
    const c = ringContains(ring, p);
    if (c) return c;
  }
  return 0;
}

/**
 * The polygons of the 1-cells of a `dx`×`dy` grid of 0 and 1, in d3-contour's MultiPolygon
 * `coordinates` form: each polygon its outer ring, then its holes.
 */
export function maskRings(values: Uint8Array, dx: number, dy: number): Point[][][] {
  const polygons: Point[][][] = [];
  const holes: Point[][] = [];
  isorings(values, dx, dy, (ring) => {
    if (area(ring) > 0) polygons.push([ring]);
    else holes.push(ring);
  });
  for (const hole of holes) polygons.find((polygon) => contains(polygon[0]!, hole) !== -1)?.push(hole);
  return polygons;
}
