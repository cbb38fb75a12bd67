import { blend, type Rgb } from "./rgb-image.js";

/**
 * Strokes drawn straight into an RGB image: product outlines (2 px along the region rings, round
 * joins) and dashed target boxes, antialiased. Hand-written: an SVG of the same through librsvg
 * was most of the overlay's cost, for what is a few thousand short segments per view.
 */

/** Half the stroke width, pixels. */
const HALF = 1;
/** Target boxes' dash pattern, pixels: `DASH` on, `PERIOD - DASH` off, from the top-left corner. */
const DASH = 6;
const PERIOD = 10;

/** A shape's coverage taken off the raster: pixel indices and their coverage, to paint again. */
export interface CoveredPixels {
  index: Int32Array;
  alpha: Uint8Array;
}

/**
 * How much of each pixel one shape covers (0–255), for shapes made of overlapping pieces: pieces
 * combine by maximum, and `paint` blends the shape in one colour, so overlaps are not painted twice.
 */
export class Coverage {
  private readonly cov: Uint8Array;
  /** Pixel rectangles [x0, y0, x1, y1) that may hold coverage. */
  private readonly dirty: number[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.cov = new Uint8Array(width * height);
  }

  /** Marks a pixel rectangle as touched, clipped to the image; returns it, or undefined if empty. */
  private touch(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
  ): [number, number, number, number] | undefined {
    const r: [number, number, number, number] = [
      Math.max(0, x0),
      Math.max(0, y0),
      Math.min(this.width, x1),
      Math.min(this.height, y1),
    ];
    if (r[0] >= r[2] || r[1] >= r[3]) return undefined;
    this.dirty.push(...r);
    return r;
  }

  private put(i: number, c: number): void {
    if (c <= 0) return;
    const v = c >= 1 ? 255 : Math.round(c * 255);
    if (v > this.cov[i]!) this.cov[i] = v;
  }

  /** A round-capped line of half-width `half` from a to b: coverage falls off over the last pixel. */
  segment(ax: number, ay: number, bx: number, by: number, half = HALF): void {
    const reach = half + 0.5;
    const r = this.touch(
      Math.floor(Math.min(ax, bx) - reach),
      Math.floor(Math.min(ay, by) - reach),
      Math.ceil(Math.max(ax, bx) + reach),
      Math.ceil(Math.max(ay, by) + reach),
    );
    if (!r) return;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    for (let y = r[1]; y < r[3]; y++) {
      const py = y + 0.5 - ay;
      for (let x = r[0]; x < r[2]; x++) {
        const px = x + 0.5 - ax;
        const t = len2 > 0 ? Math.min(1, Math.max(0, (px * dx + py * dy) / len2)) : 0;
        const ex = px - t * dx;
        const ey = py - t * dy;
        this.put(y * this.width + x, reach - Math.sqrt(ex * ex + ey * ey));
      }
    }
  }

  /** Closed polylines (a region's rings), stroked. */
  rings(rings: readonly (readonly (readonly [number, number])[])[]): void {
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i]!;
        const b = ring[(i + 1) % ring.length]!;
        this.segment(a[0], a[1], b[0], b[1]);
      }
    }
  }

  /** An axis-aligned rectangle in continuous coordinates; edge pixels get their covered share. */
  rect(x0: number, y0: number, x1: number, y1: number): void {
    const r = this.touch(Math.floor(x0), Math.floor(y0), Math.ceil(x1), Math.ceil(y1));
    if (!r) return;
    for (let y = r[1]; y < r[3]; y++) {
      const cy = Math.min(y + 1, y1) - Math.max(y, y0);
      for (let x = r[0]; x < r[2]; x++)
        this.put(y * this.width + x, cy * (Math.min(x + 1, x1) - Math.max(x, x0)));
    }
  }

  /**
   * The outline of a pixel box, 2 px wide and dashed, as SVG strokes a rectangle through the pixel
   * centres of its edge rows and columns: dashes run clockwise from the top-left corner with butt
   * ends, and a corner is filled where a dash runs round it (a miter join).
   */
  dashedBox(box: { x0: number; y0: number; x1: number; y1: number }): void {
    const corners: [number, number][] = [
      [box.x0 + 0.5, box.y0 + 0.5],
      [box.x1 + 0.5, box.y0 + 0.5],
      [box.x1 + 0.5, box.y1 + 0.5],
      [box.x0 + 0.5, box.y1 + 0.5],
    ];
    const perimeter = 2 * (box.x1 - box.x0 + box.y1 - box.y0);
    const on = (s: number) => ((s % PERIOD) + PERIOD) % PERIOD < DASH;
    let s = 0;
    for (let k = 0; k < 4; k++) {
      const [ax, ay] = corners[k]!;
      const [bx, by] = corners[(k + 1) % 4]!;
      const length = Math.abs(bx - ax) + Math.abs(by - ay);
      const ux = Math.sign(bx - ax);
      const uy = Math.sign(by - ay);
      for (let start = s - (s % PERIOD); start < s + length; start += PERIOD) {
        const from = Math.max(start, s) - s;
        const to = Math.min(start + DASH, s + length) - s;
        if (to <= from) continue;
        const fx = ax + ux * from;
        const fy = ay + uy * from;
        const tx = ax + ux * to;
        const ty = ay + uy * to;
        this.rect(
          Math.min(fx, tx) - (uy ? HALF : 0),
          Math.min(fy, ty) - (ux ? HALF : 0),
          Math.max(fx, tx) + (uy ? HALF : 0),
          Math.max(fy, ty) + (ux ? HALF : 0),
        );
      }
      if (on(s - 0.01 + (k === 0 ? perimeter : 0)) && on(s + 0.01))
        this.rect(ax - HALF, ay - HALF, ax + HALF, ay + HALF);
      s += length;
    }
  }

  /**
   * What was drawn since the last paint, taken off the raster (which is left clear), for painting
   * with `paintCovered`, maybe more than once: both roles outline the same regions, in their colours.
   */
  take(): CoveredPixels {
    const index: number[] = [];
    const alpha: number[] = [];
    const d = this.dirty;
    for (let k = 0; k < d.length; k += 4) {
      for (let y = d[k + 1]!; y < d[k + 3]!; y++) {
        for (let i = y * this.width + d[k]!, end = y * this.width + d[k + 2]!; i < end; i++) {
          const a = this.cov[i]!;
          if (a === 0) continue;
          this.cov[i] = 0;
          index.push(i);
          alpha.push(a);
        }
      }
    }
    d.length = 0;
    return { index: Int32Array.from(index), alpha: Uint8Array.from(alpha) };
  }

  /** Blends what was drawn since the last paint over the image in one colour, and clears it. */
  paint(rgb: Buffer, colour: Rgb): void {
    const d = this.dirty;
    for (let k = 0; k < d.length; k += 4) {
      for (let y = d[k + 1]!; y < d[k + 3]!; y++) {
        for (let x = d[k]!; x < d[k + 2]!; x++) {
          const i = y * this.width + x;
          const a = this.cov[i]!;
          if (a === 0) continue;
          this.cov[i] = 0;
          blend(rgb, i * 3, colour, a);
        }
      }
    }
    d.length = 0;
  }
}

/** Blends a taken shape (`Coverage.take`) over an RGB image in one colour. */
export function paintCovered(rgb: Buffer, covered: CoveredPixels, colour: Rgb): void {
  const { index, alpha } = covered;
  for (let k = 0; k < index.length; k++) blend(rgb, index[k]! * 3, colour, alpha[k]!);
}
