import type { BufferGeometry } from "three";
import type { Fixture } from "../../core/spatial.js";
import { color, type ShapeKit, type UvRect } from "./shape-kit.js";

const METAL = color("#a7aeb6");
const WALL_SHELF = color("#b9bfc6");
const FREEZER = color("#e8edf1");
const FREEZER_INSIDE = color("#cdd7df");
const COOLER = color("#2f4f6c");
const COOLER_INSIDE = color("#dfe6ec");
const WOOD = color("#8a5a2b");
const WOOD_DARK = color("#6b4420");

/** Height of the hanging sign's centre above the floor, metres. */
export const SIGN_HEIGHT = 2.35;
const SIGN = { h: 0.34, d: 0.03 } as const;

/** The aspect of a fixture's sign board, for drawing its label. */
export function fixtureSignAspect(f: Fixture): number {
  return Math.min(f.size.width * 0.8, 2.2) / SIGN.h;
}

/**
 * A fixture in its own frame (width along x, depth along z, front facing -z, standing on y = 0):
 * the solid body (plain colours), its sign boards (both faces for island fixtures: the only part
 * that shows the label atlas), and the glass of freezer doors and lids (drawn only in the colour
 * pass: the camera sees through it to the goods). A produce stand's wood shows the grain of `wood`
 * (a swatch of the atlas), so it goes with the sign boards, drawn with the atlas.
 */
export function fixtureGeometry(
  kit: ShapeKit,
  f: Fixture,
  sign: UvRect,
  wood?: UvRect,
): { solid: BufferGeometry; signs: BufferGeometry; glass?: BufferGeometry } {
  const { parts, grained, glass } = fixtureBody(kit, f, wood);
  const boards = hangSign(kit, f, sign, parts, grained);
  return { solid: kit.merge(parts), signs: kit.merge(boards), glass };
}

/**
 * A fixture's body by its kind: the solid parts, the grained wood of a produce stand and the glass
 * of freezer doors and lids.
 */
