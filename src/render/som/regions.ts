import { contours } from "d3-contour";

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

/** Dilates a binary mask by `r` pixels (square neighbourhood), separably. */
function dilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const tmp = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      for (let dx = Math.max(0, x - r); dx <= Math.min(w - 1, x + r); dx++) tmp[y * w + dx] = 1;
    }
  }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!tmp[y * w + x]) continue;
      for (let dy = Math.max(0, y - r); dy <= Math.min(h - 1, y + r); dy++) out[dy * w + x] = 1;
    }
  }
  return out;
}

/** Labels 8-connected components of a mask; returns the label image and the count. */
function components(mask: Uint8Array, w: number, h: number): { labels: Int32Array; count: number } {
  const labels = new Int32Array(w * h);
  const stack: number[] = [];
  let count = 0;
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || labels[start]) continue;
    count++;
    labels[start] = count;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const j = ny * w + nx;
          if (mask[j] && !labels[j]) {
            labels[j] = count;
            stack.push(j);
          }
        }
      }
    }
  }
  return { labels, count };
}

/**
 * Finds what the view shows, from the segmentation and depth images: per product its regions
 * (adjacent facings share one, separated blocks get their own) with outlines, and per fixture,
 * store or area the box around its whole region, each within its annotation distance.
 */
export function extractRegions(
  frame: { width: number; height: number; seg: Uint32Array; depthMm: Uint32Array },
  index: ReadonlyMap<number, EntityRef>,
): { products: ProductRegion[]; targets: TargetRegion[] } {
  const { width: w, height: h, seg, depthMm } = frame;
  const area = (w * h) / (640 * 480);
  const minProduct = SOM_LIMITS.minProductPixels * area;
  const minComponent = SOM_LIMITS.minComponentPixels * area;
  const minTarget = SOM_LIMITS.minTargetPixels * area;
  const productRange = SOM_LIMITS.productRangeM * 1000;
  const targetRange = SOM_LIMITS.targetRangeM * 1000;
  const stats = new Map<number, Stats>();
  for (let i = 0; i < seg.length; i++) {
    const id = seg[i]!;
    if (id === 0) continue;
    const ref = index.get(id);
    if (!ref) continue;
    const d = depthMm[i]!;
    if (d === 0 || d > (ref.kind === "product" ? productRange : targetRange)) continue;
    const x = i % w;
    const y = (i - x) / w;
    let s = stats.get(id);
    if (!s) {
      s = { ref, id, pixels: 0, minDepth: d, box: { x0: x, y0: y, x1: x, y1: y } };
      stats.set(id, s);
    }
    s.pixels++;
    if (d < s.minDepth) s.minDepth = d;
    if (x < s.box.x0) s.box.x0 = x;
    if (x > s.box.x1) s.box.x1 = x;
    if (y < s.box.y0) s.box.y0 = y;
    if (y > s.box.y1) s.box.y1 = y;
  }

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
    for (let c = 1; c <= count; c++) {
      let pixels = 0;
      const box = { x0: cw, y0: ch, x1: -1, y1: -1 };
      const values = new Float64Array(cw * ch);
      for (let i = 0; i < cw * ch; i++) {
        if (labels[i] !== c) continue;
        values[i] = 1;
        if (mask[i]) pixels++;
        const x = i % cw;
        const y = (i - x) / cw;
        box.x0 = Math.min(box.x0, x);
        box.x1 = Math.max(box.x1, x);
        box.y0 = Math.min(box.y0, y);
        box.y1 = Math.max(box.y1, y);
      }
      if (pixels < minComponent) continue;
      const [shape] = contours().size([cw, ch]).thresholds([0.5])(Array.from(values));
      const rings = (shape?.coordinates ?? []).flatMap((polygon) =>
        polygon.map((ring) =>
          ring.map(
            ([x, y]) =>
              [Math.min(w, Math.max(0, x! + ox)), Math.min(h, Math.max(0, y! + oy))] as [number, number],
          ),
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
