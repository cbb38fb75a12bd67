import type { Catalog } from "../core/catalog.js";
import type { Manifest } from "../core/manifest.js";
import type { NeedsFile, RolesFile } from "./role-spec.js";

/** Roles and profiles per store (paper Table 2). */
export const ROLES_PER_STORE = 25;

/** Problems of authored roles and need families that their schemas cannot see. */
export function checkTaskSpec(
  roles: RolesFile,
  needs: NeedsFile,
  manifest: Manifest,
  catalog: Catalog,
): string[] {
  const problems: string[] = [];
  const themes = new Set(manifest.themes.map((t) => t.id));
  if (roles.roles.length !== ROLES_PER_STORE)
    problems.push(`roles: ${roles.roles.length}, expected ${ROLES_PER_STORE}`);
  const ids = new Set<string>();
  roles.roles.forEach((r, i) => {
    const at = `roles[${i}] (${r.id})`;
    if (ids.has(r.id)) problems.push(`${at}: duplicate id`);
    ids.add(r.id);
    for (const t of r.themes) if (!themes.has(t)) problems.push(`${at}: unknown theme '${t}'`);
  });
  for (const t of themes) {
    const n = roles.roles.filter((r) => r.themes.includes(t)).length;
    if (n < 3) problems.push(`theme ${t}: only ${n} roles shop for it, expected at least 3`);
  }
  const categories = new Set(catalog.products.map((p) => p.category));
  const owner = new Map<string, string>();
  const needIds = new Set<string>();
  needs.needs.forEach((need, i) => {
    const at = `needs[${i}] (${need.id})`;
    if (needIds.has(need.id)) problems.push(`${at}: duplicate id`);
    needIds.add(need.id);
    for (const c of need.categories) {
      if (!categories.has(c)) problems.push(`${at}: '${c}' is not a catalog category`);
      const first = owner.get(c);
      if (first) problems.push(`${at}: category '${c}' is already in ${first}`);
      owner.set(c, need.id);
    }
    for (const u of need.uses) {
      if (!/^(for|to) /.test(u)) problems.push(`${at}: use '${u}' must start with 'for ' or 'to '`);
    }
    for (const n of need.nouns) {
      if (!/^(a|an|some) /.test(n))
        problems.push(`${at}: noun '${n}' must start with 'a ', 'an ' or 'some '`);
    }
  });
  for (const c of categories) if (!owner.has(c)) problems.push(`category '${c}' belongs to no need family`);
  return problems;
}
