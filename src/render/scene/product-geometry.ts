import type { BufferGeometry, Color } from "three";
import type { FurnitureProduct, GroceryProduct } from "../../core/product.js";
import { color, cylinderLabelWidth, type ShapeKit, type UvRect } from "./shape-kit.js";

const CYLINDERS = new Set(["can", "jar", "tub", "cup", "bottle", "spray-bottle", "jug"]);

/** The aspect (width / height) of the face a grocery label is printed on. */
export function groceryLabelAspect(p: GroceryProduct): number {
  const { width, height, depth } = p.shape.dims;
  if (CYLINDERS.has(p.shape.form)) {
    const body =
      p.shape.form === "jar" ? 0.85 : p.shape.form === "bottle" || p.shape.form === "spray-bottle" ? 0.7 : 1;
    return cylinderLabelWidth(Math.min(width, depth) / 2) / (height * body);
  }
  if (p.shape.form === "crate") return width / (height * 0.6);
  return width / height;
}

/** Packages that lie flat when they are much deeper than tall, printed on top as well as in front. */
const FLAT_PACKS = new Set(["box", "bag", "tray", "pouch", "carton", "multipack", "clamshell"]);

/**
 * The aspect of a flat pack's top face (a frozen pizza, a tray of meat: a shopper reads them from
 * above, in a chest freezer or on a low shelf), or undefined for a package printed in front only.
 */
export function groceryTopAspect(p: GroceryProduct): number | undefined {
  const { width, height, depth } = p.shape.dims;
  return FLAT_PACKS.has(p.shape.form) && height < 0.6 * depth ? width / depth : undefined;
}

/** Packages whose lid is printed (a yoghurt cup, a dip or ice-cream tub): a square label on top. */
export function groceryHasLid(p: GroceryProduct): boolean {
  return p.shape.form === "tub" || p.shape.form === "cup";
}

/**
 * One unit of a grocery product, standing on y = 0 with its front (the label) facing -z: cylinders
 * for cans, jars, tubs, cups, bottles and jugs; boxes for the rest (flat packs labelled on top too);
 * produce crates with a heap on top.
 */
export function groceryGeometry(
  kit: ShapeKit,
  p: GroceryProduct,
  label: UvRect,
  topLabel?: UvRect,
): BufferGeometry {
  const { width: w, height: h, depth: d } = p.shape.dims;
  const primary = color(p.appearance.primary);
  const accent = color(p.appearance.accent);
  const r = Math.min(w, d) / 2;
  switch (p.shape.form) {
    case "can":
      return kit.labelledCylinder(r, h, primary, label, color("#c8c8c8"));
    case "tub":
    case "cup":
      return kit.labelledCylinder(r, h, primary, label, accent, topLabel);
    case "jar":
      return kit.merge([
        kit.labelledCylinder(r, h * 0.85, primary, label),
        kit.cylinder(r * 0.92, r * 0.92, h * 0.15, 0, h * 0.85, 0, accent, 16),
      ]);
    case "bottle":
    case "spray-bottle":
    case "jug": {
      const body = p.shape.form === "jug" ? 0.8 : 0.7;
      const parts = [
        kit.labelledCylinder(r, h * body, primary, label),
        kit.cylinder(r * 0.35, r, h * 0.12, 0, h * body, 0, primary, 16),
        kit.cylinder(r * 0.33, r * 0.33, h * (0.88 - body), 0, h * (body + 0.12), 0, accent, 10),
      ];
      if (p.shape.form === "spray-bottle")
        parts.push(kit.box(r * 0.7, h * 0.06, r * 1.2, 0, h * 0.97, -r * 0.3, accent));
      return kit.merge(parts);
    }
    case "crate": {
      const heap: BufferGeometry[] = [];
      const ball = Math.min(w, d) / 5;
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 2; j++) {
          heap.push(kit.sphere(ball, (i - 1) * (w / 3), h * 0.6 + ball * 0.6, (j - 0.5) * (d / 2), primary));
        }
      }
      return kit.merge([kit.labelledBox(w, h * 0.6, d, accent, label, primary), ...heap]);
    }
    default:
      return kit.labelledBox(w, h, d, primary, label, p.shape.form === "tray" ? accent : undefined, topLabel);
  }
}

