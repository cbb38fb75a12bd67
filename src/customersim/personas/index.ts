import type { Rng } from "../../core/random.js";
import { knowledgeFor } from "../domain-knowledge/knowledge-base.js";
import { CATEGORIES, CATEGORY_IDS, type CategoryId } from "../schema/category.js";
import type { KnowledgeBase } from "../schema/knowledge.js";
import type { Persona, PersonaSet } from "../schema/persona.js";
import type { Catalog } from "../schema/product.js";
import type { SalessimPersona } from "../source-files.js";
import { generatePersonas } from "./build-personas.js";
import { seededLaptopPersonas } from "./laptop-personas.js";

/** All 360 personas: per category the authored ones first (laptops), then generated ones. */
export function buildPersonas(
  rng: Rng,
  catalog: Catalog,
  knowledge: KnowledgeBase,
  salessim: readonly SalessimPersona[],
): PersonaSet {
  const personas = CATEGORY_IDS.flatMap((c) =>
    categoryPersonas(rng.fork(`personas:${c}`), c, catalog, knowledge, salessim),
  );
  return { kind: "customersim.personas", version: 1, personas };
}

function categoryPersonas(
  rng: Rng,
  category: CategoryId,
  catalog: Catalog,
  knowledge: KnowledgeBase,
  salessim: readonly SalessimPersona[],
): Persona[] {
  const k = knowledgeFor(knowledge, category);
  const info = CATEGORIES[category];
  const seeded =
    category === "laptops" ? seededLaptopPersonas(rng.fork("seeds"), salessim, catalog.products, k) : [];
  const infeasible = info.infeasible - seeded.filter((p) => !p.feasible).length;
  if (infeasible < 0)
    throw new Error(`${category}: the authored personas hold more infeasible ones than planned`);
  const plan = { category, count: info.personas - seeded.length, infeasible, firstNumber: seeded.length + 1 };
  return [...seeded, ...generatePersonas(rng.fork("generated"), plan, catalog.products, k)];
}

export { softText } from "./draw-preferences.js";
