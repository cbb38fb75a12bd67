import type { EnvData, EnvPart } from "./env-data.js";
import { envDefinition, envIds, hasEnv } from "./registry.js";

export type Report = (part: EnvPart, path: string, message: string) => void;

/** The parts agree on the store, the store is registered, and its ids carry the store's prefix. */
export function checkEnvIds(data: EnvData, report: Report): void {
  const env = data.manifest.id;
  for (const part of ["catalog", "layout", "instances", "locationIndex"] as const) {
    if (data[part].env !== env)
      report(part, "$.env", `is '${data[part].env}' but the manifest is for '${env}'`);
  }
  if (!hasEnv(env)) {
    report(
      "manifest",
      "$.id",
      `no store '${env}' is registered (src/envs/registry.ts lists ${envIds().join(", ")})`,
    );
    return;
  }
  const prefix = `${envDefinition(env).idPrefix}-`;
  data.catalog.products.forEach((p, i) => {
    if (!p.id.startsWith(prefix))
      report("catalog", `$.products[${i}].id`, `entry ${p.id}: ${env} product ids start with '${prefix}'`);
  });
  data.instances.instances.forEach((inst, i) => {
    if (!inst.id.startsWith(prefix))
      report(
        "instances",
        `$.instances[${i}].id`,
        `entry ${inst.id}: ${env} instance ids start with '${prefix}'`,
      );
  });
}

export function checkUniqueIds(data: EnvData, report: Report): void {
  const unique = (part: EnvPart, list: string, ids: string[]) => {
    const seen = new Map<string, number>();
    ids.forEach((id, i) => {
      const first = seen.get(id);
      if (first !== undefined) report(part, `$.${list}[${i}]`, `id '${id}' repeats ${list}[${first}]`);
      else seen.set(id, i);
    });
  };
  unique(
    "catalog",
    "products",
    data.catalog.products.map((p) => p.id),
  );
  unique(
    "instances",
    "instances",
    data.instances.instances.map((i) => i.id),
  );
  unique(
    "layout",
    "navTargets",
    data.layout.navTargets.map((t) => t.id),
  );
  unique(
    "layout",
    "waypoints",
    data.layout.waypoints.map((w) => w.id),
  );
  unique(
    "locationIndex",
    "entries",
    data.locationIndex.entries.map((e) => e.product),
  );
}

export function checkColors(data: EnvData, report: Report): void {
  const owners = new Map<string, string>();
  const claim = (part: EnvPart, path: string, color: string, owner: string) => {
    if (color === "#000000") report(part, path, `entry ${owner}: black is reserved for the background`);
    const first = owners.get(color);
    if (first) report(part, path, `entry ${owner}: segmentation colour ${color} is already used by ${first}`);
    else owners.set(color, owner);
  };
  data.catalog.products.forEach((p, i) => {
    claim("catalog", `$.products[${i}].segColor`, p.segColor, `${p.id} (${p.name})`);
  });
  data.layout.navTargets.forEach((t, i) => {
    claim("layout", `$.navTargets[${i}].segColor`, t.segColor, `${t.id} (${t.name})`);
  });
}

export function checkCatalog(data: EnvData, report: Report): void {
  const themes = new Set(data.manifest.themes.map((t) => t.id));
  const kind = hasEnv(data.manifest.id) ? envDefinition(data.manifest.id).productKind : undefined;
  data.catalog.products.forEach((p, i) => {
    if (kind && p.kind !== kind)
      report(
        "catalog",
        `$.products[${i}].kind`,
        `entry ${p.id}: a ${p.kind} product in the ${data.manifest.id}`,
      );
    p.themes.forEach((t, j) => {
      if (!themes.has(t))
        report("catalog", `$.products[${i}].themes[${j}]`, `entry ${p.id}: unknown theme '${t}'`);
    });
  });
}
