import type { BufferGeometry, Color } from "three";
import type { DisplayArea, Store, Waypoint } from "../../core/spatial.js";
import type { Ground } from "./floor-shadows.js";
import { DEG, placed, type SceneParts } from "./scene-parts.js";
import { color, type ShapeKit } from "./shape-kit.js";

export const AREA_FLOOR = "#d9cfbd";
export const AREA_FLOOR_HEIGHT = 0.012;
const STORE_WALL_HEIGHT = 3.2;
const SKIN = 0.02;

/** The hall's floor size: a store wall on the hall's edge is thicker. */
interface HallSize {
  width: number;
  depth: number;
}

/** A walled store of the furniture hall: skins on its walls and its storefront signs. */
export function addStore(parts: SceneParts, s: Store, hall: HallSize): void {
  const { kit, add } = parts;
  add(placed(kit.merge(storeSkins(kit, s, hall)), 0, 0, 0, parts.plain), s.segColor);
  addStorefrontSigns(parts, s);
}

/**
 * Interior skins on each wall (and the storefront's outside face) carry the store's colour, so its
 * whole image region is the store; the doorway stays open.
 */
function storeSkins(kit: ShapeKit, s: Store, hall: HallSize): BufferGeometry[] {
  const xs = s.footprint.map((p) => p[0]);
  const zs = s.footprint.map((p) => p[1]);
  const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
  const onHall = (v: number, max: number) => v === 0 || v === max;
  const skinColor = color("#f3eee4");
  const parts: BufferGeometry[] = [];
  const frontZ = s.doorway.from[1];
  for (const z of [z0, z1]) {
    const inset = (onHall(z, hall.depth) ? 0.1 : 0.075) + SKIN / 2 + 0.005;
    const zz = z === z0 ? z + inset : z - inset;
    if (z === frontZ) {
      const outside = z === z0 ? z - 0.075 - SKIN / 2 - 0.005 : z + 0.075 + SKIN / 2 + 0.005;
      parts.push(...frontSkins(kit, s.doorway, [x0, x1], { z, inside: zz, outside }, skinColor));
    } else {
      parts.push(
        kit.box(x1 - x0, STORE_WALL_HEIGHT, SKIN, (x0 + x1) / 2, STORE_WALL_HEIGHT / 2, zz, skinColor),
      );
    }
  }
  for (const x of [x0, x1]) {
    const inset = (onHall(x, hall.width) ? 0.1 : 0.075) + SKIN / 2 + 0.005;
    const xx = x === x0 ? x + inset : x - inset;
    parts.push(
      kit.box(SKIN, STORE_WALL_HEIGHT, z1 - z0, xx, STORE_WALL_HEIGHT / 2, (z0 + z1) / 2, skinColor),
    );
  }
  return parts;
}

/** The storefront wall's skins, inside and out on each side of the doorway, and the lintel over it. */
function frontSkins(
  kit: ShapeKit,
  door: Store["doorway"],
  [x0, x1]: [number, number],
  at: { z: number; inside: number; outside: number },
  skinColor: Color,
): BufferGeometry[] {
  const doorMin = Math.min(door.from[0], door.to[0]);
  const doorMax = Math.max(door.from[0], door.to[0]);
  const parts: BufferGeometry[] = [];
  for (const [a, b] of [
    [x0, doorMin],
    [doorMax, x1],
  ] as const) {
    parts.push(
      kit.box(b - a, STORE_WALL_HEIGHT, SKIN, (a + b) / 2, STORE_WALL_HEIGHT / 2, at.inside, skinColor),
    );
    parts.push(
      kit.box(b - a, STORE_WALL_HEIGHT, SKIN, (a + b) / 2, STORE_WALL_HEIGHT / 2, at.outside, skinColor),
    );
  }
  parts.push(
    kit.box(
      doorMax - doorMin,
      STORE_WALL_HEIGHT - 2.4,
      0.17,
      (doorMin + doorMax) / 2,
      2.4 + (STORE_WALL_HEIGHT - 2.4) / 2,
      at.z,
      skinColor,
    ),
  );
  return parts;
}

