import type { DataProblem } from "../core/data-file.js";
import {
  boundingBox,
  convexPolygonsOverlap,
  distanceToPolygon,
  forwardOf,
  orientedRect,
  type Point,
  type Polygon,
  pointInPolygon,
  polygonInside,
} from "../core/geometry.js";
import type { Instance } from "../core/instance.js";
import { entryTargets } from "../core/location-index.js";
import type { Product } from "../core/product.js";
import type { DisplayArea, Fixture, NavTarget, Plinth, Store } from "../core/spatial.js";
import { wallFootprint } from "./common/walls.js";
import type { EnvData, EnvFiles, EnvPart } from "./env-data.js";
import { checkArrivals } from "./validate-arrivals.js";
import { checkCatalog, checkColors, checkEnvIds, checkUniqueIds, type Report } from "./validate-identity.js";

/** Half the width of a shopper: standing points keep this much free floor around them, metres. */
export const AGENT_RADIUS = 0.25;
const EPS = 1e-4;

/**
 * Cross-reference and physical checks over a whole environment, beyond what the schemas check:
 * ids resolve, products are placed and indexed, colours are unique, standing points are on free
 * floor, nothing overlaps and everything stands where it can stand.
 */
export function validateEnv(data: EnvData, files: EnvFiles): DataProblem[] {
  const problems: DataProblem[] = [];
  const report: Report = (part, path, message) => problems.push({ file: files[part], path, message });
  const ctx = new Context(data);
  checkEnvIds(data, report);
  checkUniqueIds(data, report);
  checkColors(data, report);
  checkCatalog(data, report);
  checkLocationIndex(data, ctx, report);
  checkInstanceSupports(data, ctx, report);
  checkInstanceOverlaps(data, ctx, report);
  checkLayoutGeometry(data, report);
  checkStandingPoints(data, ctx, report);
  checkArrivals(data, report);
  return problems;
}

class Context {
  readonly products = new Map<string, Product>();
  readonly targets = new Map<string, NavTarget>();
  readonly plinths = new Map<string, { area: DisplayArea; plinth: Plinth }>();
  constructor(data: EnvData) {
    for (const p of data.catalog.products) this.products.set(p.id, p);
    for (const t of data.layout.navTargets) {
      this.targets.set(t.id, t);
      if (t.type === "area")
        for (const plinth of t.plinths) this.plinths.set(`${t.id}/${plinth.id}`, { area: t, plinth });
    }
  }

  /** The instance's footprint on the floor, or undefined if its product is unknown. */
  footprint(instance: Instance): Polygon | undefined {
    const dims = this.products.get(instance.product)?.shape.dims;
    return dims && orientedRect([instance.x, instance.z], dims.width, dims.depth, instance.yaw);
  }
}

function placesOfInstances(data: EnvData, ctx: Context): Map<string, Set<string>> {
  const places = new Map<string, Set<string>>();
  for (const inst of data.instances.instances) {
    const set = places.get(inst.product) ?? new Set<string>();
    if (inst.on.type === "level") set.add(inst.on.fixture);
    else {
      set.add(inst.on.area);
      const area = ctx.targets.get(inst.on.area);
      if (area?.type === "area") set.add(area.store);
    }
    places.set(inst.product, set);
  }
  return places;
}