/** Where a furniture piece's name tag hangs, and how big it is, metres. */
export function furnitureTag(p: FurnitureProduct): { w: number; h: number; y: number } {
  const { width, height } = p.shape.dims;
  const w = Math.min(0.6, Math.max(0.1, width * 0.6));
  const h = w * 0.6;
  // High on a tall piece (a wardrobe's tag shows over the goods and cards in front of it).
  const y = Math.min(Math.max(height * 0.55, height - 0.45, h / 2 + 0.02), 1.45);
  return { w, h, y };
}

type Parts = BufferGeometry[];

function legs(kit: ShapeKit, w: number, d: number, h: number, t: number, c: Color, parts: Parts) {
  for (const sx of [-1, 1])
    for (const sz of [-1, 1]) parts.push(kit.box(t, h, t, sx * (w / 2 - t), h / 2, sz * (d / 2 - t), c));
}

/** A piece being built: its form, size and colours, the kits of its finishes, and its parts so far. */
interface Piece {
  form: FurnitureProduct["shape"]["form"];
  w: number;
  h: number;
  d: number;
  body: Color;
  acc: Color;
  /** Body parts show the body's finish, accent parts (legs, frames, bases) the frame's. */
  bk: ShapeKit;
  ak: ShapeKit;
  /** Thickness of legs and sides. */
  t: number;
  parts: Parts;
}

/**
 * A furniture piece built from primitives in its catalog colours (body in the primary, legs, frames,
 * shades and pots in the accent), standing on y = 0 with its front facing -z, and a name tag on the
 * front that shows the atlas label.
 */
export function furnitureGeometry(
  kit: ShapeKit,
  p: FurnitureProduct,
  label: UvRect,
  finishes: { body?: UvRect; frame?: UvRect; cloth?: UvRect } = {},
): BufferGeometry {
  const { width: w, height: h, depth: d } = p.shape.dims;
  const body = color(p.appearance.primary);
  const acc = color(p.appearance.accent);
  const parts: Parts = [];
  const bk = kit.withFinish(finishes.body);
  const ak = kit.withFinish(finishes.frame);
  const t = Math.max(0.025, Math.min(w, d) * 0.06);
  const piece: Piece = { form: p.shape.form, w, h, d, body, acc, bk, ak, t, parts };
  switch (p.shape.form) {
    case "chair":
    case "office-chair":
    case "gaming-chair":
    case "stool":
    case "bench":
    case "armchair":
    case "sofa":
    case "ottoman":
      seatingParts(piece);
      break;
    case "dining-table":
    case "coffee-table":
    case "side-table":
    case "desk":
      tableParts(piece);
      break;
    case "bed":
    case "crib":
      // Mattress and pillows are cloth whatever the frame is made of.
      bedParts(piece, kit.withFinish(finishes.cloth));
      break;
    case "bookcase":
    case "shelf-unit":
    case "plant-stand":
    case "cabinet":
    case "wardrobe":
    case "dresser":
    case "nightstand":
    case "tv-bench":
    case "sideboard":
    case "storage-box":
      caseParts(piece);
      break;
    default:
      decorParts(piece);
  }
  const tag = furnitureTag(p);
  parts.push(
    kit
      .labelledBox(tag.w, tag.h, 0.006, color("#ffffff"), label)
      .translate(0, tag.y - tag.h / 2, -d / 2 - 0.01),
  );
  return kit.merge(parts);
}

