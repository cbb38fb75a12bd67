import type { EnvId } from "../core/manifest.js";
import { targetHandles } from "../core/roles.js";
import { loadEnvData } from "../envs/env-data.js";
import { envDefinition } from "../envs/registry.js";

/** What the metrics look up about a store: the catalog ids, the assistant's fixed handles, where products are. */
export interface EvalContext {
  env: EnvId;
  catalog: Set<string>;
  legalTools: Set<string>;
  /** The assistant's fixed target handles → target ids. */
  assistantHandles: Map<string, string>;
  targetIds: Set<string>;
  /** Product → the fixtures, or the stores and areas, it is shown in. */
  placesOf: Map<string, Set<string>>;
  /** Tools that move to a named target: the targeted local-navigation events of LNSR. */
  targetedTools: Set<string>;
  /** Whether a visible product of a destination area shows the destination (CGV). */
  goalShownByProducts: boolean;
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
      targetIds: new Set(data.layout.navTargets.map((t) => t.id)),
      placesOf,
      targetedTools: new Set(def.targetedTools),
      goalShownByProducts: def.goalShownByProducts,
    };
    cache.set(env, ctx);
  }
  return ctx;
}
