import type { Manifest } from "../../../core/manifest.js";
import { Rng } from "../../../core/random.js";
import type { EnvData } from "../../env-data.js";
import { firstValid } from "../../variants/first-valid.js";
import { rotateEnvData, turnedSide } from "../../variants/rotate-env.js";
import { variantId } from "../../variants/variant-id.js";
import { supermarketLayoutFacts } from "../layout-facts.js";
import type { GrocerySpec } from "../spec/grocery-spec.js";
import { generateSupermarket, supermarketManifest } from "./index.js";
import { type PlanFacts, supermarketVariantPlan, type WallLine } from "./variant-plan.js";

/** Placed instances of a variant: a seeded count within ±6% of Table 2's 1,324. */
export const VARIANT_INSTANCES = { min: 1245, max: 1400 } as const;

const DEPARTMENT: Record<WallLine, string> = {
  frozen: "frozen food",
  chilled: "dairy and meat coolers",
  household: "household and pet goods",
};

function describe(seed: number, data: EnvData, facts: PlanFacts, turns: number): string {
  const { width, depth } = data.layout.floor;
  const side = (s: string) => turnedSide(s, turns);
  const aisles = supermarketLayoutFacts(data.layout);
  const walls = (Object.keys(DEPARTMENT) as WallLine[])
    .map((line) => `${DEPARTMENT[line]} on the ${side(facts.walls[line])} wall`)
    .join(", ");
  return (
    `Variant ${seed} of the supermarket: a ${width} × ${depth} m hall entered from the ${side("south")}, ` +
    `eight gondolas forming ${aisles.aisles} aisles that run ${aisles["aisles run"]}, ${walls} (chest freezers in front of the frozen food), ` +
    `produce ${facts.produce === "row" ? "in a row just inside the entrance" : "beside the gondolas near the entrance"}.`
  );
}

/**
 * A seeded variant of the supermarket (`supermarket@SEED`): the same catalog on another floor plan
 * (a seeded plan, turned to face a seeded side), with its own segmentation colours, a seeded number of
 * instances and a seeded order of goods along each shelf. The same seed gives byte-identical data.
 */
export function generateSupermarketVariant(spec: GrocerySpec, seed: number): EnvData {
  const env = variantId("supermarket", seed);
  const rng = new Rng(seed).fork("supermarket-variant");
  const turns = rng.fork("turns").int(0, 3);
  const instances = rng.fork("instances").int(VARIANT_INSTANCES.min, VARIANT_INSTANCES.max);
  const base = supermarketManifest();
  const manifest: Manifest = { ...base, id: env, name: `${base.name} (variant ${seed})` };
  return firstValid(env, (n) => {
    const { plan, facts } = supermarketVariantPlan(rng.fork(n ? `plan:${n}` : "plan"));
    const build = { env, plan, instances, manifest: { ...manifest }, shuffleShelves: true };
    const data = rotateEnvData(generateSupermarket(spec, rng.fork("stock").seed, build), turns);
    data.manifest.description = describe(seed, data, facts, turns);
    return data;
  });
}
