import { forwardOf, normalizeYaw, round6 } from "../../../core/geometry.js";
import type { Instance } from "../../../core/instance.js";
import type { GroceryProduct } from "../../../core/product.js";
import type { Rng } from "../../../core/random.js";
import type { Fixture } from "../../../core/spatial.js";
import { rightOf } from "../../common/approach.js";
import { MODELS } from "./fixture-plan.js";

/** A product's block of side-by-side facings on one fixture: adjacent copies, one contour. */
interface Run {
  order: number;
  product: GroceryProduct;
  fixture: Fixture;
  facings: number;
  /** How many facings this run would have in a store with unlimited room (relative weight). */
  desire: number;
}

interface Slot {
  fixture: Fixture;
  side: "front" | "back";
  level: number;
  row: number;
  length: number;
  depth: number;
  runs: Run[];
}

/** Gaps, metres: between facings of a run, between runs, and at the ends of a shelf. */
const FACING_GAP = 0.01;
const RUN_GAP = 0.05;
const END_INSET = 0.04;
const MIN_FACINGS = 2;

/** Share of a fixture's shelf length that may be stocked; produce tables are packed fuller. */
const FILL: Record<Fixture["kind"], number> = {
  shelf: 0.8,
  wall_shelf: 0.8,
  upright_freezer: 0.85,
  chest_freezer: 0.85,
  open_cooler: 0.85,
  produce_stand: 0.95,
};

/** Facings wanted per product, before room runs out: cartons and crates fewer, small packs more. */
const BASE_FACINGS: Record<GroceryProduct["storage"], number> = {
  ambient: 7,
  chilled: 5.5,
  frozen: 4.5,
  produce: 2,
};

function slotsOf(fixture: Fixture): Slot[] {
  const model = MODELS[fixture.kind];
  const sideDepth =
    (model.sides.length === 2 ? model.depth / 2 : model.depth) - model.frontInset - model.backInset;
  const slots: Slot[] = [];
  for (const side of model.sides) {
    for (let level = 0; level < model.levels.length; level++) {
      for (let row = 0; row < model.rows; row++) {
        slots.push({
          fixture,
          side,
          level,
          row,
          length: model.width - 2 * END_INSET,
          depth: sideDepth / model.rows,
          runs: [],
        });
      }
    }
  }
  return slots;
}

const runLength = (run: Run, facings = run.facings) =>
  facings * run.product.shape.dims.width + (facings - 1) * FACING_GAP;

const fits = (run: Run, slot: Slot) =>
  run.product.shape.dims.depth <= slot.depth && run.product.shape.dims.height <= slot.fixture.clearance;

/**
 * Puts each run, at its minimum facings, on the slot with the most room left that can hold it, so
 * shelves fill evenly. Taller goods are placed first, while every level is still open to them.
 */
function assignSlots(runs: Run[], slots: Slot[], room: Map<Slot, number>): void {
  const byHeight = [...runs].sort(
    (a, b) => b.product.shape.dims.height - a.product.shape.dims.height || a.order - b.order,
  );
  for (const run of byHeight) {
    const need = runLength(run) + RUN_GAP;
    let best: Slot | undefined;
    for (const slot of slots) {
      if (!fits(run, slot) || room.get(slot)! < need) continue;
      if (!best || room.get(slot)! > room.get(best)! + 1e-9) best = slot;
    }
    if (!best) {
      throw new Error(
        `stocking: no room on ${run.fixture.id} for ${run.facings} × ${run.product.id} (${run.product.name})`,
      );
    }
    best.runs.push(run);
    room.set(best, room.get(best)! - need);
  }
}

/**
 * Grows runs one facing at a time until the store holds exactly `total` instances: always the run
 * furthest below its wish whose slot still has room, ties broken in a seeded order.
 */
function growFacings(
  runs: Run[],
  slotOf: Map<Run, Slot>,
  room: Map<Slot, number>,
  total: number,
  rng: Rng,
): void {
  const tieBreak = new Map(rng.shuffle(runs.map((r) => r.order)).map((order, i) => [order, i]));
  let count = runs.reduce((n, r) => n + r.facings, 0);
  while (count < total) {
    let best: Run | undefined;
    for (const run of runs) {
      const step = run.product.shape.dims.width + FACING_GAP;
      if (room.get(slotOf.get(run)!)! < step) continue;
      const score = run.facings / run.desire;
      const bestScore = best ? best.facings / best.desire : Number.POSITIVE_INFINITY;
      if (score < bestScore || (score === bestScore && tieBreak.get(run.order)! < tieBreak.get(best!.order)!))
        best = run;
    }
    if (!best) throw new Error(`stocking: the fixtures are full at ${count} of ${total} instances`);
    best.facings++;
    const slot = slotOf.get(best)!;
    room.set(slot, room.get(slot)! - best.product.shape.dims.width - FACING_GAP);
    count++;
  }
}

