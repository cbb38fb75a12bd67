/**
 * A number in [0, 1) from small integers (16 bits each are used), the same on every run and machine
 * (FNV-1a over the values, then a shift to mix the high bits down): the scene's seedless variety, such
 * as floor tiles' shades and material swatches' noise.
 */
export function hashUnit(...values: number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) h = Math.imul(h ^ (v & 0xffff), 0x01000193);
  return ((h ^ (h >>> 13)) >>> 0) / 2 ** 32;
}
