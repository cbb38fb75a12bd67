import type { EnvId } from "../core/manifest.js";
import { targetHandles } from "../core/roles.js";
import { loadEnvData } from "../envs/env-data.js";
import { envDefinition } from "../envs/registry.js";
import { type DisclosureLexicon, disclosureLexicon } from "./metrics/label-disclosures.js";

/** What the metrics look up about a store: the catalog ids, the assistant's fixed handles, where products are. */
export interface EvalContext {
  env: EnvId;
  catalog: Set<string>;
  legalTools: Set<string>;
  /** The assistant's fixed target handles → target ids. */
  assistantHandles: Map<string, string>;
  /** The shopper's fixed target handles → target ids. */
  shopperHandles: Map<string, string>;
  /** The store's ids and name words, for finding labels spoken in dialogue. */
  lexicon: DisclosureLexicon;
  targetIds: Set<string>;
  /** Product → the fixtures, or the stores and areas, it is shown in. */
  placesOf: Map<string, Set<string>>;
  /** Tools that move to a named target: the targeted local-navigation events of LNSR. */
  targetedTools: Set<string>;
  /** Whether a visible product of a destination area shows the destination (CGV). */
  goalShownByProducts: boolean;
  /**
   * Normalised product names → product id, for resolving a `Recommend` act's display name: the id,
   * "brand name" and the bare name of every product (a name two products share maps to neither).
   */
  productNames: Map<string, string>;
}

/** A display name as the name index keys it: lower case, punctuation dropped, single spaces. */
export function normaliseName(s: string): string {
  return s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9%.]+/g, " ")
    .replace(/\.(?!\d)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function nameIndex(products: readonly { id: string; name: string; brand: string }[]): Map<string, string> {
  const index = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const p of products) {
    for (const key of new Set([
      p.id.toLowerCase(),
      normaliseName(`${p.brand} ${p.name}`),
      normaliseName(p.name),
    ])) {
      if (!key || ambiguous.has(key)) continue;
      const other = index.get(key);
      if (other !== undefined && other !== p.id) {
        index.delete(key);
        ambiguous.add(key);
      } else index.set(key, p.id);
    }
  }
  return index;
}

const cache = new Map<EnvId, EvalContext>();

export function evalContext(env: EnvId): EvalContext {
  let ctx = cache.get(env);
  if (!ctx) {
    const data = loadEnvData(env);
    const def = envDefinition(env);
    const placesOf = new Map<string, Set<string>>();
    for (const e of data.locationIndex.entries) {
      placesOf.set(
        e.product,
        new Set("fixtures" in e ? e.fixtures : e.places.flatMap((p) => [p.store, p.area])),
      );
    }
    ctx = {
      env,
      catalog: new Set(data.catalog.products.map((p) => p.id)),
      legalTools: new Set(Object.keys(def.tools)),
      assistantHandles: new Map([...targetHandles(data.layout, "assistant")].map(([id, h]) => [h, id])),
      shopperHandles: new Map([...targetHandles(data.layout, "shopper")].map(([id, h]) => [h, id])),
      lexicon: disclosureLexicon({
        ids: [
          ...data.catalog.products.map((p) => p.id),
          ...data.instances.instances.map((i) => i.id),
          ...data.layout.navTargets.map((t) => t.id),
          ...data.layout.waypoints.map((w) => w.id),
        ],
        names: [
          ...data.catalog.products.flatMap((p) => [p.name, p.brand]),
          ...data.layout.navTargets.map((t) => t.name),
        ],
      }),
      targetIds: new Set(data.layout.navTargets.map((t) => t.id)),
      placesOf,
      targetedTools: new Set(def.targetedTools),
      goalShownByProducts: def.goalShownByProducts,
      productNames: nameIndex(data.catalog.products),
    };
    cache.set(env, ctx);
  }
  return ctx;
}
