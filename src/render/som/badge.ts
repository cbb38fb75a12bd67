import { capHeight, labelWidth } from "../../core/label-font.js";
import type { GlyphMask } from "./glyph-atlas.js";
import { BLACK, blend, type Rgb } from "./rgb-image.js";

/** A handle badge: a rounded box in the handle's colour, outlined in black, with the handle in it. */
export const BADGE = {
  height: 16,
  fontSize: 14,
  padding: 4,
  radius: 3,
} as const;

/** The text's baseline below the box's top, whole pixels: capitals and digits centred. */
export function badgeBaseline(): number {
  return Math.round((BADGE.height + capHeight(BADGE.fontSize)) / 2);
}

/** The size of a badge's box for a text (for placing it). */
export function badgeBox(text: string): { width: number; height: number } {
  return {
    width: Math.max(BADGE.height, Math.ceil(labelWidth(text, BADGE.fontSize)) + 2 * BADGE.padding),
    height: BADGE.height,
  };
}

const coverage = (c: number) => (c <= 0 ? 0 : c >= 1 ? 255 : Math.round(c * 255));

/**
 * Draws a badge with its box's top-left at (left, top), clipped to the image: the box filled, a
 * 1-px black outline centred on its edge (as SVG strokes it), then the text from the glyph masks,
 * centred. Hand-written: the box is one distance function and the text a blend of cached masks,
 * where rasterizing an SVG per badge was the cost.
 */
export function drawBadge(
  rgb: Buffer,
  width: number,
  height: number,
  at: { left: number; top: number },
  text: string,
  fill: Rgb,
  ink: Rgb,
  glyphs: ReadonlyMap<string, GlyphMask>,
): void {
  const box = badgeBox(text);
  const hw = box.width / 2;
  const hh = box.height / 2;
  const r = BADGE.radius;
  // The outline reaches half a pixel outside the box.
  for (let y = Math.max(0, at.top - 1); y < Math.min(height, at.top + box.height + 1); y++) {
    const qy = Math.abs(y + 0.5 - at.top - hh) - (hh - r);
    for (let x = Math.max(0, at.left - 1); x < Math.min(width, at.left + box.width + 1); x++) {
      const qx = Math.abs(x + 0.5 - at.left - hw) - (hw - r);
      // Signed distance from the pixel centre to the rounded box, negative inside.
      // (Math.sqrt, not Math.hypot: the same here, where no sum of squares overflows, and a tenth the cost.)
      const ox = Math.max(qx, 0);
      const oy = Math.max(qy, 0);
      const d = Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0) - r;
      const o = (y * width + x) * 3;
      const f = coverage(0.5 - d);
      if (f) blend(rgb, o, fill, f);
      const s = coverage(1 - Math.abs(d));
      if (s) blend(rgb, o, BLACK, s);
    }
  }
  const pen = at.left + Math.round((box.width - labelWidth(text, BADGE.fontSize)) / 2);
  let advance = 0;
  for (const char of text) {
    const g = glyphs.get(char);
    if (!g) continue;
    // Glyphs stand on whole pixels (their masks are drawn once, at one phase); the rounding of
    // each pen position keeps the spacing within half a pixel of the font's.
    const gx = pen + Math.round(advance) - 1;
    for (let y = 0; y < g.height; y++) {
      const iy = at.top + y;
      if (iy < 0 || iy >= height) continue;
      for (let x = 0; x < g.width; x++) {
        const a = g.alpha[y * g.width + x]!;
        const ix = gx + x;
        if (a && ix >= 0 && ix < width) blend(rgb, (iy * width + ix) * 3, ink, a);
      }
    }
    advance += g.advance;
  }
}
