import type { Catalog } from "../../core/catalog.js";
import type { Layout } from "../../core/layout.js";
import { maskRings } from "./mask-rings.js";

/** What a segmentation colour stands for. */
export interface EntityRef {
  kind: "product" | "target";
  id: string;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface ProductComponent {
  box: Box;
  pixels: number;
  /** Outline rings in image pixels, around the (slightly dilated) region. */
  rings: [number, number][][];
}

export interface ProductRegion {
  productId: string;
  pixels: number;
  minDepthM: number;
  box: Box;
  components: ProductComponent[];
}

export interface TargetRegion {
  targetId: string;
  pixels: number;
  minDepthM: number;
  box: Box;
}

/** What a view shows: its products and navigation targets, each within its annotation distance. */
export interface Regions {
  products: ProductRegion[];
  targets: TargetRegion[];
}

/** Segmentation colour (24-bit) → the product or navigation target drawn in it. */
export function segmentationIndex(catalog: Catalog, layout: Layout): Map<number, EntityRef> {
  const index = new Map<number, EntityRef>();
  for (const p of catalog.products)
    index.set(Number.parseInt(p.segColor.slice(1), 16), { kind: "product", id: p.id });
  for (const t of layout.navTargets)
    index.set(Number.parseInt(t.segColor.slice(1), 16), { kind: "target", id: t.id });
  return index;
}

/**
 * How far annotations reach, and how big a region must be to count: products are marked within
 * 4 m (further away a package is a few pixels and unreadable), fixtures, stores and areas within
 * 30 m (anything across the store). Facings of one product closer than 2 px on screen merge into
 * one region; smaller specks are dropped. Pixel counts are for a 640×480 view and scale with the
 * image area, so other resolutions see the same things.
 */
export const SOM_LIMITS = {
  productRangeM: 4,
  targetRangeM: 30,
  minProductPixels: 30,
  minComponentPixels: 12,
  minTargetPixels: 120,
  mergeRadiusPx: 2,
} as const;

interface Stats {
  ref: EntityRef;
  id: number;
  pixels: number;
  minDepth: number;
  box: Box;
}

/**
 * Per entity in view within its range (`productRange` for products, `targetRange` for the rest, in
 * mm): its pixels, nearest depth and box, in the raster order of its first pixel. Walks each row
 * run by run (runs of one colour are long), so the colour is looked up and the box grown once a run.
 */
function entityStats(
  frame: { width: number; height: number; seg: Uint32Array; depthMm: Uint32Array },
  index: ReadonlyMap<number, EntityRef>,
  productRange: number,
  targetRange: number,
): Map<number, Stats> {
  const { width: w, height: h, seg, depthMm } = frame;
  const stats = new Map<number, Stats>();
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; ) {
      const id = seg[row + x]!;
      let end = x + 1;
      while (end < w && seg[row + end] === id) end++;
      const ref = id === 0 ? undefined : index.get(id);
      if (ref) {
        const range = ref.kind === "product" ? productRange : targetRange;
        let pixels = 0;
        let minDepth = Infinity;
        let first = -1;
        let last = -1;
        for (let i = row + x; i < row + end; i++) {
          const d = depthMm[i]!;
          if (d === 0 || d > range) continue;
          pixels++;
          if (d < minDepth) minDepth = d;
          if (first < 0) first = i - row;
          last = i - row;
        }
        if (pixels) {
          let s = stats.get(id);
          if (!s) {
            s = { ref, id, pixels: 0, minDepth, box: { x0: first, y0: y, x1: last, y1: y } };
            stats.set(id, s);
          }
          s.pixels += pixels;
          if (minDepth < s.minDepth) s.minDepth = minDepth;
          if (first < s.box.x0) s.box.x0 = first;
          if (last > s.box.x1) s.box.x1 = last;
          s.box.y1 = y;
        }
      }
      x = end;
    }
  }
  return stats;
}

