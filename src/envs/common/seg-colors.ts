import { type HexColor, rgbToHex } from "../../core/color.js";
import type { Rng } from "../../core/random.js";

/** Channel values of the colour lattice: 7 per channel, 32 apart, none near black or white. */
const LEVELS = [32, 64, 96, 128, 160, 192, 224];

/**
 * Distinct segmentation colours, drawn without replacement from a 7×7×7 lattice (343 colours) in
 * a seeded order. Any two differ by at least 32 in some channel, so a region is told from its
 * neighbours even if a pipeline ever blurs colours; black stays free for "nothing".
 */
export function segmentationColors(count: number, rng: Rng): HexColor[] {
  const lattice: HexColor[] = [];
  for (const r of LEVELS) for (const g of LEVELS) for (const b of LEVELS) lattice.push(rgbToHex([r, g, b]));
  if (count > lattice.length)
    throw new Error(`segmentationColors: ${count} colours asked, ${lattice.length} exist`);
  return rng.shuffle(lattice).slice(0, count);
}