function checkLocationIndex(data: EnvData, ctx: Context, report: Report): void {
  const placed = placesOfInstances(data, ctx);
  const indexed = new Map<string, Set<string>>();
  data.locationIndex.entries.forEach((entry, i) => {
    const at = `$.entries[${i}]`;
    if (!ctx.products.has(entry.product)) {
      report("locationIndex", `${at}.product`, `entry ${entry.product}: no such product in the catalog`);
      return;
    }
    const targets = [...new Set(entryTargets(entry))];
    for (const t of targets) {
      if (!ctx.targets.has(t))
        report("locationIndex", at, `entry ${entry.product}: no navigation target '${t}'`);
    }
    if ("places" in entry) {
      entry.places.forEach((place, j) => {
        const area = ctx.targets.get(place.area);
        if (area && (area.type !== "area" || area.store !== place.store)) {
          report(
            "locationIndex",
            `${at}.places[${j}]`,
            `entry ${entry.product}: '${place.area}' is not an area of '${place.store}'`,
          );
        }
      });
    }
    indexed.set(entry.product, new Set(targets));
    const actual = placed.get(entry.product) ?? new Set<string>();
    const same = actual.size === targets.length && targets.every((t) => actual.has(t));
    if (!same) {
      report(
        "locationIndex",
        at,
        `entry ${entry.product}: indexed at [${targets.join(", ")}] but its instances stand at [${[...actual].join(", ")}]`,
      );
    }
  });
  data.catalog.products.forEach((p, i) => {
    if (!placed.has(p.id))
      report("catalog", `$.products[${i}]`, `entry ${p.id} (${p.name}): has no placed instance`);
    if (!indexed.has(p.id))
      report("catalog", `$.products[${i}]`, `entry ${p.id} (${p.name}): missing from the location index`);
  });
  data.layout.navTargets.forEach((t, i) => {
    const listed = new Set(t.products);
    const expected = new Set([...indexed].filter(([, set]) => set.has(t.id)).map(([id]) => id));
    const missing = [...expected].filter((id) => !listed.has(id));
    const extra = [...listed].filter((id) => !expected.has(id));
    if (missing.length || extra.length) {
      report(
        "layout",
        `$.navTargets[${i}].products`,
        `entry ${t.id}: product list disagrees with the location index (missing [${missing.join(", ")}], extra [${extra.join(", ")}])`,
      );
    }
  });
}

/** The part of a fixture's footprint that goods facing `side` stand in. */
function sideZone(fixture: Fixture, side: "front" | "back"): Polygon {
  if (fixture.sides.length === 1) return fixture.footprint;
  const [fx, fz] = forwardOf(fixture.yaw);
  const sign = side === "front" ? 1 : -1;
  const quarter = fixture.size.depth / 4;
  const center: Point = [
    fixture.location[0] + sign * fx * quarter,
    fixture.location[1] + sign * fz * quarter,
  ];
  return orientedRect(center, fixture.size.width, fixture.size.depth / 2, fixture.yaw);
}

function checkInstanceSupports(data: EnvData, ctx: Context, report: Report): void {
  data.instances.instances.forEach((inst, i) => {
    checkSupport(inst, ctx, (message) =>
      report("instances", `$.instances[${i}]`, `entry ${inst.id}: ${message}`),
    );
  });
}

function checkSupport(inst: Instance, ctx: Context, bad: (message: string) => void): void {
  const product = ctx.products.get(inst.product);
  if (!product) {
    bad(`product '${inst.product}' is not in the catalog`);
    return;
  }
  const footprint = ctx.footprint(inst)!;
  const { height } = product.shape.dims;
  const on = inst.on;
  if (on.type === "level") {
    const fixture = ctx.targets.get(on.fixture);
    if (fixture?.type !== "fixture") {
      bad(`stands on '${on.fixture}', which is not a fixture`);
      return;
    }
    const levelY = fixture.levels[on.level];
    if (levelY === undefined) {
      bad(`level ${on.level} does not exist on ${fixture.id}`);
      return;
    }
    if (!fixture.sides.includes(on.side)) {
      bad(`${fixture.id} has no ${on.side} side`);
      return;
    }
    if (
      product.kind === "grocery" &&
      product.storage !== fixture.storage &&
      !(product.storage === "ambient" && fixture.storage === "chilled")
    ) {
      bad(`${product.storage} goods on ${fixture.id}, which keeps them ${fixture.storage}`);
    }
    if (Math.abs(inst.y - levelY) > EPS) bad(`y ${inst.y} is not the height ${levelY} of level ${on.level}`);
    if (height > fixture.clearance + EPS)
      bad(`is ${height} m tall; level ${on.level} of ${fixture.id} has ${fixture.clearance} m`);
    if (!polygonInside(footprint, sideZone(fixture, on.side), 1e-3))
      bad(`sticks out of the ${on.side} side of ${fixture.id}`);
    return;
  }
  const area = ctx.targets.get(on.area);
  if (area?.type !== "area") {
    bad(`stands in '${on.area}', which is not a display area`);
    return;
  }
  if (on.type === "floor") {
    if (Math.abs(inst.y) > EPS) bad(`stands on the floor but y is ${inst.y}`);
    if (!polygonInside(footprint, area.footprint, 1e-3)) bad(`sticks out of area ${area.id}`);
    return;
  }
  const entry = ctx.plinths.get(`${on.area}/${on.plinth}`);
  if (!entry) {
    bad(`plinth '${on.plinth}' is not in area ${on.area}`);
    return;
  }
  if (Math.abs(inst.y - entry.plinth.height) > EPS)
    bad(`y ${inst.y} is not the height ${entry.plinth.height} of its plinth`);
  if (!polygonInside(footprint, entry.plinth.footprint, 1e-3)) bad(`sticks out of plinth ${on.plinth}`);
}