/**
 * Dilates a binary mask by `r` pixels (square neighbourhood), separably: along each row from the
 * last set pixel seen, then down each column keeping a count of the set pixels within `r` rows.
 */
function dilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const tmp = new Uint8Array(w * h);
  for (let row = 0; row < w * h; row += w) {
    let last = -2 * r - 1;
    for (let x = 0; x < w + r; x++) {
      if (x < w && mask[row + x]) last = x;
      if (x >= r && x - last <= 2 * r) tmp[row + x - r] = 1;
    }
  }
  const out = new Uint8Array(w * h);
  const count = new Uint16Array(w);
  for (let y = -r; y < h; y++) {
    const enter = (y + r) * w;
    const leave = (y - r - 1) * w;
    if (y + r < h) for (let x = 0; x < w; x++) count[x]! += tmp[enter + x]!;
    if (y - r - 1 >= 0) for (let x = 0; x < w; x++) count[x]! -= tmp[leave + x]!;
    if (y >= 0) for (let x = 0, o = y * w; x < w; x++, o++) if (count[x]) out[o] = 1;
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

/** Joins two provisional labels' sets under the smaller root; returns it. */
function union(parent: Int32Array, a: number, b: number): number {
  const ra = findRoot(parent, a);
  const rb = findRoot(parent, b);
  if (ra < rb) parent[rb] = ra;
  else parent[ra] = rb;
  return Math.min(ra, rb);
}

/**
 * Labels 8-connected components of a mask; returns the label image and the count. Components are
 * numbered in the raster order of their first pixel. Two passes with union-find over provisional
 * labels: a flood fill from every pixel was a fifth of finding the regions.
 */
function components(mask: Uint8Array, w: number, h: number): { labels: Int32Array; count: number } {
  const labels = new Int32Array(w * h);
  const parent = new Int32Array(w * h + 1);
  let next = 0;
  const join = (l: number, n: number) => (n === 0 ? l : l === 0 ? n : union(parent, l, n));
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      if (!mask[i]) continue;
      let l = x > 0 ? labels[i - 1]! : 0;
      if (y > 0) {
        const up = i - w;
        if (x > 0) l = join(l, labels[up - 1]!);
        l = join(l, labels[up]!);
        if (x < w - 1) l = join(l, labels[up + 1]!);
      }
      if (!l) {
        l = ++next;
        parent[l] = l;
      }
      labels[i] = l;
    }
  }
  // Roots are the smallest provisional label of their set, which was made at the set's first pixel.
  const final = new Int32Array(next + 1);
  let count = 0;
  for (let l = 1; l <= next; l++) {
    const root = findRoot(parent, l);
    final[l] = root === l ? ++count : final[root]!;
  }
  for (let i = 0; i < labels.length; i++) if (labels[i]) labels[i] = final[labels[i]!]!;
  return { labels, count };
}

/** Per component of a label image: its box and how many pixels of `mask` it covers, in one pass. */
function componentStats(labels: Int32Array, mask: Uint8Array, w: number, count: number) {
  const stats = Array.from({ length: count + 1 }, () => ({ pixels: 0, x0: w, y0: Infinity, x1: -1, y1: -1 }));
  for (let i = 0, x = 0, y = 0; i < labels.length; i++, x++) {
    if (x === w) {
      x = 0;
      y++;
    }
    const c = labels[i]!;
    if (!c) continue;
    const s = stats[c]!;
    if (mask[i]) s.pixels++;
    if (x < s.x0) s.x0 = x;
    if (x > s.x1) s.x1 = x;
    if (y < s.y0) s.y0 = y;
    if (y > s.y1) s.y1 = y;
  }
  return stats;
}

/**
 * The outline of component `c` as rings in the crop's coordinates, traced on the component's own
 * box (a grid the size of the whole crop per component made many-component products slow).
 */
