import type { BufferGeometry } from "three";
import { CAMERA } from "../../core/camera.js";
import type { Instance } from "../../core/instance.js";
import type { FurnitureProduct, GroceryProduct, Product } from "../../core/product.js";
import type { Fixture } from "../../core/spatial.js";
import { nameWithout } from "./hero-word.js";
import type { AtlasPool, LabelAtlas, LabelText } from "./label-atlas.js";
import { color, type UvRect } from "./shape-kit.js";

const DEG = Math.PI / 180;
const TAG = { h: 0.08, d: 0.004, max: 0.45, every: 0.9, maxTilt: 35 * DEG, viewDistance: 0.9 } as const;
const EYE = CAMERA.eyeHeight;
const CARD = { w: 0.6, h: 0.44, d: 0.01, centre: 1.05, maxTurn: 60 * DEG } as const;
const POLE = color("#3a3a3a");

/** Where an instance stands in its fixture's own frame (front facing -z). */
function local(inst: Instance, f: Fixture): [number, number] {
  const dx = inst.x - f.location[0];
  const dz = inst.z - f.location[1];
  const a = -f.yaw * DEG;
  return [dx * Math.cos(a) + dz * Math.sin(a), -dx * Math.sin(a) + dz * Math.cos(a)];
}

/** How far in from the fixture's face its shelf edges are, and the height a tag's top hangs at. */
function edge(f: Fixture, level: number): { inset: number; top: number } {
  if (f.kind === "chest_freezer") return { inset: 0, top: f.size.height - 0.01 };
  if (f.kind === "open_cooler" || f.kind === "upright_freezer") return { inset: 0.1, top: level };
  return { inset: 0, top: level };
}

/** Geometry drawn with one atlas, grouped by what it segments as (a fixture or an area id). */
export interface TagGroup {
  id: string;
  geometry: BufferGeometry;
  atlas: LabelAtlas;
}

/** Parts of one group (a fixture or an area, one atlas), gathered before they are merged. */
class Groups {
  private readonly byKey = new Map<string, { id: string; atlas: LabelAtlas; parts: BufferGeometry[] }>();

  add(id: string, atlas: LabelAtlas, part: BufferGeometry): void {
    const key = `${id}|${atlas.texture.uuid}`;
    const group = this.byKey.get(key) ?? { id, atlas, parts: [] };
    group.parts.push(part);
    this.byKey.set(key, group);
  }

  merged(): TagGroup[] {
    return [...this.byKey.values()].map(({ id, atlas, parts }) => ({
      id,
      atlas,
      geometry: atlas.kit.merge(parts),
    }));
  }
}

/**
 * Shelf-edge price tags under each run of a product's facings (hero word large, brand and name,
 * size, price), one per `TAG.every` metres of run so a shopper standing anywhere along it sees one,
 * in each fixture's frame, so they segment as the fixture they hang on, as a real tag is part of the
 * shelf.
 */
export function shelfTags(
  pool: AtlasPool,
  fixtures: Fixture[],
  instances: Instance[],
  products: Map<string, Product>,
  heroOf: (name: string) => string,
): TagGroup[] {
  const labels = new Map<string, { atlas: LabelAtlas; uv: UvRect }>();
  const runs = new Map<
    string,
    { f: Fixture; side: string; level: number; product: GroceryProduct; xs: number[]; reach: number }
  >();
  const byId = new Map(fixtures.map((f) => [f.id, f]));
  for (const inst of instances) {
    if (inst.on.type !== "level") continue;
    const f = byId.get(inst.on.fixture);
    const p = products.get(inst.product);
    if (!f || p?.kind !== "grocery") continue;
    const key = `${f.id}|${inst.on.side}|${inst.on.level}|${p.id}`;
    const run = runs.get(key) ?? {
      f,
      side: inst.on.side,
      level: f.levels[inst.on.level] ?? 0,
      product: p,
      xs: [],
      reach: 0,
    };
    const [x, z] = local(inst, f);
    run.xs.push(x);
    // How far out from the fixture's centre the goods' fronts come, on their side.
    run.reach = Math.max(run.reach, (inst.on.side === "back" ? z : -z) + p.shape.dims.depth / 2);
    runs.set(key, run);
  }
  const groups = new Groups();
  for (const { f, side, level, product: p, xs, reach } of runs.values()) {
    const [lo, hi] = [Math.min(...xs) - p.shape.dims.width / 2, Math.max(...xs) + p.shape.dims.width / 2];
    const count = Math.max(1, Math.round((hi - lo) / TAG.every));
    const w = Math.round(Math.min(TAG.max, ((hi - lo) / count) * 0.9) * 20) / 20;
    const labelKey = `${p.id}|${w}`;
    let label = labels.get(labelKey);
    if (!label) {
      const hero = heroOf(p.name);
      const atlas = pool.withRoom();
      label = {
        atlas,
        uv: atlas.addLabel(
          {
            top: "",
            hero,
            name: p.name,
            main: `${p.brand} ${nameWithout(p.name, hero)}`,
            foot: p.size,
            price: `$${p.price.toFixed(2)}`,
            background: "#ffffff",
            accent: "#d22f27",
            style: "tag",
          },
          w / TAG.h,
        ),
      };
      labels.set(labelKey, label);
    }
    const { inset, top } = edge(f, level);
    // Tilted up towards the eye, as label holders on low shelves are, hinged at the shelf edge.
    const tilt = Math.min(TAG.maxTilt, 0.6 * Math.atan2(Math.max(0, EYE - top), TAG.viewDistance));
    // On the shelf edge, or in front of goods that stand out past it (an open cooler's), which would
    // otherwise hide the top of the tag from a shopper looking down.
    const z = Math.max(f.size.depth / 2 - inset, reach) + TAG.d / 2 + 0.002;
    for (let i = 0; i < count; i++) {
      const cx = lo + ((i + 0.5) * (hi - lo)) / count;
      const tag = label.atlas.kit
        .labelledBox(w, TAG.h, TAG.d, color("#ffffff"), label.uv)
        .translate(0, -TAG.h, 0)
        .rotateX(tilt)
        .translate(0, top, 0);
      if (side === "back") tag.rotateY(Math.PI).translate(cx, 0, z);
      else tag.translate(cx, 0, -z);
      groups.add(f.id, label.atlas, tag);
    }
  }
  return groups.merged();
}

