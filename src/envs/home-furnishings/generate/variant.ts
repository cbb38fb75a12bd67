import type { Manifest } from "../../../core/manifest.js";
import { Rng } from "../../../core/random.js";
import type { EnvData } from "../../env-data.js";
import { firstValid } from "../../variants/first-valid.js";
import { rotateEnvData, turnedSide } from "../../variants/rotate-env.js";
import { variantId } from "../../variants/variant-id.js";
import type { FurnitureSpec } from "../spec/furniture-spec.js";
import { STORES } from "../spec/stores.js";
import { generateHomeFurnishings, homeFurnishingsManifest } from "./index.js";
import { drawHallShape, type HallFacts, hallVariantPlan, roomier } from "./variant-plan.js";

/** How many times a shape is made roomier when an area cannot hold its pieces. */
const ROOMIER_TRIES = 3;

const nameOf = (id: string) => STORES.find((s) => s.id === id)!.name;

function describe(seed: number, data: EnvData, facts: HallFacts, turns: number): string {
  const { width, depth } = data.layout.floor;
  const side = (s: string) => turnedSide(s, turns);
  const axis = turns % 2 === 0 ? "east-west" : "north-south";
  const row = (ids: string[], s: string) =>
    `${ids.length} along the ${side(s)} wall (${ids.map(nameOf).join(", ")}, from the entrance on)`;
  return (
    `Variant ${seed} of the furniture hall: a ${width} × ${depth} m hall entered from the ${side("west")}, ` +
    `seven walled stores on either side of a ${facts.promenade} m promenade running ${axis}: ` +
    `${row(facts.north, "north")}; ${row(facts.south, "south")}.`
  );
}

/**
 * A seeded variant of the home-furnishings store (`home-furnishings@SEED`): the same catalog and
 * stores on another floor plan (a seeded plan, turned to face a seeded side), with each store's
 * same-sized areas in a seeded order and its own segmentation colours. The same seed gives
 * byte-identical data.
 */
export function generateHomeFurnishingsVariant(spec: FurnitureSpec, seed: number): EnvData {
  const env = variantId("home-furnishings", seed);
  const rng = new Rng(seed).fork("home-furnishings-variant");
  const turns = rng.fork("turns").int(0, 3);
  const base = homeFurnishingsManifest();
  const manifest: Manifest = { ...base, id: env, name: `${base.name} (variant ${seed})` };
  const attempt = (n: number): EnvData | string => {
    let shape = drawHallShape(rng.fork(n ? `plan:${n}` : "plan"));
    for (let roomy = 0; ; roomy++) {
      const { plan, facts } = hallVariantPlan(shape);
      try {
        const data = rotateEnvData(
          generateHomeFurnishings(spec, rng.fork("arrange").seed, { env, plan, manifest: { ...manifest } }),
          turns,
        );
        data.manifest.description = describe(seed, data, facts, turns);
        return data;
      } catch (err) {
        const message = (err as Error).message;
        if (!/do not fit/.test(message)) throw err;
        if (roomy >= ROOMIER_TRIES) return message;
        shape = roomier(shape);
      }
    }
  };
  return firstValid(env, attempt);
}