function outline(
  labels: Int32Array,
  cw: number,
  c: number,
  box: { x0: number; y0: number; x1: number; y1: number },
): [number, number][][] {
  const bw = box.x1 - box.x0 + 1;
  const bh = box.y1 - box.y0 + 1;
  const values = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) values[y * bw + x] = labels[(y + box.y0) * cw + x + box.x0] === c ? 1 : 0;
  return maskRings(values, bw, bh).flatMap((polygon) =>
    polygon.map((ring) => ring.map(([x, y]) => [x! + box.x0, y! + box.y0] as [number, number])),
  );
}

/**
 * Finds what the view shows, from the segmentation and depth images: per product its regions
 * (adjacent facings share one, separated blocks get their own) with outlines, and per fixture,
 * store or area the box around its whole region, each within its annotation distance.
 */
export function extractRegions(
  frame: { width: number; height: number; seg: Uint32Array; depthMm: Uint32Array },
  index: ReadonlyMap<number, EntityRef>,
): Regions {
  const { width: w, height: h, seg, depthMm } = frame;
  const area = (w * h) / (640 * 480);
  const minProduct = SOM_LIMITS.minProductPixels * area;
  const minComponent = SOM_LIMITS.minComponentPixels * area;
  const minTarget = SOM_LIMITS.minTargetPixels * area;
  const productRange = SOM_LIMITS.productRangeM * 1000;
  const targetRange = SOM_LIMITS.targetRangeM * 1000;
  const stats = entityStats(frame, index, productRange, targetRange);

  const products: ProductRegion[] = [];
  const targets: TargetRegion[] = [];
  for (const s of stats.values()) {
    if (s.ref.kind === "target") {
      if (s.pixels >= minTarget) {
        targets.push({
          targetId: s.ref.id,
          pixels: s.pixels,
          minDepthM: s.minDepth / 1000,
          box: { ...s.box },
        });
      }
      continue;
    }
    if (s.pixels < minProduct) continue;
    const pad = SOM_LIMITS.mergeRadiusPx + 1;
    const ox = s.box.x0 - pad;
    const oy = s.box.y0 - pad;
    const cw = s.box.x1 - s.box.x0 + 1 + 2 * pad;
    const ch = s.box.y1 - s.box.y0 + 1 + 2 * pad;
    const mask = new Uint8Array(cw * ch);
    for (let y = Math.max(0, s.box.y0); y <= s.box.y1; y++) {
      for (let x = s.box.x0; x <= s.box.x1; x++) {
        const i = y * w + x;
        const d = depthMm[i]!;
        if (seg[i] === s.id && d !== 0 && d <= productRange) mask[(y - oy) * cw + (x - ox)] = 1;
      }
    }
    const grown = dilate(mask, cw, ch, SOM_LIMITS.mergeRadiusPx);
    const { labels, count } = components(grown, cw, ch);
    const parts: ProductComponent[] = [];
    const boxes = componentStats(labels, mask, cw, count);
    for (let c = 1; c <= count; c++) {
      const { pixels, ...box } = boxes[c]!;
      if (pixels < minComponent) continue;
      const rings = outline(labels, cw, c, box).map((ring) =>
        ring.map(
          ([x, y]) =>
            [Math.min(w, Math.max(0, x + ox)), Math.min(h, Math.max(0, y + oy))] as [number, number],
        ),
      );
      parts.push({
        box: {
          x0: Math.max(0, box.x0 + ox),
          y0: Math.max(0, box.y0 + oy),
          x1: Math.min(w - 1, box.x1 + ox),
          y1: Math.min(h - 1, box.y1 + oy),
        },
        pixels,
        rings,
      });
    }
    if (!parts.length) continue;
    parts.sort((a, b) => b.pixels - a.pixels);
    products.push({
      productId: s.ref.id,
      pixels: s.pixels,
      minDepthM: s.minDepth / 1000,
      box: { ...s.box },
      components: parts,
    });
  }
  return { products, targets };
}