/** Chairs, stools and benches on legs or a base; armchairs and sofas; ottomans. */
function seatingParts({ form, w, h, d, body, acc, bk, ak, t, parts }: Piece): void {
  switch (form) {
    case "chair":
    case "office-chair":
    case "gaming-chair":
    case "stool":
    case "bench": {
      const seat = form === "stool" ? h * 0.95 : Math.min(0.5, h * 0.5);
      if (form === "office-chair" || form === "gaming-chair") {
        parts.push(ak.cylinder(w * 0.45, w * 0.45, 0.06, 0, 0, 0, acc, 10));
        parts.push(ak.cylinder(0.03, 0.03, seat - 0.1, 0, 0.06, 0, acc, 8));
      } else legs(ak, w, d, seat - 0.05, t, acc, parts);
      parts.push(bk.box(w, 0.07, d * 0.9, 0, seat - 0.02, 0, body));
      if (form !== "stool" && form !== "bench") {
        parts.push(bk.box(w, h - seat, 0.07, 0, seat + (h - seat) / 2, d / 2 - 0.05, body));
      }
      break;
    }
    case "armchair":
    case "sofa": {
      const seat = Math.min(0.45, h * 0.5);
      const arm = Math.min(0.18, w * 0.12);
      parts.push(bk.box(w, seat, d, 0, seat / 2, 0, body));
      parts.push(bk.box(w, h - seat, d * 0.22, 0, seat + (h - seat) / 2, d / 2 - d * 0.11, body));
      for (const s of [-1, 1])
        parts.push(bk.box(arm, h * 0.75, d, s * (w / 2 - arm / 2), (h * 0.75) / 2, 0, body));
      parts.push(bk.box(w - 2 * arm, 0.08, d * 0.7, 0, seat + 0.04, -d * 0.1, acc));
      break;
    }
    case "ottoman":
      parts.push(bk.cylinder(w / 2, w / 2, h, 0, 0, 0, body, 16));
      break;
  }
}

/** Tables and desks: a top on four legs (a desk's drawers, a coffee table's shelf). */
function tableParts({ form, w, h, d, body, acc, bk, ak, t, parts }: Piece): void {
  const top = Math.max(0.025, Math.min(0.05, h * 0.06));
  legs(ak, w, d, h - top, t, acc, parts);
  parts.push(bk.box(w, top, d, 0, h - top / 2, 0, body));
  if (form === "desk") parts.push(bk.box(w * 0.3, h * 0.35, d * 0.9, w * 0.3, h - top - h * 0.175, 0, body));
  if (form === "coffee-table") parts.push(bk.box(w * 0.9, 0.02, d * 0.9, 0, h * 0.3, 0, body));
}

/** Beds and cribs: frame, mattress, headboard and pillows (`ck`: the cloth's kit). */
function bedParts({ w, h, d, body, acc, bk, parts }: Piece, ck: ShapeKit): void {
  parts.push(bk.box(w, 0.3, d, 0, 0.15, 0, body));
  parts.push(ck.box(w * 0.95, 0.18, d * 0.92, 0, 0.39, -d * 0.02, color("#f2f0ea")));
  parts.push(bk.box(w, h, 0.08, 0, h / 2, d / 2 - 0.04, body));
  parts.push(ck.box(w * 0.3, 0.1, 0.35, -w * 0.22, 0.52, d / 2 - 0.3, acc));
  parts.push(ck.box(w * 0.3, 0.1, 0.35, w * 0.22, 0.52, d / 2 - 0.3, acc));
}

