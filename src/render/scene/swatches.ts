import type { Material } from "../../core/vocabulary.js";
import { hashUnit } from "./hash-unit.js";
import type { Box, LabelAtlas } from "./label-atlas.js";
import type { UvRect } from "./shape-kit.js";

/** A surface's look: the grain, weave or polish a material shows a shopper. */
export type Finish = "wood" | "fabric" | "woven" | "leather" | "metal" | "stone";

const FINISH_OF: Partial<Record<Material, Finish>> = {
  oak: "wood",
  pine: "wood",
  birch: "wood",
  beech: "wood",
  walnut: "wood",
  acacia: "wood",
  ash: "wood",
  bamboo: "wood",
  "solid-wood": "wood",
  "wood-veneer": "wood",
  plywood: "wood",
  rattan: "woven",
  jute: "woven",
  seagrass: "woven",
  steel: "metal",
  aluminium: "metal",
  iron: "metal",
  brass: "metal",
  fabric: "fabric",
  velvet: "fabric",
  linen: "fabric",
  wool: "fabric",
  cotton: "fabric",
  polyester: "fabric",
  paper: "fabric",
  leather: "leather",
  "faux-leather": "leather",
  ceramic: "stone",
  porcelain: "stone",
  terracotta: "stone",
  concrete: "stone",
  marble: "stone",
  stone: "stone",
};

const SOFT = new Set<Finish>(["fabric", "leather", "woven"]);

/** Pieces whose body is their upholstery (or a lamp's shade): the body takes the soft material. */
const SOFT_BODIES = new Set([
  "sofa",
  "armchair",
  "ottoman",
  "office-chair",
  "gaming-chair",
  "floor-lamp",
  "table-lamp",
]);

/** Pieces whose body is not the material they are made of: a plant's leaves, a mirror's glass, a clock's face. */
const BARE_BODIES = new Set(["plant", "mirror", "clock"]);

/**
 * Which finish a piece's body and its frame (legs, bases, fronts' trims: the accent parts) show,
 * from its catalog materials in the order listed (the main one first). Laminates, plastics and glass
 * have none: they are smooth, and their vertex colour is all they show.
 */
export function finishesOf(form: string, materials: readonly Material[]): { body?: Finish; frame?: Finish } {
  const finishes = materials.flatMap((m) => FINISH_OF[m] ?? []);
  const soft = finishes.find((f) => SOFT.has(f));
  const hard = finishes.find((f) => !SOFT.has(f));
  const body = BARE_BODIES.has(form) ? undefined : SOFT_BODIES.has(form) ? (soft ?? hard) : finishes[0];
  const frame = hard ?? (body && !SOFT.has(body) ? body : undefined);
  return { ...(body ? { body } : {}), ...(frame ? { frame } : {}) };
}

/** Smooth value noise in [0, 1) with a period of `cell` pixels, layer `k`. */
function valueNoise(x: number, y: number, cell: number, k: number): number {
  const [gx, gy] = [x / cell, y / cell];
  const [x0, y0] = [Math.floor(gx), Math.floor(gy)];
  const [fx, fy] = [gx - x0, gy - y0];
  const [sx, sy] = [fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)];
  const top = hashUnit(x0, y0, k) * (1 - sx) + hashUnit(x0 + 1, y0, k) * sx;
  const bottom = hashUnit(x0, y0 + 1, k) * (1 - sx) + hashUnit(x0 + 1, y0 + 1, k) * sx;
  return top * (1 - sy) + bottom * sy;
}

/**
 * Brightness in [0, 1] of each finish at a pixel of its cell (w × h). The swatches are near-white
 * greys: a face's vertex colour (the piece's catalog colour with its baked light) is multiplied by
 * them, so one swatch serves every colour of a material.
 */
const PAINTERS: Record<Finish, (x: number, y: number, w: number, h: number) => number> = {
  // Long grain along the face's width, rings bent by slow noise, with fine fibres.
  wood: (x, y, _w, h) => {
    const bend = 10 * valueNoise(x, y, 48, 1) + 3 * valueNoise(x, y, 12, 2);
    const ring = 0.5 + 0.5 * Math.sin(((y + bend) / h) * Math.PI * 18);
    return 0.8 + 0.12 * ring ** 3 + 0.06 * valueNoise(x, y * 6, 24, 3);
  },
  // Threads crossing at two pixels with slubs: reads as cloth, not as a pattern.
  fabric: (x, y) => {
    const thread = ((x >> 1) + (y >> 1)) & 1 ? 0.04 : -0.04;
    return 0.9 + thread + 0.05 * valueNoise(x, y, 6, 4) - 0.03 * valueNoise(x, y, 32, 5);
  },
  // A basket weave: blocks of strands, alternately across and along.
  woven: (x, y) => {
    const block = 8;
    const across = ((Math.floor(x / block) + Math.floor(y / block)) & 1) === 0;
    const strand = across ? y % block : x % block;
    const edge = strand === 0 || strand === block - 1 ? -0.16 : 0;
    return 0.86 + edge + 0.06 * Math.sin((strand / block) * Math.PI) + 0.04 * valueNoise(x, y, 4, 6);
  },
  leather: (x, y) => 0.86 + 0.1 * valueNoise(x, y, 3, 7) + 0.04 * valueNoise(x, y, 20, 8),
  // Brushed: streaks along the width, and a broad sheen across it.
  metal: (x, y, _w, h) => {
    const streak = valueNoise(x, y * 40, 160, 9);
    const sheen = Math.exp(-(((y / h - 0.3) / 0.18) ** 2));
    return 0.78 + 0.08 * streak + 0.14 * sheen;
  },
  // Speckled: a slow cloud with dark and light flecks.
  stone: (x, y) => {
    const fleck = hashUnit(x, y, 10);
    const spot = fleck < 0.04 ? -0.12 : fleck > 0.97 ? 0.06 : 0;
    return 0.86 + 0.1 * valueNoise(x, y, 24, 11) + spot;
  },
};

/** A finish's swatch as RGBA pixels, rows top-down: the same bytes on every machine. */
export function swatchPixels(finish: Finish, w: number, h: number): Uint8ClampedArray<ArrayBuffer> {
  const data = new Uint8ClampedArray(w * h * 4);
  const paint = PAINTERS[finish];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = Math.round(255 * Math.min(1, Math.max(0, paint(x, y, w, h))));
      const i = (y * w + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = v;
      data[i + 3] = 255;
    }
  return data;
}

function paintSwatch(finish: Finish, ctx: CanvasRenderingContext2D, box: Box): void {
  ctx.putImageData(new ImageData(swatchPixels(finish, box.w, box.h), box.w, box.h), box.x, box.y);
}

/** How many cells a label atlas may need for swatches (one per finish). */
export const SWATCH_CELLS = Object.keys(PAINTERS).length;

const painted = new WeakMap<LabelAtlas, Map<Finish, UvRect>>();

/**
 * Where a finish's swatch lies in an atlas, painting it on first use: a part samples the atlas it is
 * drawn with, so each atlas holds its own copy. Texture is procedural (hashed noise, no randomness),
 * so a store's atlases are the same bytes every time they are built.
 */
export function swatch(atlas: LabelAtlas, finish: Finish): UvRect {
  const cells = painted.get(atlas) ?? new Map<Finish, UvRect>();
  painted.set(atlas, cells);
  let rect = cells.get(finish);
  if (!rect) {
    rect = atlas.addPainted((ctx, box) => paintSwatch(finish, ctx, box));
    cells.set(finish, rect);
  }
  return rect;
}
