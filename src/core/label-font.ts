import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import opentype, { type Font } from "opentype.js";

const require = createRequire(import.meta.url);
// The label font the 3D signs use too (render/page-server.ts), as WOFF: opentype.js cannot read WOFF2.
// Shared by the Set-of-Mark overlay, the minimap and CustomerSim's product images.
const FONT_FILE = "@fontsource/roboto-condensed/files/roboto-condensed-latin-700-normal.woff";

let font: Font | undefined;

function labelFont(): Font {
  if (!font) {
    const bytes = readFileSync(require.resolve(FONT_FILE));
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return font;
}

/**
 * A line of label text in the bundled Roboto Condensed Bold, as SVG path data starting at `x` on
 * the baseline `y`, and its advance width: no system font is involved. Glyphs are placed by their
 * advances alone; opentype.js's shaping fails on this font's GSUB tables, and handles (letters and
 * digits) need neither ligatures nor kerning.
 */
export function labelPath(text: string, x: number, y: number, size: number): { d: string; width: number } {
  const f = labelFont();
  const scale = size / f.unitsPerEm;
  const parts: string[] = [];
  let pen = x;
  for (const char of text) {
    const glyph = f.charToGlyph(char);
    parts.push(glyph.getPath(pen, y, size).toPathData(2));
    pen += (glyph.advanceWidth ?? 0) * scale;
  }
  return { d: parts.join(""), width: pen - x };
}

/** The advance width of a line of label text, pixels. */
export function labelWidth(text: string, size: number): number {
  const f = labelFont();
  let width = 0;
  for (const char of text) width += f.charToGlyph(char).advanceWidth ?? 0;
  return (width * size) / f.unitsPerEm;
}

/** The height of capitals and digits above the baseline, pixels (for centring a label vertically). */
export function capHeight(size: number): number {
  const f = labelFont();
  return ((f.tables.os2?.sCapHeight ?? 0.7 * f.unitsPerEm) * size) / f.unitsPerEm;
}