/** Open shelving (bookcases, shelf units, plant stands) and closed storage with its fronts. */
function caseParts({ form, w, h, d, body, acc, bk, ak, t, parts }: Piece): void {
  switch (form) {
    case "bookcase":
    case "shelf-unit":
    case "plant-stand": {
      const shelves = Math.max(2, Math.round(h / 0.38));
      for (const s of [-1, 1]) parts.push(bk.box(t, h, d, s * (w / 2 - t / 2), h / 2, 0, body));
      parts.push(bk.box(w, h, 0.015, 0, h / 2, d / 2 - 0.008, body));
      for (let i = 0; i <= shelves; i++)
        parts.push(bk.box(w - 2 * t, 0.025, d, 0, (i * (h - 0.025)) / shelves + 0.0125, 0, body));
      break;
    }
    case "cabinet":
    case "wardrobe":
    case "dresser":
    case "nightstand":
    case "tv-bench":
    case "sideboard":
    case "storage-box": {
      parts.push(bk.box(w, h, d, 0, h / 2, 0, body));
      const fronts = form === "dresser" ? Math.max(2, Math.round(h / 0.25)) : form === "wardrobe" ? 1 : 2;
      for (let i = 1; i < fronts; i++)
        parts.push(ak.box(w * 0.96, 0.012, 0.01, 0, (i * h) / fronts, -d / 2 - 0.004, acc));
      if (form === "wardrobe" || form === "cabinet")
        parts.push(ak.box(0.012, h * 0.96, 0.01, 0, h / 2, -d / 2 - 0.004, acc));
      break;
    }
  }
}

/** Lamps, rugs, plants and pots, mirrors and clocks, play tents, toys and ornaments. */
function decorParts({ form, w, h, d, body, acc, bk, ak, parts }: Piece): void {
  switch (form) {
    case "floor-lamp":
    case "table-lamp":
    case "desk-lamp": {
      const shade = Math.min(h * 0.3, 0.45);
      parts.push(ak.cylinder(w * 0.4, w * 0.45, h * 0.04, 0, 0, 0, acc, 16));
      parts.push(ak.cylinder(0.015, 0.015, h - shade, 0, h * 0.04, 0, acc, 8));
      parts.push(bk.cylinder(w * 0.3, w * 0.5, shade, 0, h - shade, 0, body, 16));
      break;
    }
    case "rug":
      parts.push(bk.box(w, Math.max(0.01, h), d, 0, Math.max(0.005, h / 2), 0, body));
      parts.push(ak.box(w * 0.8, 0.004, d * 0.8, 0, Math.max(0.01, h) + 0.002, 0, acc));
      break;
    case "plant": {
      const pot = Math.min(h * 0.25, 0.4);
      parts.push(ak.cylinder(w * 0.3, w * 0.24, pot, 0, 0, 0, acc, 12));
      parts.push(bk.sphere(w / 2, 0, pot + (h - pot) / 2, 0, body, [1, (h - pot) / w, d / w]));
      break;
    }
    case "planter":
    case "vase":
      parts.push(bk.cylinder(w / 2, w * 0.38, h, 0, 0, 0, body, 16));
      parts.push(ak.cylinder(w * 0.46, w * 0.46, 0.01, 0, h - 0.02, 0, acc, 16));
      break;
    case "mirror":
    case "clock":
      parts.push(ak.box(w, h, Math.max(0.03, d), 0, h / 2, 0, acc));
      parts.push(bk.box(w * 0.86, h * 0.86, 0.01, 0, h / 2, -Math.max(0.03, d) / 2 - 0.004, body));
      break;
    case "play-tent":
      parts.push(bk.cylinder(0.02, w / 2, h, 0, 0, 0, body, 4));
      break;
    case "sports-equipment":
    case "toy":
    case "ornament": {
      const round = Math.max(w, h, d) / Math.min(w, h, d) < 1.4;
      if (round)
        parts.push(
          bk.sphere(Math.min(w, h, d) / 2, 0, h / 2, 0, body, [
            w / Math.min(w, h, d),
            h / Math.min(w, h, d),
            d / Math.min(w, h, d),
          ]),
        );
      else {
        parts.push(bk.box(w, h * 0.8, d, 0, h * 0.4, 0, body));
        parts.push(ak.box(w * 0.6, h * 0.2, d * 0.6, 0, h * 0.9, 0, acc));
      }
      break;
    }
  }
}
