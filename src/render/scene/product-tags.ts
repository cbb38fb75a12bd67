import type { BufferGeometry } from "three";
import { CAMERA } from "../../core/camera.js";
import type { Instance } from "../../core/instance.js";
import type { FurnitureProduct, Product } from "../../core/product.js";
import { type CardSpot, placeCards, type Solid } from "./card-placement.js";
import { nameWithout, PACKAGING_COMMONPLACES } from "./hero-word.js";
import type { AtlasPool, LabelAtlas, LabelText } from "./label-atlas.js";
import { color, type UvRect } from "./shape-kit.js";
import { Groups, type TagGroup } from "./tag-groups.js";

const DEG = Math.PI / 180;
const EYE = CAMERA.eyeHeight;
const CARD = { w: 0.6, h: 0.44, d: 0.01, centre: 1.05, maxTurn: 60 * DEG } as const;
const POLE = color("#3a3a3a");

/** A plinth's footprint and height, to hang the cards of the goods on it on its front face. */
export interface PlinthShape {
  footprint: [number, number][];
  height: number;
}

/**
 * A product card per furniture piece (series name large, what it is, its colour, size and price):
 * for a piece on the floor, on a slim stand beside one of its corners (in front of it, the card would
 * hide what it describes) or at a tall piece's foot, turned towards where a shopper stands to look
 * over the area (`viewpoint`); for a piece on a plinth, on the plinth's front face below it, as wide
 * as the space the piece has there, or on a pole above it where the face is hidden. Which spot, and
 * how high the stand, is chosen per area so that from its standing point the cards read best together
 * (pieces in front, plinths and other cards hide a card: `placeCards`). Returned per display area, in
 * world coordinates, so cards segment as the area that shows them.
 */
export function productCards(
  pool: AtlasPool,
  instances: Instance[],
  products: Map<string, Product>,
  heroOf: (name: string) => string,
  plinths: ReadonlyMap<string, PlinthShape>,
  viewpoint: (area: string) => [number, number] | undefined = () => undefined,
): TagGroup[] {
  const labels = new Map<string, { atlas: LabelAtlas; uv: UvRect }>();
  const groups = new Groups();
  const plinthKey = (i: Instance) => (i.on.type === "plinth" ? `${i.on.area}|${i.on.plinth}` : undefined);
  const onPlinth = new Map<string, Instance[]>();
  for (const i of instances) {
    const key = plinthKey(i);
    if (key) onPlinth.set(key, [...(onPlinth.get(key) ?? []), i]);
  }
  const byArea = new Map<string, { inst: Instance; p: FurnitureProduct }[]>();
  for (const inst of instances) {
    const p = products.get(inst.product);
    if (p?.kind !== "furniture" || inst.on.type === "level") continue;
    byArea.set(inst.on.area, [...(byArea.get(inst.on.area) ?? []), { inst, p }]);
  }
  for (const [area, pieces] of byArea) {
    const view = viewpoint(area);
    const spots = pieces.map(({ inst, p }) => {
      const key = plinthKey(inst);
      const plinth = key ? plinths.get(key) : undefined;
      return plinth
        ? plinthSpots(inst, p, plinth, onPlinth.get(key!) ?? [], view)
        : standingSpots(inst, p, view);
    });
    const picked = view ? pickSpots(area, view, pieces, spots, plinths) : spots.map(() => 0);
    const names = pieces.map(({ p }) => p.name);
    pieces.forEach(({ inst, p }, i) => {
      let label = labels.get(p.id);
      if (!label) {
        // A product shows in one area; were it in two, its card reads as in the first.
        const atlas = pool.withRoom();
        label = { atlas, uv: atlas.addLabel(cardText(p, heroOf, names), CARD.w / CARD.h) };
        labels.set(p.id, label);
      }
      const card = cardGeometry(label.atlas.kit, label.uv, spots[i]![picked[i]!]!)
        .rotateY(inst.yaw * DEG)
        .translate(inst.x, inst.y, inst.z);
      groups.add(area, label.atlas, card);
    });
  }
  return groups.merged();
}

/** Where a card may go, in its piece's frame: its lower edge's centre, size, yaw and stand. */
interface LocalSpot {
  x: number;
  z: number;
  /** Height of the card's lower edge above the piece's base. */
  bottom: number;
  w: number;
  h: number;
  /** Radians, as `rotateY` turns it; 0 faces the piece's front. */
  yaw: number;
  /** A slim pole from the piece's base up to the card (a stand on the floor or on the plinth). */
  pole: boolean;
  preference: number;
}

/** Stand heights (the card's centre) a floor piece's card may take: the first unless higher reads better. */
const STAND_CENTRES: [number, number][] = [
  [CARD.centre, 1],
  [1.4, 0.93],
  [1.75, 0.86],
];

