import type { Instance } from "../../core/instance.js";
import type { Label } from "../../core/label.js";
import type { EnvId } from "../../core/manifest.js";
import type { Product } from "../../core/product.js";
import { targetHandles } from "../../core/roles.js";
import type { NavTarget, Waypoint } from "../../core/spatial.js";
import { type EnvData, loadEnvData } from "../../envs/env-data.js";
import type { EnvDefinition } from "../../envs/env-definition.js";
import { envDefinition } from "../../envs/registry.js";
import { facetsFor, facetValues } from "../../tasks/labels.js";
import type { NeedSpec } from "../../tasks/role-spec.js";
import { taskSources } from "../../tasks/task-bank-file.js";
import { type Navigation, navigationFor } from "../../world/navmesh.js";

/**
 * What the built-in agents know about a store: the catalog, the location index and the map (as the
 * paper's assistant does), the store's need families (category groups and the words for them), the
 * planogram (where each placed item stands), and the navigation mesh for route planning.
 */
export class StoreKnowledge {
  readonly products: Map<string, Product>;
  readonly targets: Map<string, NavTarget>;
  readonly waypoints: Map<string, Waypoint>;
  readonly instances: Map<string, Instance[]>;
  readonly familyOf: Map<string, NeedSpec>;
  /** Fixed target handles per role (the minimap labels). */
  readonly handles: { shopper: Map<string, string>; assistant: Map<string, string> };
  /** Every label value products carry, by facet. */
  readonly vocabulary: Map<string, Set<string>>;
  /** The store's definition: its tools, inspection rules, Navigate schema, names. */
  readonly def: EnvDefinition;
  /** Product ids by what a package shows, `brand name` (unique within a store). */
  readonly productByLabel: Map<string, string>;
  /** Target ids by the assistant's fixed handles (the map's labels). */
  readonly targetByAssistantHandle: Map<string, string>;

  private constructor(
    readonly env: EnvId,
    readonly data: EnvData,
    readonly needs: NeedSpec[],
    readonly nav: Navigation,
  ) {
    this.def = envDefinition(env);
    this.products = new Map(data.catalog.products.map((p) => [p.id, p]));
    this.targets = new Map(data.layout.navTargets.map((t) => [t.id, t]));
    this.waypoints = new Map(data.layout.waypoints.map((w) => [w.id, w]));
    this.instances = new Map();
    for (const inst of data.instances.instances)
      this.instances.set(inst.product, [...(this.instances.get(inst.product) ?? []), inst]);
    this.familyOf = new Map();
    for (const need of needs) for (const c of need.categories) this.familyOf.set(c, need);
    this.handles = {
      shopper: targetHandles(data.layout, "shopper"),
      assistant: targetHandles(data.layout, "assistant"),
    };
    this.productByLabel = new Map(data.catalog.products.map((p) => [`${p.brand} ${p.name}`, p.id]));
    this.targetByAssistantHandle = new Map([...this.handles.assistant].map(([id, h]) => [h, id]));
    this.vocabulary = new Map();
    for (const p of data.catalog.products) {
      for (const facet of facetsFor(p)) {
        const set = this.vocabulary.get(facet) ?? new Set<string>();
        for (const v of facetValues(p, facet)) set.add(v);
        this.vocabulary.set(facet, set);
      }
    }
  }

  static async load(env: EnvId): Promise<StoreKnowledge> {
    let k = cache.get(env);
    if (!k) {
      k = (async () => {
        const data = loadEnvData(env);
        return new StoreKnowledge(env, data, taskSources(env).needs.needs, await navigationFor(env, data));
      })();
      cache.set(env, k);
    }
    return k;
  }

  product(id: string): Product {
    const p = this.products.get(id);
    if (!p) throw new Error(`unknown product ${id}`);
    return p;
  }

  /** Products of a need family. */
  family(needId: string): Product[] {
    const need = this.needs.find((n) => n.id === needId);
    return need ? this.data.catalog.products.filter((p) => need.categories.includes(p.category)) : [];
  }

  /** Where a product mainly stands: its fixture (supermarket) or display area (furniture store). */
  homeOf(productId: string): { target: NavTarget; store?: NavTarget } {
    const entry = this.data.locationIndex.entries.find((e) => e.product === productId)!;
    if ("fixtures" in entry) return { target: this.targets.get(entry.fixtures[0]!)! };
    const place = entry.places[0]!;
    return { target: this.targets.get(place.area)!, store: this.targets.get(place.store)! };
  }

  labelsOf(p: Product): Label[] {
    return facetsFor(p).flatMap((facet) => facetValues(p, facet).map((value) => ({ facet, value })));
  }
}

const cache = new Map<EnvId, Promise<StoreKnowledge>>();