interface Box {
  name: string;
  part: EnvPart;
  path: string;
  footprint: Polygon;
  bottom: number;
  top: number;
}

function checkInstanceOverlaps(data: EnvData, ctx: Context, report: Report): void {
  const boxes: Box[] = [];
  data.instances.instances.forEach((inst, i) => {
    const footprint = ctx.footprint(inst);
    const product = ctx.products.get(inst.product);
    if (!footprint || !product) return;
    boxes.push({
      name: `${inst.id} (${inst.product})`,
      part: "instances",
      path: `$.instances[${i}]`,
      footprint,
      bottom: inst.y,
      top: inst.y + product.shape.dims.height,
    });
  });
  data.layout.navTargets.forEach((t, i) => {
    if (t.type !== "area") return;
    t.plinths.forEach((p, j) => {
      boxes.push({
        name: `plinth ${t.id}/${p.id}`,
        part: "layout",
        path: `$.navTargets[${i}].plinths[${j}]`,
        footprint: p.footprint,
        bottom: 0,
        top: p.height,
      });
    });
  });
  for (const [a, b] of candidatePairs(boxes)) {
    if (a.top - b.bottom <= EPS || b.top - a.bottom <= EPS) continue;
    if (convexPolygonsOverlap(a.footprint, b.footprint, 1e-4)) {
      report(a.part, a.path, `entry ${a.name}: overlaps ${b.name}`);
    }
  }
}

/** Pairs of boxes whose bounding squares share a 1 m grid cell (each pair once). */
function candidatePairs(boxes: Box[]): [Box, Box][] {
  const cells = new Map<string, number[]>();
  boxes.forEach((box, i) => {
    const bb = boundingBox(box.footprint);
    for (let x = Math.floor(bb.minX); x <= Math.floor(bb.maxX); x++) {
      for (let z = Math.floor(bb.minZ); z <= Math.floor(bb.maxZ); z++) {
        const key = `${x},${z}`;
        const list = cells.get(key) ?? [];
        list.push(i);
        cells.set(key, list);
      }
    }
  });
  const seen = new Set<number>();
  const pairs: [Box, Box][] = [];
  for (const list of cells.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const key = list[i]! * boxes.length + list[j]!;
        if (seen.has(key)) continue;
        seen.add(key);
        pairs.push([boxes[list[i]!]!, boxes[list[j]!]!]);
      }
    }
  }
  return pairs;
}

function floorRect(data: EnvData): Polygon {
  const { width, depth } = data.layout.floor;
  return [
    [0, 0],
    [0, depth],
    [width, depth],
    [width, 0],
  ];
}

function checkLayoutGeometry(data: EnvData, report: Report): void {
  const floor = floorRect(data);
  const walls = data.layout.walls.map(wallFootprint);
  data.layout.navTargets.forEach((t, i) => {
    const at = `$.navTargets[${i}]`;
    if (!polygonInside(t.footprint, floor, 1e-3))
      report("layout", at, `entry ${t.id}: lies outside the floor`);
    if (t.type === "fixture" || t.type === "area") {
      walls.forEach((w, j) => {
        if (convexPolygonsOverlap(t.footprint, w, 1e-3))
          report("layout", at, `entry ${t.id}: runs into wall ${j}`);
      });
    }
    if (t.type === "area") {
      const store = data.layout.navTargets.find((s): s is Store => s.type === "store" && s.id === t.store);
      if (!store) report("layout", `${at}.store`, `entry ${t.id}: no store '${t.store}'`);
      else if (!polygonInside(t.footprint, store.footprint, 1e-3))
        report("layout", at, `entry ${t.id}: lies outside store ${store.id}`);
      t.plinths.forEach((p, j) => {
        if (!polygonInside(p.footprint, t.footprint, 1e-3))
          report("layout", `${at}.plinths[${j}]`, `entry ${t.id}/${p.id}: lies outside its area`);
      });
    }
    if (t.type === "store") {
      for (const areaId of t.areas) {
        const area = data.layout.navTargets.find((a) => a.id === areaId);
        if (area?.type !== "area" || area.store !== t.id)
          report("layout", `${at}.areas`, `entry ${t.id}: '${areaId}' is not one of its areas`);
      }
    }
  });
  const overlapping = (kind: NavTarget["type"]) =>
    data.layout.navTargets.map((t, i) => ({ t, i })).filter(({ t }) => t.type === kind);
  for (const kind of ["fixture", "store", "area"] as const) {
    const list = overlapping(kind);
    for (let a = 0; a < list.length; a++) {
      for (let b = a + 1; b < list.length; b++) {
        if (convexPolygonsOverlap(list[a]!.t.footprint, list[b]!.t.footprint, 1e-3)) {
          report(
            "layout",
            `$.navTargets[${list[a]!.i}]`,
            `entry ${list[a]!.t.id}: overlaps ${list[b]!.t.id}`,
          );
        }
      }
    }
  }
}

