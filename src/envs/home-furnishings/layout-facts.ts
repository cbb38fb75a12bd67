import type { Layout } from "../../core/layout.js";
import type { Store } from "../../core/spatial.js";

/**
 * The furniture hall's shape: which way its promenade runs (the stores' fronts face across it) and
 * how many stores line each side of it.
 */
export function hallLayoutFacts(layout: Layout): Record<string, string | number> {
  const stores = layout.navTargets.filter((t): t is Store => t.type === "store");
  // A storefront facing north or south opens onto a promenade running east–west.
  const facingNS = stores.filter((s) => Math.abs(s.yaw) < 1 || Math.abs(Math.abs(s.yaw) - 180) < 1);
  const runs = facingNS.length * 2 >= stores.length ? "east-west" : "north-south";
  const sides = new Map<number, number>();
  for (const s of stores) {
    const key = Math.round(((s.yaw % 360) + 360) % 360);
    sides.set(key, (sides.get(key) ?? 0) + 1);
  }
  const counts = [...sides.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
  return { "promenade runs": runs, "stores per side": counts.join(" + ") };
}
