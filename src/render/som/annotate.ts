import sharp from "sharp";
import { BADGE, badgeBaseline, badgeBox, drawBadge } from "./badge.js";
import { type BadgeRequest, layoutBadges, type PlacedBadge } from "./badge-layout.js";
import { glyphMasks } from "./glyph-atlas.js";
import { Coverage, type CoveredPixels, paintCovered } from "./outline-raster.js";
import type { Box } from "./regions.js";
import { BLACK, parseHex } from "./rgb-image.js";
import type { RoleView } from "./role-view.js";

/** Outline colours for product regions, cycled by handle (high contrast on shelves). */
const PALETTE = [
  "#ff3b30",
  "#ffcc00",
  "#34c759",
  "#00c7ff",
  "#ff2d92",
  "#ff9500",
  "#af52de",
  "#5ac8fa",
  "#a2ff00",
  "#ffffff",
];
const TARGET_BOX = "#ffffff";
const TARGET_BADGE = { fill: "#1c1c1e", ink: "#ffffff" };
const PRODUCT_INK = "#000000";

function png(rgb: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}

/** A badge's colours, by handle. */
interface Ink {
  fill: string;
  ink: string;
  /** Its leader line's colour. */
  line: string;
}

function bounds(rings: readonly (readonly [number, number])[][], anchor: [number, number]): Box {
  const b = { x0: anchor[0], y0: anchor[1], x1: anchor[0], y1: anchor[1] };
  for (const ring of rings)
    for (const [x, y] of ring) {
      b.x0 = Math.min(b.x0, x);
      b.y0 = Math.min(b.y0, y);
      b.x1 = Math.max(b.x1, x);
      b.y1 = Math.max(b.y1, y);
    }
  return b;
}

/** The ring vertex nearest a point: where a product's leader line meets its outline. */
function nearestVertex(
  rings: readonly (readonly [number, number])[][],
  x: number,
  y: number,
): [number, number] {
  let best: [number, number] = [x, y];
  let d = Number.POSITIVE_INFINITY;
  for (const ring of rings)
    for (const p of ring) {
      const e = (p[0] - x) ** 2 + (p[1] - y) ** 2;
      if (e < d) [d, best] = [e, [p[0], p[1]]];
    }
  return best;
}

/** The point of a box's edge nearest a point: where a target's leader line meets its dashed box. */
function nearestEdge(b: Box, x: number, y: number): [number, number] {
  const cx = Math.min(Math.max(x, b.x0), b.x1);
  const cy = Math.min(Math.max(y, b.y0), b.y1);
  if (cx !== x || cy !== y) return [cx, cy];
  const gaps = [x - b.x0, b.x1 - x, y - b.y0, b.y1 - y];
  const k = gaps.indexOf(Math.min(...gaps));
  return k === 0 ? [b.x0, y] : k === 1 ? [b.x1, y] : k === 2 ? [x, b.y0] : [x, b.y1];
}

/**
 * Product regions' stroked outlines by their rings, for the overlays of one frame: both roles' views
 * share the rings (`roleView` passes them on), so the second overlay paints what the first stroked.
 */
export type OutlineCache = Map<object, CoveredPixels>;

function outline(cov: Coverage, rings: readonly (readonly [number, number])[][], cache: OutlineCache) {
  let covered = cache.get(rings);
  if (!covered) {
    cov.rings(rings);
    covered = cov.take();
    cache.set(rings, covered);
  }
  return covered;
}

/**
 * Draws the view's outlines (dashed white boxes round fixtures, stores and areas, product outlines in
 * the handle's palette colour) and returns its badges to place: a target's dark badge inside its box's
 * top-left corner, a product's above its largest region's top-left.
 */
