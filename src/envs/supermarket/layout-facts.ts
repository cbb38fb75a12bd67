import type { Layout } from "../../core/layout.js";
import type { Fixture } from "../../core/spatial.js";

/** Distinct values, two within `tolerance` of each other counted once. */
function distinct(values: number[], tolerance = 0.5): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.filter((v, i) => i === 0 || v - sorted[i - 1]! > tolerance).length;
}

/**
 * The supermarket's aisles: the lanes between and beside the lines of gondolas (a line is the
 * gondolas standing on one centre line, end to end), and the way they run.
 */
export function supermarketLayoutFacts(layout: Layout): Record<string, string | number> {
  const gondolas = layout.navTargets.filter((t): t is Fixture => t.type === "fixture" && t.kind === "shelf");
  if (!gondolas.length) return { aisles: 0 };
  // A gondola facing east or west runs north–south: its line is its x.
  const northSouth = gondolas.filter((g) => Math.abs(Math.abs(g.yaw) - 90) < 1).length * 2 >= gondolas.length;
  const lines = distinct(gondolas.map((g) => (northSouth ? g.location[0] : g.location[1])));
  return { aisles: lines + 1, "aisles run": northSouth ? "north-south" : "east-west" };
}