/** The storefront sign, above the doorway on the outside, and a smaller one inside. */
function addStorefrontSigns({ kit, signs, lit, add }: SceneParts, s: Store): void {
  const label = signs.addLabel(
    { top: "", main: s.name, background: "#2b2b2b", accent: "#2b2b2b" },
    3.6 / 0.6,
  );
  const door = s.doorway;
  const frontZ = door.from[1];
  const out = s.yaw;
  const outward = out === 0 ? -1 : 1;
  const cx = (Math.min(door.from[0], door.to[0]) + Math.max(door.from[0], door.to[0])) / 2;
  const boards = [
    kit
      .labelledBox(3.6, 0.6, 0.04, color("#ffffff"), label)
      .rotateY(out * DEG)
      .translate(cx, 2.55, frontZ + outward * 0.12),
    kit
      .labelledBox(2.4, 0.4, 0.04, color("#ffffff"), label)
      .rotateY((out + 180) * DEG)
      .translate(cx, 2.5, frontZ - outward * 0.12),
  ];
  add(placed(kit.merge(boards), 0, 0, 0, lit), s.segColor);
}

/** A display area: its raised floor and plinths, and its sign. Returns its floor, where shadows fall. */
export function addArea(parts: SceneParts, a: DisplayArea, waypoints: readonly Waypoint[]): Ground {
  const { kit, add } = parts;
  const xs = a.footprint.map((p) => p[0]);
  const zs = a.footprint.map((p) => p[1]);
  const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
  const floor: BufferGeometry[] = [
    kit.box(
      x1 - x0,
      AREA_FLOOR_HEIGHT,
      z1 - z0,
      (x0 + x1) / 2,
      AREA_FLOOR_HEIGHT / 2,
      (z0 + z1) / 2,
      color(AREA_FLOOR),
    ),
  ];
  for (const p of a.plinths) {
    const px = p.footprint.map((q) => q[0]);
    const pz = p.footprint.map((q) => q[1]);
    const [a0, a1, b0, b1] = [Math.min(...px), Math.max(...px), Math.min(...pz), Math.max(...pz)];
    floor.push(
      kit.box(a1 - a0, p.height, b1 - b0, (a0 + a1) / 2, p.height / 2, (b0 + b1) / 2, color("#f4f1ec")),
    );
  }
  add(placed(kit.merge(floor), 0, 0, 0, parts.plain), a.segColor);
  addAreaSign(parts, a, { x0, z0, z1 }, waypoints);
  return { x0, z0, x1, z1, y: AREA_FLOOR_HEIGHT };
}

/** A standing sign at the corner of the open edge, readable from the walkway and from inside. */
function addAreaSign(
  { kit, signs, lit, add }: SceneParts,
  a: DisplayArea,
  { x0, z0, z1 }: { x0: number; z0: number; z1: number },
  waypoints: readonly Waypoint[],
): void {
  const label = signs.addLabel(
    { top: "", main: a.name, background: "#46603f", accent: "#46603f" },
    1.2 / 0.36,
  );
  const point = waypoints.find((w) => w.id === a.approaches.area_point);
  const openNorth = point ? Math.abs(point.z - z0) < Math.abs(point.z - z1) : true;
  const edgeZ = openNorth ? z0 + 0.15 : z1 - 0.15;
  const sx = x0 + 0.5;
  const faceOut = openNorth ? 0 : 180;
  const sign = [
    kit.box(0.04, 1.4, 0.04, sx, 0.7, edgeZ, color("#3a3a3a")),
    kit
      .labelledBox(1.2, 0.36, 0.03, color("#ffffff"), label)
      .rotateY(faceOut * DEG)
      .translate(sx, 1.4, edgeZ + (openNorth ? -0.016 : 0.016)),
    kit
      .labelledBox(1.2, 0.36, 0.03, color("#ffffff"), label)
      .rotateY((faceOut + 180) * DEG)
      .translate(sx, 1.4, edgeZ + (openNorth ? 0.016 : -0.016)),
  ];
  add(placed(kit.merge(sign), 0, 0, 0, lit), a.segColor);
}
