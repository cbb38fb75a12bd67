import sharp from "sharp";
import { BADGE, badgeBaseline, badgeBox, drawBadge } from "./badge.js";
import { glyphMasks } from "./glyph-atlas.js";
import { Coverage } from "./outline-raster.js";
import { parseHex } from "./rgb-image.js";
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

interface Badge {
  x: number;
  y: number;
  text: string;
  fill: string;
  ink: string;
}

/** Where a badge's box goes: its bottom-left at (x, y), kept inside the image. */
function place(b: Badge, width: number, height: number): { left: number; top: number } {
  const box = badgeBox(b.text);
  return {
    left: Math.min(Math.max(0, b.x), width - box.width),
    top: Math.min(Math.max(0, b.y - box.height), height - box.height),
  };
}

function png(rgb: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}

/**
 * Draws one role's Set-of-Mark overlay on an RGB image: dashed white boxes round fixtures, stores
 * and areas, product outlines in the handle's palette colour, then the badges on top (a target's
 * dark badge inside its box's top-left corner, a product's at its largest region's top-left).
 */
export async function drawOverlay(rgb: Buffer, width: number, height: number, view: RoleView): Promise<void> {
  const cov = new Coverage(width, height);
  const badges: Badge[] = [];
  for (const t of view.targets) {
    cov.dashedBox(t.box);
    cov.paint(rgb, parseHex(TARGET_BOX));
    badges.push({ x: t.box.x0 + 2, y: t.box.y0 + 18, text: t.handle, ...TARGET_BADGE });
  }
  const colourOf = new Map<string, string>();
  for (const m of view.marks) {
    const colour = colourOf.get(m.handle) ?? PALETTE[colourOf.size % PALETTE.length]!;
    colourOf.set(m.handle, colour);
    cov.rings(m.rings);
    cov.paint(rgb, parseHex(colour));
    // All regions of a product share one badge, placed at its largest region.
    if (m.anchor)
      badges.push({ x: m.anchor[0], y: m.anchor[1], text: m.handle, fill: colour, ink: PRODUCT_INK });
  }
  const glyphs = await glyphMasks(
    badges.map((b) => b.text).join(""),
    BADGE.fontSize,
    badgeBaseline(),
    BADGE.height,
  );
  for (const b of badges)
    drawBadge(rgb, width, height, place(b, width, height), b.text, parseHex(b.fill), parseHex(b.ink), glyphs);
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
