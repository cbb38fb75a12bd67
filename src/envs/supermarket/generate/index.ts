import type { Catalog } from "../../../core/catalog.js";
import type { LocationIndex } from "../../../core/location-index.js";
import type { Manifest } from "../../../core/manifest.js";
import { Rng } from "../../../core/random.js";
import type { Fixture } from "../../../core/spatial.js";
import { segmentationColors } from "../../common/seg-colors.js";
import type { EnvData } from "../../env-data.js";
import type { GrocerySpec } from "../spec/grocery-spec.js";
import { SECTIONS, SUPERMARKET_THEMES } from "../spec/sections.js";
import { AUTHORED_LICENCE, buildGroceryProducts, orderBySection, USDA_LICENCE } from "./build-catalog.js";
import { buildSupermarketLayout } from "./build-layout.js";
import type { SupermarketPlan } from "./fixture-plan.js";
import { stockFixtures } from "./stock-fixtures.js";

/** The seed the checked-in supermarket data was generated with. */
export const SUPERMARKET_SEED = 233;
/** Placed instances of the supermarket (paper, Table 2). */
export const SUPERMARKET_INSTANCES = 1324;

export function supermarketManifest(): Manifest {
  return {
    kind: "siturec.env",
    version: 1,
    id: "supermarket",
    name: "Supermarket",
    description:
      "A neighbourhood supermarket: produce by the entrance, four aisles of shelves, frozen food along the back wall, dairy and meat coolers on the west wall, household and pet goods on the east wall.",
    themes: SUPERMARKET_THEMES.map((t) => ({ ...t })),
    sources: [
      {
        name: "USDA FoodData Central, Branded Foods (sample)",
        licence: USDA_LICENCE,
        use: "food names, brands, ingredients",
      },
      {
        name: "Kroger prices (reference only)",
        licence: "none; not redistributed",
        use: "price levels per category, checked, not copied",
      },
      {
        name: "siturec authored data",
        licence: AUTHORED_LICENCE,
        use: "produce, fresh meat, non-food goods, nutrition, sizes, prices",
      },
    ],
  };
}

/** What a generated supermarket may differ in from the checked-in one (a seeded variant's). */
export interface SupermarketBuild {
  /** The store id its files name (default `supermarket`). */
  env?: string;
  /** Its floor plan (default the checked-in one). */
  plan?: SupermarketPlan;
  /** Placed instances (default Table 2's 1,324). */
  instances?: number;
  /** Its manifest (default the checked-in one). */
  manifest?: Manifest;
  /** Blocks of goods stand along a shelf in a seeded order instead of catalog order. */
  shuffleShelves?: boolean;
}

/** Builds all supermarket data from the authored spec; the same spec and seed give identical data. */
export function generateSupermarket(
  spec: GrocerySpec,
  seed = SUPERMARKET_SEED,
  build: SupermarketBuild = {},
): EnvData {
  const env = build.env ?? "supermarket";
  const rng = new Rng(seed);
  const items = orderBySection(spec.products);
  const colors = segmentationColors(items.length + SECTIONS.length, rng.fork("segmentation-colours"));
  const products = buildGroceryProducts(items, colors.slice(0, items.length));
  const layout = buildSupermarketLayout(colors.slice(items.length), build.plan, env);
  const fixtures = layout.navTargets as Fixture[];
  const placesOf = new Map(items.map((item, i) => [products[i]!.id, [item.section, ...(item.alsoIn ?? [])]]));
  const stocked = stockFixtures(
    products,
    (p) => placesOf.get(p.id)!,
    fixtures,
    build.instances ?? SUPERMARKET_INSTANCES,
    rng.fork("stocking"),
    build.shuffleShelves ? rng.fork("shelf-order") : undefined,
  );
  for (const fixture of fixtures) fixture.products = stocked.productsByFixture.get(fixture.id) ?? [];
  const catalog: Catalog = { kind: "siturec.catalog", version: 1, env, currency: "USD", products };
  const locationIndex: LocationIndex = {
    kind: "siturec.location-index",
    version: 1,
    env,
    entries: products.map((p) => ({ product: p.id, fixtures: placesOf.get(p.id)! })),
  };
  return {
    manifest: build.manifest ?? supermarketManifest(),
    catalog,
    layout,
    instances: { kind: "siturec.instances", version: 1, env, instances: stocked.instances },
    locationIndex,
  };
}