/** Obstacles a shopper cannot stand in: walls, fixtures, plinths and floor-standing furniture. */
function obstacles(data: EnvData, ctx: Context): { name: string; footprint: Polygon }[] {
  const list: { name: string; footprint: Polygon }[] = data.layout.walls.map((w, i) => ({
    name: `wall ${i}`,
    footprint: wallFootprint(w),
  }));
  for (const t of data.layout.navTargets) {
    if (t.type === "fixture") list.push({ name: `fixture ${t.id}`, footprint: t.footprint });
    if (t.type === "area")
      for (const p of t.plinths) list.push({ name: `plinth ${t.id}/${p.id}`, footprint: p.footprint });
  }
  for (const inst of data.instances.instances) {
    const footprint = inst.on.type === "floor" ? ctx.footprint(inst) : undefined;
    if (footprint) list.push({ name: `${inst.id} (${inst.product})`, footprint });
  }
  return list;
}

function checkStandingPoints(data: EnvData, ctx: Context, report: Report): void {
  const blocks = obstacles(data, ctx);
  const { width, depth } = data.layout.floor;
  const onFreeFloor = (p: Point): string | undefined => {
    if (
      p[0] < AGENT_RADIUS ||
      p[1] < AGENT_RADIUS ||
      p[0] > width - AGENT_RADIUS ||
      p[1] > depth - AGENT_RADIUS
    ) {
      return "is not on the floor";
    }
    const hit = blocks.find((b) => distanceToPolygon(p, b.footprint) < AGENT_RADIUS - EPS);
    return hit && `is not on free floor: within ${AGENT_RADIUS} m of ${hit.name}`;
  };
  const start = onFreeFloor([data.layout.start.x, data.layout.start.z]);
  if (start) report("layout", "$.start", `the start pose ${start}`);
  const used = new Map<string, string>();
  data.layout.navTargets.forEach((t, i) => {
    for (const [approach, id] of Object.entries(t.approaches)) {
      const at = `$.navTargets[${i}].approaches.${approach}`;
      const wp = data.layout.waypoints.find((w) => w.id === id);
      if (!wp) {
        report("layout", at, `entry ${t.id}: no waypoint '${id}'`);
        continue;
      }
      if (wp.target !== t.id || wp.approach !== approach) {
        report("layout", at, `entry ${t.id}: waypoint ${id} belongs to ${wp.target} (${wp.approach})`);
      }
      if (used.has(id)) report("layout", at, `entry ${t.id}: waypoint ${id} is also used by ${used.get(id)}`);
      used.set(id, t.id);
    }
  });
  data.layout.waypoints.forEach((wp, i) => {
    const at = `$.waypoints[${i}]`;
    const p: Point = [wp.x, wp.z];
    const free = onFreeFloor(p);
    if (free) report("layout", at, `entry ${wp.id}: ${free}`);
    if (!used.has(wp.id)) report("layout", at, `entry ${wp.id}: no navigation target uses it`);
    const target = ctx.targets.get(wp.target);
    if (!target) return;
    const inside = pointInPolygon(p, target.footprint);
    if (wp.approach === "inside_doorway" && !inside)
      report("layout", at, `entry ${wp.id}: is not inside ${target.id}`);
    if (wp.approach === "outside_doorway" && inside)
      report("layout", at, `entry ${wp.id}: is inside ${target.id}`);
    if (wp.approach === "area_point" && !inside)
      report("layout", at, `entry ${wp.id}: is not inside area ${target.id}`);
  });
}