/** A piece this tall (m) may have its card at its foot, in front of it. */
const TALL = 1.3;

/** How far a card at (x, z) in a piece's frame turns towards the viewer there, up to `CARD.maxTurn`. */
function turnTowards(seen: [number, number] | undefined, x: number, z: number): number {
  const turn = seen ? Math.atan2(-(seen[0] - x), -(seen[1] - z)) : 0;
  return Math.max(-CARD.maxTurn, Math.min(CARD.maxTurn, turn));
}

/**
 * A floor piece's card spots: on a slim stand beside either front corner (the side of the area's
 * standing point first: the piece would hide a card on its far side) at each stand height, turned
 * towards the standing point as far as `CARD.maxTurn`, so a shopper arriving there reads it face on.
 */
function standingSpots(inst: Instance, p: FurnitureProduct, view: [number, number] | undefined): LocalSpot[] {
  const { width: w, depth: d } = p.shape.dims;
  const seen = view ? localPoint(inst, view[0], view[1]) : undefined;
  const near = seen && seen[0] < 0 ? -1 : 1;
  // Front corners first; a back corner for a piece beside the standing point, whose front corners
  // are at the frame's edge or past it (a low piece does not hide a card behind it).
  const corners: [number, number, number][] = [
    [near, -d / 2 + 0.02, 1],
    [-near, -d / 2 + 0.02, 1],
    [near, d / 2 - 0.02, 0.95],
    [-near, d / 2 - 0.02, 0.95],
  ];
  const beside = corners.flatMap(([side, z, atCorner]) =>
    STAND_CENTRES.map(([centre, atHeight]) => {
      const x = side * (w / 2 + CARD.w / 2 + 0.08);
      const yaw = turnTowards(seen, x, z);
      const preference = atCorner * atHeight;
      return { x, z, bottom: centre - CARD.h / 2, w: CARD.w, h: CARD.h, yaw, pole: true, preference };
    }),
  );
  // A tall piece (a wardrobe, a bookcase) between others, its corners at the frame's edge or in its
  // neighbours: a low card at its foot, hiding only its plinth and lowest shelf.
  if (p.shape.dims.height < TALL) return beside;
  const z = -d / 2 - 0.1;
  const foot = { x: 0, z, bottom: 0.25, w: CARD.w, h: CARD.h, yaw: turnTowards(seen, 0, z), pole: true };
  return [...beside, { ...foot, preference: 0.8 }];
}

/**
 * A plinth good's card spots: on the plinth's front face below it, as wide as the room it has there
 * (so cards hide neither the goods nor each other), or, where pieces in front hide that face, on a
 * pole at its back, above it, turned towards the standing point.
 */
function plinthSpots(
  inst: Instance,
  p: FurnitureProduct,
  plinth: PlinthShape,
  neighbours: Instance[],
  view: [number, number] | undefined,
): LocalSpot[] {
  const toLocal = ([x, z]: [number, number]) => localPoint(inst, x, z);
  const front = Math.min(...plinth.footprint.map((c) => toLocal(c)[1]));
  const xs = plinth.footprint.map((c) => toLocal(c)[0]);
  let room = Math.max(...xs) - Math.min(...xs);
  for (const o of neighbours) if (o !== inst) room = Math.min(room, Math.abs(toLocal([o.x, o.z])[0]));
  const cw = Math.min(CARD.w, room * 0.92, ((plinth.height - 0.06) * CARD.w) / CARD.h);
  const ch = (cw * CARD.h) / CARD.w;
  const face = { x: 0, z: front - CARD.d / 2 - 0.003, bottom: -0.02 - ch, w: cw, h: ch, yaw: 0 };
  const rw = Math.min(CARD.w, room * 0.92);
  const { height, depth } = p.shape.dims;
  const seen = view ? localPoint(inst, view[0], view[1]) : undefined;
  const z = depth / 2 - 0.02;
  const raised = {
    x: 0,
    z,
    bottom: height + 0.05,
    w: rw,
    h: (rw * CARD.h) / CARD.w,
    yaw: turnTowards(seen, 0, z),
  };
  return [
    { ...face, pole: false, preference: 1 },
    { ...raised, pole: true, preference: 0.9 },
  ];
}

/** For pieces seen through below, the share of their height, from the top, that hides what is behind. */
const HIDING_TOP: Partial<Record<FurnitureProduct["shape"]["form"], number>> = {
  "floor-lamp": 0.3,
  "table-lamp": 0.5,
  "desk-lamp": 0.5,
  "dining-table": 0.15,
  "coffee-table": 0.3,
  "side-table": 0.3,
  desk: 0.15,
  "plant-stand": 0.2,
};