/** A plinth's footprint and height, to hang the cards of the goods on it on its front face. */
export interface PlinthShape {
  footprint: [number, number][];
  height: number;
}

/**
 * A product card per furniture piece (series name large, what it is, its colour, size and price):
 * for a piece on the floor, on a slim stand beside its front corner (in front of it, the card would
 * hide what it describes), turned towards where a shopper stands to look over the area
 * (`viewpoint`); for a piece on a plinth, on the plinth's front face below it, as wide as
 * the space the piece has there, so cards neither hide the goods nor each other. Returned per display
 * area, in world coordinates, so cards segment as the area that shows them.
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
  for (const inst of instances) {
    const p = products.get(inst.product);
    if (p?.kind !== "furniture" || inst.on.type === "level") continue;
    let label = labels.get(p.id);
    if (!label) {
      const atlas = pool.withRoom();
      label = { atlas, uv: atlas.addLabel(cardText(p, heroOf), CARD.w / CARD.h) };
      labels.set(p.id, label);
    }
    const kit = label.atlas.kit;
    const key = plinthKey(inst);
    const plinth = key ? plinths.get(key) : undefined;
    const pieces: BufferGeometry[] = [];
    if (plinth) {
      const toLocal = ([x, z]: [number, number]) => localPoint(inst, x, z);
      const front = Math.min(...plinth.footprint.map((c) => toLocal(c)[1]));
      const xs = plinth.footprint.map((c) => toLocal(c)[0]);
      let room = Math.max(...xs) - Math.min(...xs);
      for (const o of onPlinth.get(key!) ?? [])
        if (o !== inst) room = Math.min(room, Math.abs(toLocal([o.x, o.z])[0]));
      const cw = Math.min(CARD.w, room * 0.92, ((plinth.height - 0.06) * CARD.w) / CARD.h);
      const ch = (cw * CARD.h) / CARD.w;
      pieces.push(
        kit
          .labelledBox(cw, ch, CARD.d, color("#ffffff"), label.uv)
          .translate(0, -0.02 - ch, front - CARD.d / 2 - 0.003),
      );
    } else pieces.push(...standingCard(kit, label.uv, inst, p, viewpoint(inst.on.area)));
    const card = kit
      .merge(pieces)
      .rotateY(inst.yaw * DEG)
      .translate(inst.x, inst.y, inst.z);
    groups.add(inst.on.area, label.atlas, card);
  }
  return groups.merged();
}

/**
 * A card on a slim stand beside a floor piece's front corner, on the side the aisle's standing point
 * is on (the piece would hide a card on its far side), turned towards that point as far as
 * `CARD.maxTurn`, so a shopper arriving there reads it face on. In the piece's frame.
 */
function standingCard(
  kit: LabelAtlas["kit"],
  uv: UvRect,
  inst: Instance,
  p: FurnitureProduct,
  viewer: [number, number] | undefined,
): BufferGeometry[] {
  const { width: w, depth: d } = p.shape.dims;
  const seen = viewer ? localPoint(inst, viewer[0], viewer[1]) : undefined;
  const side = seen && seen[0] < 0 ? -1 : 1;
  const cx = side * (w / 2 + CARD.w / 2 + 0.08);
  const cz = -d / 2 + 0.02;
  const turn = seen ? Math.atan2(-(seen[0] - cx), -(seen[1] - cz)) : 0;
  const yaw = Math.max(-CARD.maxTurn, Math.min(CARD.maxTurn, turn));
  const foot = CARD.centre - CARD.h / 2;
  return [
    kit
      .labelledBox(CARD.w, CARD.h, CARD.d, color("#ffffff"), uv)
      .translate(0, 0, -0.02)
      .rotateY(yaw)
      .translate(cx, foot, cz),
    kit.box(0.025, foot, 0.025, cx, foot / 2, cz, POLE),
  ];
}

/** A world point (x, z) in an instance's own frame (front facing -z). */
function localPoint(inst: Instance, x: number, z: number): [number, number] {
  const dx = x - inst.x;
  const dz = z - inst.z;
  const a = -inst.yaw * DEG;
  return [dx * Math.cos(a) + dz * Math.sin(a), -dx * Math.sin(a) + dz * Math.cos(a)];
}

function cardText(p: FurnitureProduct, heroOf: (name: string) => string): LabelText {
  const hero = heroOf(p.name);
  const rest = nameWithout(p.name, hero);
  return {
    top: p.brand,
    hero,
    main: rest,
    foot: `$${p.price.toLocaleString("en-US")}`,
    background: "#ffffff",
    accent: "#f2c230",
    style: "card",
  };
}
