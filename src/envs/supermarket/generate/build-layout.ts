import type { HexColor } from "../../../core/color.js";
import { normalizeYaw, orientedRect, type Point } from "../../../core/geometry.js";
import type { Layout } from "../../../core/layout.js";
import type { Fixture, Wall, Waypoint } from "../../../core/spatial.js";
import { facingPointFront, STAND_OFF_M } from "../../common/approach.js";
import { outerWalls } from "../../common/walls.js";
import { SECTIONS } from "../spec/sections.js";
import { basePlan, MODELS, type SupermarketPlan } from "./fixture-plan.js";

/** Builds the supermarket layout; product lists are filled in once the shelves are stocked. */
export function buildSupermarketLayout(
  segColors: HexColor[],
  plan: SupermarketPlan = basePlan(),
  env = "supermarket",
): Layout {
  const { hall, entrance, start } = plan;
  const placements = new Map(plan.placements.map((p) => [p.id, p]));
  const waypoints: Waypoint[] = [];
  const fixtures: Fixture[] = SECTIONS.map((section, i) => {
    const placement = placements.get(section.id);
    if (!placement) throw new Error(`no placement for fixture ${section.id}`);
    const model = MODELS[section.kind];
    const approaches: Fixture["approaches"] = {};
    for (const side of model.sides) {
      const faceYaw = side === "front" ? placement.yaw : normalizeYaw(placement.yaw + 180);
      const id = `W${String(waypoints.length + 1).padStart(2, "0")}`;
      const point = facingPointFront(
        placement.center,
        faceYaw,
        model.depth / 2 + (model.standOff ?? STAND_OFF_M),
      );
      waypoints.push({ id, ...point, target: section.id, approach: side });
      approaches[side] = id;
    }
    return {
      type: "fixture",
      id: section.id,
      name: section.name,
      kind: section.kind,
      storage: section.storage,
      footprint: orientedRect(placement.center, model.width, model.depth, placement.yaw),
      location: placement.center,
      yaw: placement.yaw,
      size: { width: model.width, depth: model.depth, height: model.height },
      sides: model.sides,
      levels: model.levels,
      clearance: model.clearance,
      approaches,
      products: [],
      segColor: segColors[i]!,
    };
  });
  const walls: Wall[] = outerWalls(hall, [entrance]);
  return {
    kind: "siturec.layout",
    version: 1,
    env,
    floor: { width: hall.width, depth: hall.depth, ceiling: hall.ceiling },
    entrance: { from: entrance.from as Point, to: entrance.to as Point },
    start,
    walls,
    navTargets: fixtures,
    waypoints,
  };
}
