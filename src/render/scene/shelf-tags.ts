import { CAMERA } from "../../core/camera.js";
import type { Instance } from "../../core/instance.js";
import type { GroceryProduct, Product } from "../../core/product.js";
import type { Fixture } from "../../core/spatial.js";
import { nameWithout } from "./hero-word.js";
import type { AtlasPool, LabelAtlas } from "./label-atlas.js";
import { color, type UvRect } from "./shape-kit.js";
import { Groups, type TagGroup } from "./tag-groups.js";

const DEG = Math.PI / 180;
const TAG = {
  h: 0.08,
  d: 0.004,
  max: 0.45,
  every: 0.9,
  share: 0.75,
  maxTilt: 35 * DEG,
  viewDistance: 0.9,
} as const;
const EYE = CAMERA.eyeHeight;
const STAKE = color("#b58a5a");

/** Where a point stands in a fixture's own frame (front facing -z). */
function local(inst: { x: number; z: number }, f: Fixture): [number, number] {
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

/** One product's facings on one shelf of one side of a fixture, in the fixture's frame. */
interface ShelfRun {
  f: Fixture;
  side: "front" | "back";
  level: number;
  product: GroceryProduct;
  xs: number[];
  /** How far out from the fixture's centre the goods' fronts come, on their side. */
  reach: number;
}

/** The runs of each grocery product's facings, by fixture, side, level and product. */
function shelfRuns(fixtures: Fixture[], instances: Instance[], products: Map<string, Product>): ShelfRun[] {
  const runs = new Map<string, ShelfRun>();
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
    run.reach = Math.max(run.reach, (inst.on.side === "back" ? z : -z) + p.shape.dims.depth / 2);
    runs.set(key, run);
  }
  return [...runs.values()];
}

/** Where a run's goods begin and end along the shelf. */
function span(r: ShelfRun): [number, number] {
  return [
    Math.min(...r.xs) - r.product.shape.dims.width / 2,
    Math.max(...r.xs) + r.product.shape.dims.width / 2,
  ];
}

/**
 * A run with another product's goods in front of it on the same shelf (a produce stand's back
 * rows): its tag on the shelf edge would hang where the front run's does, under goods it does not
 * name, so it stands on a stake over its own goods instead, as produce prices do.
 */
function behind(r: ShelfRun, all: ShelfRun[]): boolean {
  const [lo, hi] = span(r);
  return all.some((o) => {
    if (o === r || o.f !== r.f || o.side !== r.side || o.level !== r.level || o.reach <= r.reach + 0.01)
      return false;
    const [olo, ohi] = span(o);
    return Math.min(hi, ohi) - Math.max(lo, olo) > 0.5 * Math.min(hi - lo, ohi - olo);
  });
}

/** A product's shelf tag `w` metres wide, drawn in a pool's atlas on first use. */
function shelfTagLabel(
  labels: Map<string, { atlas: LabelAtlas; uv: UvRect }>,
  pool: AtlasPool,
  p: GroceryProduct,
  w: number,
  heroOf: (name: string) => string,
): { atlas: LabelAtlas; uv: UvRect } {
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
  return label;
}

/**
 * Where the tags of a run of goods from `lo` to `hi` along its shelf go, and how wide they are: one
 * per `TAG.every` metres of run, each under its own stretch of the run, `TAG.share` of it wide (up
 * to `TAG.max`), at the end of its stretch nearest `toward`, the point of the shelf a shopper looks
 * at it from. A run reaching past the edge of the view from there keeps its tags in the part that
 * shows, and the narrower tag leaves the room to move.
 */
export function tagSpots(lo: number, hi: number, toward: number): { w: number; xs: number[] } {
  const count = Math.max(1, Math.round((hi - lo) / TAG.every));
  const stretch = (hi - lo) / count;
  const w = Math.round(Math.min(TAG.max, stretch * TAG.share) * 20) / 20;
  const room = Math.max(0, (stretch - w) / 2);
  const xs = Array.from({ length: count }, (_, i) => {
    const mid = lo + (i + 0.5) * stretch;
    return mid + Math.min(room, Math.max(-room, toward - mid));
  });
  return { w, xs };
}

/** Where a shopper stands to look at one side of a fixture, in world coordinates (x, z). */
export type StandingPoint = (f: Fixture, side: "front" | "back") => [number, number] | undefined;

/**
 * Shelf-edge price tags under each run of a product's facings (hero word large, brand and name,
 * size, price), one per `TAG.every` metres of run so a shopper standing anywhere along it sees one,
 * in each fixture's frame, so they segment as the fixture they hang on, as a real tag is part of the
 * shelf. Each tag sits towards where a shopper stands to look at that side (`standAt`; the
 * fixture's middle without one; `tagSpots`).
 */
export function shelfTags(
  pool: AtlasPool,
  fixtures: Fixture[],
  instances: Instance[],
  products: Map<string, Product>,
  heroOf: (name: string) => string,
  standAt: StandingPoint = () => undefined,
): TagGroup[] {
  const labels = new Map<string, { atlas: LabelAtlas; uv: UvRect }>();
  const all = shelfRuns(fixtures, instances, products);
  const groups = new Groups();
  for (const run of all) {
    const { f, side, level, product: p, reach } = run;
    const [lo, hi] = span(run);
    const stand = standAt(f, side);
    const { w, xs } = tagSpots(lo, hi, stand ? local({ x: stand[0], z: stand[1] }, f)[0] : 0);
    const label = shelfTagLabel(labels, pool, p, w, heroOf);
    const staked = behind(run, all);
    const { inset, top: edgeTop } = edge(f, level);
    // A staked tag's top stands a little over its goods; its stake reaches down into them.
    const top = staked ? level + p.shape.dims.height + 0.03 + TAG.h : edgeTop;
    // Tilted up towards the eye, as label holders on low shelves are, hinged at the shelf edge.
    const tilt = Math.min(TAG.maxTilt, 0.6 * Math.atan2(Math.max(0, EYE - top), TAG.viewDistance));
    // On the shelf edge, or in front of goods that stand out past it (an open cooler's), which would
    // otherwise hide the top of the tag from a shopper looking down; staked, at its goods' front.
    const z = staked ? reach + TAG.d / 2 : Math.max(f.size.depth / 2 - inset, reach) + TAG.d / 2 + 0.002;
    const kit = label.atlas.kit;
    for (const cx of xs) {
      const card = kit
        .labelledBox(w, TAG.h, TAG.d, color("#ffffff"), label.uv)
        .translate(0, -TAG.h, 0)
        .rotateX(tilt)
        .translate(0, top, 0);
      const stake = top - TAG.h - level;
      const tag = staked
        ? kit.merge([card, kit.box(0.008, stake, 0.008, 0, level + stake / 2, TAG.d, STAKE)])
        : card;
      if (side === "back") tag.rotateY(Math.PI).translate(cx, 0, z);
      else tag.translate(cx, 0, -z);
      groups.add(f.id, label.atlas, tag);
    }
  }
  return groups.merged();
}
