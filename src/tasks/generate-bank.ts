import type { Catalog } from "../core/catalog.js";
import type { LocationEntry, LocationIndex } from "../core/location-index.js";
import type { EnvId, Manifest } from "../core/manifest.js";
import type { Product } from "../core/product.js";
import type { Profile } from "../core/profile.js";
import { Rng } from "../core/random.js";
import type { Task, TaskBank } from "../core/task.js";
import { envDefinition } from "../envs/registry.js";
import { buildGoal } from "./build-goal.js";
import { checkTaskBank, formatTaskProblem } from "./conflict-check.js";
import { applicableConstraints, meetsLabels } from "./labels.js";
import { sentences } from "./request-text.js";
import type { NeedSpec, NeedsFile, RolesFile } from "./role-spec.js";
import { sampleProfile } from "./sample-profile.js";
import { assignSubsets } from "./subsets.js";

export const TASKS_PER_PROFILE = 4;

export interface TaskSources {
  manifest: Manifest;
  catalog: Catalog;
  locationIndex: LocationIndex;
  roles: RolesFile;
  needs: NeedsFile;
}

/** Where a product is mainly found: its first fixture, or its first display area. */
function primaryLocation(entry: LocationEntry): string {
  return "fixtures" in entry ? entry.fixtures[0]! : entry.places[0]!.area;
}

/**
 * Builds a store's task bank in the paper's four steps (Appendix A.3): roles → sampled profiles;
 * four targets per profile covering needs, categories and locations; needs, preferences and a
 * budget tier per target; budgets and reference sets. Seeded: a seed gives a byte-identical bank.
 * Ends with the conflict check and throws rather than return a bank that fails it.
 */
export function generateTaskBank(env: EnvId, sources: TaskSources, seed: number): TaskBank {
  const rng = new Rng(seed);
  const prefix = envDefinition(env).idPrefix;
  const needOfCategory = new Map<string, NeedSpec>();
  for (const need of sources.needs.needs) for (const c of need.categories) needOfCategory.set(c, need);
  const familyOf = new Map<string, Product[]>();
  for (const p of sources.catalog.products) {
    const need = needOfCategory.get(p.category);
    if (!need) throw new Error(`task bank: category '${p.category}' of ${p.id} belongs to no need family`);
    familyOf.set(need.id, [...(familyOf.get(need.id) ?? []), p]);
  }
  const locationOf = new Map(sources.locationIndex.entries.map((e) => [e.product, primaryLocation(e)]));

  const profiles: Profile[] = sources.roles.roles.map((role, i) =>
    sampleProfile(env, `${prefix}-${String(i + 1).padStart(2, "0")}`, role, rng.fork(`profile:${role.id}`)),
  );
  const usage = new Map<string, number>();
  const taken = new Set<string>();
  const tasks: Omit<Task, "subset">[] = [];

  for (const profile of profiles) {
    const prng = rng.fork(`targets:${profile.id}`);
    const themes = prng.shuffle(profile.persona.themes);
    const used = { families: new Set<string>(), locations: new Set<string>(), products: new Set<string>() };
    for (let k = 0; k < TASKS_PER_PROFILE; k++) {
      const theme = themes[k % themes.length]!;
      const id = `${profile.id}.${k + 1}`;
      const rules = profile.persona.constraints;
      const candidates = sources.catalog.products.filter((p) => {
        if (!p.themes.includes(theme) || used.products.has(p.id)) return false;
        const { requires, avoids } = applicableConstraints(rules, p);
        return meetsLabels(p, requires, avoids);
      });
      const order = new Map(prng.shuffle(candidates.map((p) => p.id)).map((pid, i) => [pid, i]));
      const score = (p: Product) => {
        const family = needOfCategory.get(p.category)!.id;
        return [
          Number(used.families.has(family)),
          Number(used.locations.has(locationOf.get(p.id) ?? "")),
          Number((familyOf.get(family)?.length ?? 0) < 2),
          usage.get(p.id) ?? 0,
          order.get(p.id)!,
        ];
      };
      const ranked = candidates
        .map((p) => ({ p, s: score(p) }))
        .sort((a, b) => {
          for (let i = 0; i < a.s.length; i++) if (a.s[i] !== b.s[i]) return a.s[i]! - b.s[i]!;
          return 0;
        })
        .map(({ p }) => p);
      let task: Omit<Task, "subset"> | undefined;
      for (const target of ranked) {
        const need = needOfCategory.get(target.category)!;
        const built = buildGoal({
          profile,
          theme,
          target,
          need,
          family: familyOf.get(need.id)!,
          takenSentences: taken,
          rng: rng.fork(`goal:${id}:${target.id}`),
        });
        if (!built) continue;
        task = { id, env, profileId: profile.id, goal: built.goal, referenceItems: built.referenceItems };
        break;
      }
      if (!task) throw new Error(`task bank: no target for ${id} (${profile.persona.name}, theme ${theme})`);
      for (const s of sentences(task.goal.request)) taken.add(s);
      const target = task.goal.target.product;
      used.products.add(target);
      used.families.add(task.goal.need.family);
      used.locations.add(locationOf.get(target) ?? "");
      usage.set(target, (usage.get(target) ?? 0) + 1);
      tasks.push(task);
    }
  }

  const bank: TaskBank = {
    kind: "siturec.task-bank",
    version: 1,
    env,
    seed,
    profiles,
    tasks: assignSubsets(tasks),
  };
  const problems = checkTaskBank(bank, sources);
  if (problems.length) {
    throw new Error(
      `task bank: the generated bank fails its conflict check:\n${problems.map(formatTaskProblem).join("\n")}`,
    );
  }
  return bank;
}