/**
 * Spreads a slot's runs evenly along it, in catalog order (or in `rank`'s order), and turns facings
 * into instances.
 */
function placeSlot(slot: Slot, nextId: () => string, rank?: Map<number, number>): Instance[] {
  const model = MODELS[slot.fixture.kind];
  const key = (r: Run) => rank?.get(r.order) ?? r.order;
  const runs = [...slot.runs].sort((a, b) => key(a) - key(b));
  const stocked = runs.reduce((s, r) => s + runLength(r), 0);
  const gap = (slot.length - stocked) / (runs.length + 1);
  const sideYaw = slot.side === "front" ? slot.fixture.yaw : normalizeYaw(slot.fixture.yaw + 180);
  const [fx, fz] = forwardOf(sideYaw);
  const [rx, rz] = rightOf(sideYaw);
  const [cx, cz] = slot.fixture.location;
  const instances: Instance[] = [];
  let u = gap;
  for (const run of runs) {
    const { width, depth } = run.product.shape.dims;
    // Distance of the goods' centre from the fixture's centre line, towards the aisle.
    const normal = model.depth / 2 - (model.frontInset + slot.row * slot.depth + depth / 2);
    for (let k = 0; k < run.facings; k++) {
      const along = u + width / 2 - slot.length / 2;
      instances.push({
        id: nextId(),
        product: run.product.id,
        x: round6(cx + fx * normal + rx * along),
        y: slot.fixture.levels[slot.level]!,
        z: round6(cz + fz * normal + rz * along),
        yaw: sideYaw,
        on: { type: "level", fixture: slot.fixture.id, side: slot.side, level: slot.level },
      });
      u += width + FACING_GAP;
    }
    u += gap - FACING_GAP;
  }
  return instances;
}

export interface StockedStore {
  instances: Instance[];
  /** Product ids per fixture, in catalog order. */
  productsByFixture: Map<string, string[]>;
}

/**
 * Stocks the fixtures: each product gets one block of facings on its own fixture and on each
 * fixture of `alsoIn`, sized so the store holds exactly `total` instances, with shelves filled evenly.
 * With `orderRng`, the blocks of a shelf stand in a seeded order instead of catalog order.
 */
export function stockFixtures(
  products: readonly GroceryProduct[],
  placesOf: (product: GroceryProduct) => string[],
  fixtures: readonly Fixture[],
  total: number,
  rng: Rng,
  orderRng?: Rng,
): StockedStore {
  const byId = new Map(fixtures.map((f) => [f.id, f]));
  const runs: Run[] = [];
  for (const product of products) {
    for (const fixtureId of placesOf(product)) {
      const fixture = byId.get(fixtureId);
      if (!fixture) throw new Error(`stocking: ${product.id} is placed on unknown fixture ${fixtureId}`);
      const narrowness = Math.min(1.6, Math.max(0.6, Math.sqrt(0.1 / product.shape.dims.width)));
      runs.push({
        order: runs.length,
        product,
        fixture,
        facings: 0,
        desire: BASE_FACINGS[product.storage] * narrowness,
      });
    }
  }
  const slotsByFixture = new Map(fixtures.map((f) => [f.id, slotsOf(f)]));
  // Each slot may be stocked up to its fixture's fill share; the rest is air between blocks.
  const room = new Map<Slot, number>();
  for (const slots of slotsByFixture.values()) {
    for (const slot of slots) room.set(slot, FILL[slot.fixture.kind] * slot.length);
  }
  for (const run of runs) run.facings = MIN_FACINGS;
  if (runs.length * MIN_FACINGS > total) {
    throw new Error(
      `stocking: ${runs.length} blocks need ${runs.length * MIN_FACINGS} instances, only ${total} allowed`,
    );
  }
  for (const fixture of fixtures) {
    assignSlots(
      runs.filter((r) => r.fixture.id === fixture.id),
      slotsByFixture.get(fixture.id)!,
      room,
    );
  }
  const slotOf = new Map<Run, Slot>();
  for (const slots of slotsByFixture.values())
    for (const slot of slots) for (const run of slot.runs) slotOf.set(run, slot);
  growFacings(runs, slotOf, room, total, rng.fork("facings"));
  let n = 0;
  const nextId = () => `sm-i${String(++n).padStart(4, "0")}`;
  const rank = orderRng && new Map(orderRng.shuffle(runs.map((r) => r.order)).map((order, i) => [order, i]));
  const instances = fixtures.flatMap((f) =>
    slotsByFixture.get(f.id)!.flatMap((slot) => placeSlot(slot, nextId, rank)),
  );
  const productsByFixture = new Map(
    fixtures.map((f) => [
      f.id,
      runs
        .filter((r) => r.fixture.id === f.id)
        .sort((a, b) => a.order - b.order)
        .map((r) => r.product.id),
    ]),
  );
  return { instances, productsByFixture };
}
