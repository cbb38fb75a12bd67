/**
 * A binary mask kept as runs of set pixels, row by row: dilation and 8-connected components worked
 * on runs instead of on a pixel grid. Hand-written because a product's pixels are a few long runs
 * per row while its box can span the view (facings at both ends of a shelf): grid passes over the
 * box (dilate, label, measure) were half of finding a frame's regions.
 *
 * Runs are flat triples `[y, x0, x1, …]` (x1 inclusive) in raster order: by row, then by x0, none
 * touching another of its row.
 */
export type Runs = number[];

/** One 8-connected component of a dilated mask. */
export interface RunComponent {
  /** Its box, of the dilated pixels. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** How many pixels of the mask before dilation it covers. */
  pixels: number;
  /** Its dilated runs, in raster order. */
  runs: Runs;
}

/** Appends [x0, x1] to row `y` of `out`, joining it with the row's last run where they touch. */
function pushMerged(out: Runs, y: number, x0: number, x1: number): void {
  const n = out.length;
  if (n && out[n - 3] === y && x0 <= out[n - 1]! + 1) {
    if (x1 > out[n - 1]!) out[n - 1] = x1;
    return;
  }
  out.push(y, x0, x1);
}

/**
 * The mask dilated by `r` pixels (a square neighbourhood): each run widened by `r`, then each row the
 * union of the widened rows within `r` of it. Coordinates may go `r` past the mask's own.
 */
export function dilateRuns(runs: Runs, r: number): Runs {
  if (!runs.length) return [];
  const first = runs[0]!;
  const rows: number[][] = Array.from({ length: runs[runs.length - 3]! - first + 1 }, () => []);
  for (let i = 0; i < runs.length; i += 3) {
    const row = rows[runs[i]! - first]!;
    const x0 = runs[i + 1]! - r;
    const x1 = runs[i + 2]! + r;
    if (row.length && x0 <= row[row.length - 1]! + 1) row[row.length - 1] = x1;
    else row.push(x0, x1);
  }
  const out: Runs = [];
  const window: number[] = [];
  for (let y = first - r; y < first + rows.length + r; y++) {
    window.length = 0;
    for (let k = Math.max(0, y - r - first); k <= Math.min(rows.length - 1, y + r - first); k++)
      for (const x of rows[k]!) window.push(x);
    if (!window.length) continue;
    // Pairs (x0, x1) of up to 2r + 1 rows: sorted by x0 through an index, then joined.
    const order = Array.from({ length: window.length / 2 }, (_, i) => 2 * i);
    order.sort((a, b) => window[a]! - window[b]!);
    for (const i of order) pushMerged(out, y, window[i]!, window[i + 1]!);
  }
  return out;
}

function findRoot(parent: Int32Array, a: number): number {
  while (parent[a] !== a) {
    parent[a] = parent[parent[a]!]!;
    a = parent[a]!;
  }
  return a;
}

/** Joins two runs' sets under the smaller root: a set's root is then its first run in raster order. */
function union(parent: Int32Array, a: number, b: number): void {
  const ra = findRoot(parent, a);
  const rb = findRoot(parent, b);
  if (ra < rb) parent[rb] = ra;
  else if (rb < ra) parent[ra] = rb;
}

/**
 * The 8-connected components of dilated runs (`dilateRuns(mask, r)`), numbered in the raster order of
 * their first pixel, each with its box and the count of `mask`'s pixels it covers (every run of the
 * mask lies inside one dilated run of its row).
 */
export function runComponents(dilated: Runs, mask: Runs): RunComponent[] {
  const n = dilated.length / 3;
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  // Runs of the row above touch a run when their columns overlap or meet at a corner.
  let above = 0;
  for (let i = 0; i < n; i++) {
    const y = dilated[3 * i]!;
    const x0 = dilated[3 * i + 1]!;
    const x1 = dilated[3 * i + 2]!;
    while (
      above < i &&
      (dilated[3 * above]! < y - 1 || (dilated[3 * above]! === y - 1 && dilated[3 * above + 2]! < x0 - 1))
    )
      above++;
    for (let j = above; j < i && dilated[3 * j]! === y - 1 && dilated[3 * j + 1]! <= x1 + 1; j++)
      union(parent, i, j);
  }
  const id = new Int32Array(n);
  const parts: RunComponent[] = [];
  for (let i = 0; i < n; i++) {
    const root = findRoot(parent, i);
    if (root === i) {
      id[i] = parts.length;
      parts.push({ x0: Infinity, y0: dilated[3 * i]!, x1: -Infinity, y1: 0, pixels: 0, runs: [] });
    } else id[i] = id[root]!;
    const c = parts[id[i]!]!;
    const y = dilated[3 * i]!;
    const x0 = dilated[3 * i + 1]!;
    const x1 = dilated[3 * i + 2]!;
    c.runs.push(y, x0, x1);
    if (x0 < c.x0) c.x0 = x0;
    if (x1 > c.x1) c.x1 = x1;
    c.y1 = y;
  }
  for (let m = 0, d = 0; m < mask.length; m += 3) {
    while (dilated[3 * d]! < mask[m]! || (dilated[3 * d] === mask[m] && dilated[3 * d + 2]! < mask[m + 1]!))
      d++;
    parts[id[d]!]!.pixels += mask[m + 2]! - mask[m + 1]! + 1;
  }
  return parts;
}

/** A component's pixels as a 0/1 grid over its box, row by row (for tracing its outline). */
export function componentGrid(c: RunComponent): { values: Uint8Array; width: number; height: number } {
  const width = c.x1 - c.x0 + 1;
  const height = c.y1 - c.y0 + 1;
  const values = new Uint8Array(width * height);
  for (let i = 0; i < c.runs.length; i += 3) {
    const row = (c.runs[i]! - c.y0) * width - c.x0;
    values.fill(1, row + c.runs[i + 1]!, row + c.runs[i + 2]! + 1);
  }
  return { values, width, height };
}
