/** A colour as 0–255 channels. */
export type Rgb = readonly [number, number, number];

export const BLACK: Rgb = [0, 0, 0];

/** `#rrggbb` as channels. */
export function parseHex(colour: string): Rgb {
  const n = Number.parseInt(colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * Blends a colour over the pixel at byte offset `o` of an RGB image with coverage `a` (0–255), in
 * integers rounded to nearest, so the same drawing gives the same bytes everywhere.
 */
export function blend(rgb: Buffer, o: number, colour: Rgb, a: number): void {
  rgb[o] = (colour[0] * a + rgb[o]! * (255 - a) + 127) / 255;
  rgb[o + 1] = (colour[1] * a + rgb[o + 1]! * (255 - a) + 127) / 255;
  rgb[o + 2] = (colour[2] * a + rgb[o + 2]! * (255 - a) + 127) / 255;
}
