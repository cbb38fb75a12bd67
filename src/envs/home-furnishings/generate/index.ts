import type { Instance } from "../../../core/instance.js";
import type { LocationIndex } from "../../../core/location-index.js";
import type { Manifest } from "../../../core/manifest.js";
import { Rng } from "../../../core/random.js";
import { segmentationColors } from "../../common/seg-colors.js";
import type { EnvData } from "../../env-data.js";
import { standsOnPlinth } from "../spec/check-furniture-spec.js";
import type { FurnitureSpec } from "../spec/furniture-spec.js";
import { HOME_FURNISHINGS_THEMES, STORES } from "../spec/stores.js";
import { arrangeArea, type DisplayItem } from "./arrange-area.js";
import { AUTHORED_LICENCE, buildFurnitureProducts, IKEA_LICENCE, orderByArea } from "./build-catalog.js";
import { type ArrangedStore, buildHomeFurnishingsLayout } from "./build-layout.js";
import { type AreaSlot, areaSlots, baseHallPlan, type HallPlan, type StorePlacement } from "./store-plan.js";

/** The seed the checked-in home-furnishings data was generated with. */
export const HOME_FURNISHINGS_SEED = 222;

export function homeFurnishingsManifest(): Manifest {
  return {
    kind: "siturec.env",
    version: 1,
    id: "home-furnishings",
    name: "Home Furnishings Store",
    description:
      "A furniture hall of seven walled stores along a central promenade, each with a storefront doorway and themed display areas.",
    themes: HOME_FURNISHINGS_THEMES.map((t) => ({ ...t })),
    sources: [
      {
        name: "IKEA Saudi Arabia listings (tidytuesday 2020-11-03)",
        licence: IKEA_LICENCE,
        use: "furniture names, categories, descriptions, dimensions, prices (SAR / 3.75)",
      },
      {
        name: "siturec authored data",
        licence: AUTHORED_LICENCE,
        use: "lighting, plants, planters, play and sports goods, ornaments; materials, colours, styles",
      },
    ],
  };
}

/** What a generated furniture hall may differ in from the checked-in one (a seeded variant's). */
export interface HomeFurnishingsBuild {
  /** The store id its files name (default `home-furnishings`). */
  env?: string;
  /** Its floor plan (default the checked-in one). */
  plan?: HallPlan;
  /** Its manifest (default the checked-in one). */
  manifest?: Manifest;
}

/** Each store's placement and its areas' slots, in STORES order. */
function storeSlots(plan: HallPlan): { placement: StorePlacement; slots: AreaSlot[] }[] {
  return STORES.map((def) => {
    const placement = plan.placements.find((p) => p.id === def.id);
    if (!placement) throw new Error(`the hall plan places no store ${def.id}`);
    const slots = areaSlots(placement, def.areas.length as 3 | 4);
    const order = plan.areaOrder?.[def.id] ?? def.areas.map((_, k) => k);
    return { placement, slots: order.map((k) => slots[k]!) };
  });
}

/** Builds all home-furnishings data from the authored spec; the same spec and seed give identical data. */
export function generateHomeFurnishings(
  spec: FurnitureSpec,
  seed = HOME_FURNISHINGS_SEED,
  build: HomeFurnishingsBuild = {},
): EnvData {
  const env = build.env ?? "home-furnishings";
  const plan = build.plan ?? baseHallPlan();
  const rng = new Rng(seed);
  const items = orderByArea(spec.products);
  const targetCount = STORES.reduce((n, s) => n + 1 + s.areas.length, 0);
  const colors = segmentationColors(items.length + targetCount, rng.fork("segmentation-colours"));
  const products = buildFurnitureProducts(items, colors.slice(0, items.length));

  const productsByArea = new Map<string, string[]>();
  const displayed = new Map<string, DisplayItem[]>();
  items.forEach((item, i) => {
    const product = products[i]!;
    for (const area of [item.area, ...(item.alsoIn ?? [])]) {
      productsByArea.set(area, [...(productsByArea.get(area) ?? []), product.id]);
      displayed.set(area, [
        ...(displayed.get(area) ?? []),
        {
          product: product.id,
          width: product.shape.dims.width,
          depth: product.shape.dims.depth,
          onPlinth: standsOnPlinth(item),
        },
      ]);
    }
  });

  const arranged: ArrangedStore[] = storeSlots(plan).map(({ placement, slots }, s) => ({
    placement,
    slots,
    areas: STORES[s]!.areas.map((a, k) => arrangeArea(a.id, slots[k]!, displayed.get(a.id) ?? [])),
  }));

  let n = 0;
  const instances: Instance[] = arranged.flatMap(({ areas }, s) =>
    areas.flatMap((area, k) => {
      const areaId = STORES[s]!.areas[k]!.id;
      return area.items.map((it) => ({
        id: `hf-i${String(++n).padStart(4, "0")}`,
        product: it.product,
        x: it.x,
        y: it.y,
        z: it.z,
        yaw: it.yaw,
        on: it.plinth
          ? { type: "plinth" as const, area: areaId, plinth: it.plinth }
          : { type: "floor" as const, area: areaId },
      }));
    }),
  );

  const layout = buildHomeFurnishingsLayout(arranged, productsByArea, colors.slice(items.length), plan, env);
  const storeOf = new Map(STORES.flatMap((s) => s.areas.map((a) => [a.id, s.id])));
  const locationIndex: LocationIndex = {
    kind: "siturec.location-index",
    version: 1,
    env,
    entries: items.map((item, i) => ({
      product: products[i]!.id,
      places: [item.area, ...(item.alsoIn ?? [])].map((area) => ({ store: storeOf.get(area)!, area })),
    })),
  };
  return {
    manifest: build.manifest ?? homeFurnishingsManifest(),
    catalog: { kind: "siturec.catalog", version: 1, env, currency: "USD", products },
    layout,
    instances: { kind: "siturec.instances", version: 1, env, instances },
    locationIndex,
  };
}
