import { describe, expect, it } from "vitest";
import { componentGrid, dilateRuns, type Runs, runComponents } from "./mask-runs.js";

/** A seeded pseudo-random mask of blobs and specks on a w×h grid. */
function randomMask(seed: number, w: number, h: number): Uint8Array {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
  const mask = new Uint8Array(w * h);
  for (let k = 0; k < 12; k++) {
    const cx = Math.floor(next() * w);
    const cy = Math.floor(next() * h);
    const rx = 1 + Math.floor(next() * 6);
    const ry = 1 + Math.floor(next() * 4);
    for (let y = Math.max(0, cy - ry); y < Math.min(h, cy + ry); y++)
      for (let x = Math.max(0, cx - rx); x < Math.min(w, cx + rx); x++)
        if (next() < 0.85) mask[y * w + x] = 1;
  }
  return mask;
}

function toRuns(mask: Uint8Array, w: number, h: number): Runs {
  const runs: Runs = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      const x0 = x;
      while (x + 1 < w && mask[y * w + x + 1]) x++;
      runs.push(y, x0, x);
    }
  return runs;
}

/** The same on a grid padded by r: square dilation, then 8-connected flood fill in raster order. */
function reference(mask: Uint8Array, w: number, h: number, r: number) {
  const W = w + 2 * r;
  const H = h + 2 * r;
  const grown = new Uint8Array(W * H);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (mask[y * w + x])
        for (let dy = 0; dy <= 2 * r; dy++)
          for (let dx = 0; dx <= 2 * r; dx++) grown[(y + dy) * W + x + dx] = 1;
  const label = new Int32Array(W * H);
  const parts: { x0: number; y0: number; x1: number; y1: number; pixels: number }[] = [];
  for (let i = 0; i < W * H; i++) {
    if (!grown[i] || label[i]) continue;
    const part = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity, pixels: 0 };
    parts.push(part);
    const stack = [i];
    label[i] = parts.length;
    while (stack.length) {
      const j = stack.pop()!;
      const x = (j % W) - r;
      const y = Math.floor(j / W) - r;
      part.x0 = Math.min(part.x0, x);
      part.x1 = Math.max(part.x1, x);
      part.y0 = Math.min(part.y0, y);
      part.y1 = Math.max(part.y1, y);
      if (x >= 0 && y >= 0 && x < w && y < h && mask[y * w + x]) part.pixels++;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const X = x + r + dx;
          const Y = y + r + dy;
          const k = Y * W + X;
          if (X >= 0 && Y >= 0 && X < W && Y < H && grown[k] && !label[k]) {
            label[k] = parts.length;
            stack.push(k);
          }
        }
    }
  }
  return { parts, grown, label, W };
}

describe("mask runs", () => {
  it("dilate and split into components as a pixel grid does, in the order of their first pixel", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const [w, h, r] = [48, 32, 1 + (seed % 3)];
      const mask = randomMask(seed, w, h);
      const ref = reference(mask, w, h, r);
      const parts = runComponents(dilateRuns(toRuns(mask, w, h), r), toRuns(mask, w, h));
      expect(parts.map(({ runs: _, ...box }) => box)).toEqual(ref.parts);
      parts.forEach((part, c) => {
        const { values, width, height } = componentGrid(part);
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++) {
            const k = (y + part.y0 + r) * ref.W + x + part.x0 + r;
            expect(values[y * width + x]).toBe(ref.label[k] === c + 1 ? 1 : 0);
          }
      });
    }
  });

  it("joins runs that touch only at a corner, and keeps runs a pixel apart separate when not dilated", () => {
    const diagonal: Runs = [0, 0, 1, 1, 2, 3];
    expect(runComponents(dilateRuns(diagonal, 0), diagonal)).toHaveLength(1);
    const apart: Runs = [0, 0, 1, 0, 3, 4, 2, 0, 0];
    const parts = runComponents(dilateRuns(apart, 0), apart);
    expect(parts.map((p) => [p.x0, p.y0, p.x1, p.y1, p.pixels])).toEqual([
      [0, 0, 1, 0, 2],
      [3, 0, 4, 0, 2],
      [0, 2, 0, 2, 1],
    ]);
  });

  it("gives nothing for an empty mask", () => {
    expect(runComponents(dilateRuns([], 2), [])).toEqual([]);
  });
});