/** The spot each piece's card takes in one area, as `placeCards` finds them best seen from `view`. */
function pickSpots(
  area: string,
  view: [number, number],
  pieces: { inst: Instance; p: FurnitureProduct }[],
  spots: LocalSpot[][],
  plinths: ReadonlyMap<string, PlinthShape>,
): number[] {
  const solids: Solid[] = pieces.map(({ inst, p }) => {
    const { width, height, depth } = p.shape.dims;
    // What hides a card is the solid part of a piece: a lamp's shade, a table's top (one sees
    // between a lamp's stem and under a table), else its whole box.
    const top = HIDING_TOP[p.shape.form] ?? 1;
    return {
      centre: [inst.x, inst.y + height * (1 - top / 2), inst.z],
      half: [width / 2, (height * top) / 2, depth / 2],
      yaw: inst.yaw * DEG,
    };
  });
  for (const [key, plinth] of plinths) {
    if (!key.startsWith(`${area}|`)) continue;
    const xs = plinth.footprint.map((c) => c[0]);
    const zs = plinth.footprint.map((c) => c[1]);
    const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
    solids.push({
      centre: [(x0 + x1) / 2, plinth.height / 2, (z0 + z1) / 2],
      half: [(x1 - x0) / 2, plinth.height / 2, (z1 - z0) / 2],
      yaw: 0,
    });
  }
  // The shopper looks over the area's goods: towards their middle.
  const mx = pieces.reduce((s, { inst }) => s + inst.x, 0) / pieces.length - view[0];
  const mz = pieces.reduce((s, { inst }) => s + inst.z, 0) / pieces.length - view[1];
  const len = Math.hypot(mx, mz) || 1;
  const viewer = {
    eye: [view[0], EYE, view[1]] as [number, number, number],
    forward: [mx / len, mz / len] as [number, number],
  };
  const choices = pieces.map(({ inst }, i) => ({
    spots: spots[i]!.map((s) => worldSpot(inst, s)),
  }));
  return placeCards(viewer, choices, solids);
}

/** A local spot in world coordinates (its face's centre), for `placeCards`. */
function worldSpot(inst: Instance, s: LocalSpot): CardSpot {
  const a = inst.yaw * DEG;
  const [c, n] = [Math.cos(a), Math.sin(a)];
  return {
    centre: [inst.x + s.x * c + s.z * n, inst.y + s.bottom + s.h / 2, inst.z - s.x * n + s.z * c],
    w: s.w,
    h: s.h,
    yaw: a + s.yaw,
    preference: s.preference,
  };
}

/** A card at its spot (and its pole), in its piece's frame. */
function cardGeometry(kit: LabelAtlas["kit"], uv: UvRect, s: LocalSpot): BufferGeometry {
  const card = kit
    .labelledBox(s.w, s.h, CARD.d, color("#ffffff"), uv)
    // A stand's card hangs just in front of its pole.
    .translate(0, 0, s.pole ? -0.02 : 0)
    .rotateY(s.yaw)
    .translate(s.x, s.bottom, s.z);
  return s.pole ? kit.merge([card, kit.box(0.025, s.bottom, 0.025, s.x, s.bottom / 2, s.z, POLE)]) : card;
}

/** A world point (x, z) in an instance's own frame (front facing -z). */
function localPoint(inst: Instance, x: number, z: number): [number, number] {
  const dx = x - inst.x;
  const dz = z - inst.z;
  const a = -inst.yaw * DEG;
  return [dx * Math.cos(a) + dz * Math.sin(a), -dx * Math.sin(a) + dz * Math.cos(a)];
}

/**
 * A card's text. Where another piece in its area is of the same series (two PAX wardrobes), the word
 * of its name that no other piece there has ("Vikedal") is printed as large as the series, beside it:
 * the series alone tells the shopper nothing about which of the two this is.
 */
function cardText(p: FurnitureProduct, heroOf: (name: string) => string, area: string[]): LabelText {
  const hero = heroOf(p.name);
  const rest = nameWithout(p.name, hero);
  const others = area.filter((n) => n !== p.name);
  const apart = others.some((n) => heroOf(n) === hero) ? telling(rest, others) : undefined;
  return {
    top: p.brand,
    hero: apart ? `${hero} ${apart}` : hero,
    main: rest,
    foot: `$${p.price.toLocaleString("en-US")}`,
    background: "#ffffff",
    accent: "#f2c230",
    style: "card",
  };
}

/** The first word of `text` (four letters or more, no commonplace) in none of `others`, if any. */
function telling(text: string, others: string[]): string | undefined {
  const taken = new Set(others.flatMap((n) => n.toLowerCase().split(/[^\p{L}]+/u)));
  return text
    .split(/[^\p{L}]+/u)
    .find(
      (w) => w.length >= 4 && !PACKAGING_COMMONPLACES.has(w.toLowerCase()) && !taken.has(w.toLowerCase()),
    );
}
