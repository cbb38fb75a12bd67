import sharp from "sharp";
import { labelPath } from "../../core/label-font.js";

/** One character of the label font as a coverage mask, for drawing text without a text renderer. */
export interface GlyphMask {
  /** How far the pen moves after the character, pixels (fractional). */
  advance: number;
  width: number;
  height: number;
  /** Coverage 0–255, row by row; the pen's origin is one pixel in from the mask's left edge. */
  alpha: Uint8Array;
}

/** Handles are letters and digits; other characters are drawn on first use. */
const COMMON = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

const atlases = new Map<string, Promise<Map<string, GlyphMask>>>();

/**
 * The glyphs of `chars` at one size, with the baseline `baseline` pixels below the mask's top:
 * rasterized together in one SVG (glyph outlines from the bundled font, so no system font is
 * needed), once per process. A badge is then drawn from these masks in a few microseconds, where
 * an SVG per badge cost milliseconds for each badge not seen before.
 */
async function renderGlyphs(chars: string[], size: number, baseline: number, height: number) {
  const cells: { char: string; x: number; width: number; advance: number }[] = [];
  let x = 0;
  for (const char of chars) {
    const advance = labelPath(char, 0, 0, size).width;
    const width = Math.ceil(advance) + 3;
    cells.push({ char, x, width, advance });
    x += width;
  }
  const paths = cells.map((c) => labelPath(c.char, c.x + 1, baseline, size).d).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${x}" height="${height}"><path d="${paths}" fill="#000"/></svg>`;
  const rgba = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  const masks = new Map<string, GlyphMask>();
  for (const c of cells) {
    const alpha = new Uint8Array(c.width * height);
    for (let y = 0; y < height; y++)
      for (let i = 0; i < c.width; i++) alpha[y * c.width + i] = rgba[(y * x + c.x + i) * 4 + 3]!;
    masks.set(c.char, { advance: c.advance, width: c.width, height, alpha });
  }
  return masks;
}

/** Masks for every character of `text` (and all letters and digits), at a size and baseline. */
export async function glyphMasks(
  text: string,
  size: number,
  baseline: number,
  height: number,
): Promise<Map<string, GlyphMask>> {
  const key = `${size}/${baseline}/${height}`;
  let atlas = atlases.get(key);
  if (!atlas) {
    atlas = renderGlyphs([...COMMON], size, baseline, height);
    atlas.catch(() => atlases.delete(key));
    atlases.set(key, atlas);
  }
  const masks = await atlas;
  const missing = [...new Set(text)].filter((c) => !masks.has(c));
  if (missing.length) {
    for (const [c, m] of await renderGlyphs(missing, size, baseline, height)) masks.set(c, m);
  }
  return masks;
}
