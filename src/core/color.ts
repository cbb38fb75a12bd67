import { z } from "zod";

export const HexColor = z.string().regex(/^#[0-9a-f]{6}$/, "a lower-case colour like #1a2b3c");
export type HexColor = z.infer<typeof HexColor>;

export type Rgb = [number, number, number];

export function hexToRgb(hex: HexColor): Rgb {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function rgbToHex([r, g, b]: Rgb): HexColor {
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, "0")}`;
}
