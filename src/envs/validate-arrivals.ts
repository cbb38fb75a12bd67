import { arrivalPitch } from "../core/camera.js";
import type { Instance } from "../core/instance.js";
import type { NavTarget } from "../core/spatial.js";
import { type ArrivalPose, nearestInView } from "./common/goods-in-view.js";
import { nearestPointsInReach } from "./common/nearest-ring.js";
import type { EnvData } from "./env-data.js";
import { envDefinition, hasEnv } from "./registry.js";
import type { Report } from "./validate-identity.js";

/** Every pose a targeted move can end at that must show goods, with the instances it must show. */
function arrivals(data: EnvData): { where: string; pose: ArrivalPose; goods: Instance[] }[] {
  const waypoints = new Map(data.layout.waypoints.map((w) => [w.id, w]));
  const out: { where: string; pose: ArrivalPose; goods: Instance[] }[] = [];
  const goodsOf = (t: NavTarget, side?: string) =>
    data.instances.instances.filter((i) =>
      t.type === "fixture"
        ? i.on.type === "level" && i.on.fixture === t.id && (!side || i.on.side === side)
        : i.on.type !== "level" && i.on.area === t.id,
    );
  for (const t of data.layout.navTargets) {
    if (t.type === "store") continue;
    for (const [approach, id] of Object.entries(t.approaches) as [string, string][]) {
      const wp = waypoints.get(id);
      if (!wp) continue;
      const goods = goodsOf(t, t.type === "fixture" ? approach : undefined);
      if (goods.length)
        out.push({ where: `${t.id} ${approach} (${id})`, pose: { ...wp, pitch: arrivalPitch(t) }, goods });
    }
  }
  return out;
}

/**
 * Every arrival of a targeted move faces the target's goods with at least one within the store's
 * reach: a fixture side's standing point and each display area's point; and every stocked fixture
 * side has points a `nearest` approach can end at with its goods within reach (the world uses only those).
 */
export function checkArrivals(data: EnvData, report: Report): void {
  if (!hasEnv(data.manifest.id)) return;
  const reach = envDefinition(data.manifest.id).inspection.reachM;
  const products = new Map(data.catalog.products.map((p) => [p.id, p]));
  for (const t of data.layout.navTargets) {
    if (t.type !== "fixture") continue;
    const usable = nearestPointsInReach(t, data.instances.instances, products, reach);
    for (const side of t.sides) {
      const stocked = data.instances.instances.some(
        (i) => i.on.type === "level" && i.on.fixture === t.id && i.on.side === side,
      );
      if (stocked && !usable.some((r) => r.side === side))
        report(
          "layout",
          "$.navTargets",
          `${t.id} ${side}: no point a nearest approach can end at has its goods within ${reach} m`,
        );
    }
  }
  for (const a of arrivals(data)) {
    const near = nearestInView(a.pose, a.goods, products);
    if (near > reach)
      report(
        "layout",
        "$.waypoints",
        `arriving at ${a.where}, ${Number.isFinite(near) ? `the nearest goods in view are ${near.toFixed(2)} m away` : "no goods are in view"}; within ${reach} m needed`,
      );
  }
}
