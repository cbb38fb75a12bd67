import type { BufferGeometry } from "three";
import type { Instance } from "../../core/instance.js";
import type { FurnitureProduct, GroceryProduct, Product } from "../../core/product.js";
import type { Fixture } from "../../core/spatial.js";
import { nameWithout } from "./hero-word.js";
import type { LabelAtlas } from "./label-atlas.js";
import { color, type ShapeKit } from "./shape-kit.js";

const DEG = Math.PI / 180;
const TAG = { h: 0.06, d: 0.004, min: 0.09, max: 0.22 } as const;
const CARD = { w: 0.5, h: 0.36, d: 0.01, centre: 1.0, small: 0.45 } as const;
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

/**
 * Shelf-edge price tags, one under each run of a product's facings (name, size, price), in each
 * fixture's frame, so they segment as the fixture they hang on, as a real tag is part of the shelf.
 */
export function shelfTags(
  kit: ShapeKit,
  atlas: LabelAtlas,
  fixtures: Fixture[],
  instances: Instance[],
  products: Map<string, Product>,
  heroOf: (name: string) => string,
): Map<string, BufferGeometry> {
  const labels = new Map<string, ReturnType<LabelAtlas["addLabel"]>>();
  const runs = new Map<
    string,
    { f: Fixture; side: string; level: number; product: GroceryProduct; xs: number[] }
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
    };
    run.xs.push(local(inst, f)[0]);
    runs.set(key, run);
  }
  const parts = new Map<string, BufferGeometry[]>();
  for (const { f, side, level, product: p, xs } of runs.values()) {
    let label = labels.get(p.id);
    if (!label) {
      const hero = heroOf(p.name);
      label = atlas.addLabel(
        {
          top: "",
          hero,
          main: `${p.brand} ${nameWithout(p.name, hero)}`,
          foot: `$${p.price.toFixed(2)}  ${p.size}`,
          background: "#ffffff",
          accent: "#ffffff",
        },
        TAG.max / TAG.h,
      );
      labels.set(p.id, label);
    }
    const span = Math.max(...xs) - Math.min(...xs) + p.shape.dims.width;
    const w = Math.min(TAG.max, Math.max(TAG.min, span * 0.95));
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
    const { inset, top } = edge(f, level);
    // The label keeps the tag's full-width aspect; a narrower tag shows it squeezed, like a short strip.
    const tag = kit.labelledBox(w, TAG.h, TAG.d, color("#ffffff"), label).translate(0, top - TAG.h, 0);
    const z = f.size.depth / 2 - inset + TAG.d / 2 + 0.002;
    if (side === "back") tag.rotateY(Math.PI).translate(cx, 0, z);
    else tag.translate(cx, 0, -z);
    const list = parts.get(f.id) ?? [];
    list.push(tag);
    parts.set(f.id, list);
  }
  return new Map([...parts].map(([id, list]) => [id, kit.merge(list)]));
}

/**
 * A product card per furniture piece (series name large, the rest of its name, the price) on a slim
 * stand beside its front corner, facing where the piece faces; on a plinth a small card stands
 * beside the piece. Returned per display area, in world coordinates, so cards
 * segment as the area that shows them.
 */
export function productCards(
  kit: ShapeKit,
  atlas: LabelAtlas,
  instances: Instance[],
  products: Map<string, Product>,
  heroOf: (name: string) => string,
): Map<string, BufferGeometry> {
  const labels = new Map<string, ReturnType<LabelAtlas["addLabel"]>>();
  const parts = new Map<string, BufferGeometry[]>();
  for (const inst of instances) {
    const p = products.get(inst.product);
    if (p?.kind !== "furniture" || inst.on.type === "level") continue;
    let label = labels.get(p.id);
    if (!label) {
      label = atlas.addLabel(cardText(p, heroOf), CARD.w / CARD.h);
      labels.set(p.id, label);
    }
    const { width: w, depth: d } = p.shape.dims;
    const onPlinth = inst.on.type === "plinth";
    const scale = onPlinth ? CARD.small : 1;
    const [cw, ch] = [CARD.w * scale, CARD.h * scale];
    const pieces: BufferGeometry[] = [];
    // Beside the piece, level with its front: in front of it, the card would hide what it describes.
    const cx = w / 2 + cw / 2 + (onPlinth ? 0.03 : 0.08);
    const cz = -d / 2 + 0.02;
    const centre = onPlinth ? ch / 2 + 0.01 : CARD.centre;
    pieces.push(kit.labelledBox(cw, ch, CARD.d, color("#ffffff"), label).translate(cx, centre - ch / 2, cz));
    if (!onPlinth)
      pieces.push(kit.box(0.025, centre - ch / 2, 0.025, cx, (centre - ch / 2) / 2, cz + 0.02, POLE));
    const card = kit
      .merge(pieces)
      .rotateY(inst.yaw * DEG)
      .translate(inst.x, inst.y, inst.z);
    const list = parts.get(inst.on.area) ?? [];
    list.push(card);
    parts.set(inst.on.area, list);
  }
  return new Map([...parts].map(([id, list]) => [id, kit.merge(list)]));
}

function cardText(p: FurnitureProduct, heroOf: (name: string) => string) {
  const hero = heroOf(p.name);
  const rest = nameWithout(p.name, hero);
  return {
    top: p.brand,
    hero,
    main: rest,
    foot: `$${p.price.toLocaleString("en-US")}`,
    background: "#ffffff",
    accent: "#f2c230",
  };
}