function fixtureBody(
  kit: ShapeKit,
  f: Fixture,
  wood?: UvRect,
): { parts: BufferGeometry[]; grained: BufferGeometry[]; glass?: BufferGeometry } {
  const { width: w, depth: d, height: H } = f.size;
  const parts: BufferGeometry[] = [];
  const boards = (c: typeof METAL, inset: number, zOffset = 0) => {
    for (const y of f.levels) parts.push(kit.box(w - 0.04, 0.02, d - inset, 0, y - 0.01, zOffset, c));
  };
  let glass: BufferGeometry | undefined;
  const grained: BufferGeometry[] = [];
  switch (f.kind) {
    case "shelf":
      parts.push(kit.box(w, 0.1, d, 0, 0.05, 0, METAL));
      parts.push(kit.box(w, H, 0.04, 0, H / 2, 0, METAL));
      for (const s of [-1, 1]) parts.push(kit.box(0.03, H, d, s * (w / 2 - 0.015), H / 2, 0, METAL));
      boards(METAL, 0);
      break;
    case "wall_shelf":
      parts.push(kit.box(w, H, 0.03, 0, H / 2, d / 2 - 0.015, WALL_SHELF));
      for (const s of [-1, 1]) parts.push(kit.box(0.03, H, d, s * (w / 2 - 0.015), H / 2, 0, WALL_SHELF));
      parts.push(kit.box(w, 0.1, d, 0, 0.05, 0, WALL_SHELF));
      boards(WALL_SHELF, 0.03, -0.015);
      break;
    case "upright_freezer":
      parts.push(kit.box(w, H, 0.1, 0, H / 2, d / 2 - 0.05, FREEZER));
      for (const s of [-1, 1]) parts.push(kit.box(0.05, H, d, s * (w / 2 - 0.025), H / 2, 0, FREEZER));
      parts.push(kit.box(w, 0.28, d, 0, 0.14, 0, FREEZER));
      parts.push(kit.box(w, 0.2, d, 0, H - 0.1, 0, FREEZER));
      boards(FREEZER_INSIDE, 0.2, 0);
      parts.push(kit.box(0.04, H - 0.5, 0.04, 0, 0.28 + (H - 0.5) / 2, -d / 2 + 0.04, FREEZER));
      glass = kit.box(w - 0.1, H - 0.5, 0.01, 0, 0.28 + (H - 0.5) / 2, -d / 2 + 0.02, color("#cfe6f5"));
      break;
    case "chest_freezer": {
      const floor = f.levels[0] ?? 0.3;
      parts.push(kit.box(w, floor, d, 0, floor / 2, 0, FREEZER));
      for (const s of [-1, 1]) {
        parts.push(kit.box(w, H - floor, 0.06, 0, floor + (H - floor) / 2, s * (d / 2 - 0.03), FREEZER));
        parts.push(kit.box(0.06, H - floor, d, s * (w / 2 - 0.03), floor + (H - floor) / 2, 0, FREEZER));
      }
      parts.push(kit.box(w - 0.1, 0.01, d - 0.1, 0, floor + 0.005, 0, FREEZER_INSIDE));
      glass = kit.box(w - 0.1, 0.01, d - 0.1, 0, H - 0.01, 0, color("#cfe6f5"));
      break;
    }
    case "open_cooler":
      parts.push(kit.box(w, H, 0.1, 0, H / 2, d / 2 - 0.05, COOLER));
      for (const s of [-1, 1]) parts.push(kit.box(0.05, H, d, s * (w / 2 - 0.025), H / 2, 0, COOLER));
      parts.push(kit.box(w, 0.23, d, 0, 0.115, 0, COOLER));
      parts.push(kit.box(w, 0.2, d * 0.7, 0, H - 0.1, d * 0.15, COOLER));
      boards(COOLER_INSIDE, 0.1, 0.05);
      break;
    case "produce_stand": {
      const top = f.levels[0] ?? 0.75;
      const wk = kit.withFinish(wood);
      grained.push(wk.box(w, 0.04, d, 0, top - 0.02, 0, WOOD));
      for (const s of [-1, 1])
        grained.push(wk.box(w, top - 0.04, 0.03, 0, (top - 0.04) / 2, s * (d / 2 - 0.015), WOOD_DARK));
      for (const s of [-1, 1])
        grained.push(wk.box(0.03, top - 0.04, d, s * (w / 2 - 0.015), (top - 0.04) / 2, 0, WOOD_DARK));
      break;
    }
  }
  return { parts, grained, glass };
}

/**
 * The hanging sign's boards (the front, then a produce stand's grained wood, then an island's back
 * board) and, added to `parts`, the two rods it hangs from.
 */
function hangSign(
  kit: ShapeKit,
  f: Fixture,
  sign: UvRect,
  parts: BufferGeometry[],
  grained: BufferGeometry[],
): BufferGeometry[] {
  const { width: w, depth: d } = f.size;
  const signW = Math.min(w * 0.8, 2.2);
  const hangAt = f.kind === "chest_freezer" || f.kind === "produce_stand" ? 2.1 : SIGN_HEIGHT;
  const front = kit.labelledBox(signW, SIGN.h, SIGN.d, color("#ffffff"), sign);
  // Island fixtures hang two boards back to back, one readable from each aisle.
  front.translate(0, hangAt - SIGN.h / 2, f.sides.length === 2 ? -SIGN.d / 2 : -d / 2 + 0.05);
  const boardsOf = [front, ...grained];
  if (f.sides.length === 2) {
    const back = kit.labelledBox(signW, SIGN.h, SIGN.d, color("#ffffff"), sign).rotateY(Math.PI);
    boardsOf.push(back.translate(0, hangAt - SIGN.h / 2, SIGN.d / 2));
  }
  parts.push(
    kit.box(
      0.02,
      3.6 - hangAt,
      0.02,
      -signW / 3,
      hangAt + (3.6 - hangAt) / 2,
      f.sides.length === 2 ? 0 : -d / 2 + 0.05,
      METAL,
    ),
  );
  parts.push(
    kit.box(
      0.02,
      3.6 - hangAt,
      0.02,
      signW / 3,
      hangAt + (3.6 - hangAt) / 2,
      f.sides.length === 2 ? 0 : -d / 2 + 0.05,
      METAL,
    ),
  );
  return boardsOf;
}