function drawOutlines(
  rgb: Buffer,
  cov: Coverage,
  view: RoleView,
  outlines: OutlineCache,
): { requests: BadgeRequest[]; inks: Map<string, Ink> } {
  const requests: BadgeRequest[] = [];
  const inks = new Map<string, Ink>();
  for (const t of view.targets) {
    cov.dashedBox(t.box);
    cov.paint(rgb, parseHex(TARGET_BOX));
    const { width, height } = badgeBox(t.handle);
    inks.set(t.handle, { ...TARGET_BADGE, line: TARGET_BOX });
    requests.push({
      handle: t.handle,
      kind: "target",
      width,
      height,
      left: t.box.x0 + 2,
      top: t.box.y0 + 2,
      region: t.box,
      reach: (x, y) => nearestEdge(t.box, x, y),
    });
  }
  const products: BadgeRequest[] = [];
  const colourOf = new Map<string, string>();
  for (const m of view.marks) {
    const colour = colourOf.get(m.handle) ?? PALETTE[colourOf.size % PALETTE.length]!;
    colourOf.set(m.handle, colour);
    paintCovered(rgb, outline(cov, m.rings, outlines), parseHex(colour));
    // All regions of a product share one badge, placed at its largest region.
    if (!m.anchor) continue;
    inks.set(m.handle, { fill: colour, ink: PRODUCT_INK, line: colour });
    const { width, height } = badgeBox(m.handle);
    const rings = m.rings;
    products.push({
      handle: m.handle,
      kind: "product",
      width,
      height,
      left: m.anchor[0],
      top: m.anchor[1] - height,
      region: bounds(rings, m.anchor),
      reach: (x, y) => nearestVertex(rings, x, y),
    });
  }
  // Products first: their regions are small and their badges' places matter most.
  return { requests: [...products, ...requests], inks };
}

/** Leader lines: the handle's colour on a dark edge, with a dot where they meet the region. */
function drawLeaders(rgb: Buffer, cov: Coverage, placed: PlacedBadge[], inks: Map<string, Ink>): void {
  for (const b of placed) {
    if (!b.leader) continue;
    const [x0, y0, x1, y1] = b.leader;
    cov.segment(x0, y0, x1, y1, 1.5);
    cov.segment(x1, y1, x1, y1, 3);
    cov.paint(rgb, BLACK);
    cov.segment(x0, y0, x1, y1, 0.5);
    cov.segment(x1, y1, x1, y1, 2);
    cov.paint(rgb, parseHex(inks.get(b.handle)!.line));
  }
}

/** One coverage raster per image size, reused by every overlay (a fresh one a frame cost more in GC). */
const coverages = new Map<number, Coverage>();

/**
 * Draws one role's Set-of-Mark overlay on an RGB image: outlines, then leader lines, then badges,
 * placed so that none hides another (`layoutBadges`). Returns where the badges went. The overlays of
 * one frame's roles may share `outlines` (kept for the frame only: a view may stay cached for long).
 */
export async function drawOverlay(
  rgb: Buffer,
  width: number,
  height: number,
  view: RoleView,
  outlines: OutlineCache = new Map(),
): Promise<PlacedBadge[]> {
  // The raster is shared: it is used only in this synchronous part, and every stroke drawn on it is
  // painted, which clears it again.
  const key = width * 65536 + height;
  const cov = coverages.get(key) ?? new Coverage(width, height);
  coverages.set(key, cov);
  const { requests, inks } = drawOutlines(rgb, cov, view, outlines);
  const placed = layoutBadges(requests, width, height);
  drawLeaders(rgb, cov, placed, inks);
  const glyphs = await glyphMasks(
    placed.map((b) => b.handle).join(""),
    BADGE.fontSize,
    badgeBaseline(),
    BADGE.height,
  );
  for (const b of placed) {
    const ink = inks.get(b.handle)!;
    drawBadge(rgb, width, height, b, b.handle, parseHex(ink.fill), parseHex(ink.ink), glyphs);
  }
  return placed;
}

/**
 * The annotated first-person image of a role: the colour frame (RGB) with its overlay, as PNG. The
 * overlay is drawn on a copy: both roles annotate the same frame.
 */
export async function annotate(
  frame: Buffer,
  width: number,
  height: number,
  view: RoleView,
): Promise<Buffer> {
  const rgb = Buffer.from(frame);
  await drawOverlay(rgb, width, height, view);
  return png(rgb, width, height);
}

export function encodePng(rgb: Buffer, width: number, height: number): Promise<Buffer> {
  return png(rgb, width, height);
}
