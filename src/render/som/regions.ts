import type { Catalog } from "../../core/catalog.js";
import type { Layout } from "../../core/layout.js";
import { maskRings } from "./mask-rings.js";
import { componentGrid, dilateRuns, type RunComponent, type Runs, runComponents } from "./mask-runs.js";

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
  /** A product's in-range pixels as runs (`mask-runs.ts`); empty for targets. */
  runs: Runs;
}

/**
 * Per entity in view within its range (`productRange` for products, `targetRange` for the rest, in
 * mm): its pixels, nearest depth and box (and a product's pixels as runs), in the raster order of its
 * first pixel. Walks each row
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
  const rowRuns: Runs = [];
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
        // A product's pixels are kept as runs: a new one wherever a pixel out of range broke the last.
        const runs = ref.kind === "product" ? rowRuns : undefined;
        rowRuns.length = 0;
        for (let i = row + x; i < row + end; i++) {
          const d = depthMm[i]!;
          if (d === 0 || d > range) continue;
          pixels++;
          if (d < minDepth) minDepth = d;
          if (first < 0) first = i - row;
          if (runs && last >= 0 && last === i - row - 1) runs[runs.length - 1] = i - row;
          else runs?.push(y, i - row, i - row);
          last = i - row;
        }
        if (pixels) {
          let s = stats.get(id);
          if (!s) {
            s = { ref, id, pixels: 0, minDepth, box: { x0: first, y0: y, x1: last, y1: y }, runs: [] };
            stats.set(id, s);
          }
          for (const v of rowRuns) s.runs.push(v);
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

/** A component's outline rings in image pixels, clamped to the image. */
function outline(c: RunComponent, w: number, h: number): [number, number][][] {
  const grid = componentGrid(c);
  return maskRings(grid.values, grid.width, grid.height).flatMap((polygon) =>
    polygon.map((ring) =>
      ring.map(
        ([x, y]) =>
          [Math.min(w, Math.max(0, x! + c.x0)), Math.min(h, Math.max(0, y! + c.y0))] as [number, number],
      ),
    ),
  );
}

/**
 * Finds what the view shows, from the segmentation and depth images: per product its regions
 * (adjacent facings share one, separated blocks get their own) with outlines, and per fixture,
 * store or area the box around its whole region, each within its annotation distance. With
 * `outlines: false` (a frame nobody draws on) the components' `rings` are left empty.
 */
export function extractRegions(
  frame: { width: number; height: number; seg: Uint32Array; depthMm: Uint32Array },
  index: ReadonlyMap<number, EntityRef>,
  opts: { outlines?: boolean } = {},
): Regions {
  const { width: w, height: h } = frame;
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
    const parts: ProductComponent[] = [];
    for (const c of runComponents(dilateRuns(s.runs, SOM_LIMITS.mergeRadiusPx), s.runs)) {
      if (c.pixels < minComponent) continue;
      const rings = opts.outlines === false ? [] : outline(c, w, h);
      parts.push({
        box: {
          x0: Math.max(0, c.x0),
          y0: Math.max(0, c.y0),
          x1: Math.min(w - 1, c.x1),
          y1: Math.min(h - 1, c.y1),
        },
        pixels: c.pixels,
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
