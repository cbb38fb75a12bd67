import { Rng } from "../core/random.js";
import { buildCatalog } from "./catalog/build-catalog.js";
import type { CustomerSimData } from "./data-files.js";
import { buildKnowledgeBase } from "./domain-knowledge/knowledge-base.js";
import { buildGuides } from "./guides/build-guides.js";
import { buildPersonas } from "./personas/index.js";
import { CATEGORY_IDS, type CategoryId } from "./schema/category.js";
import type { CustomerSimManifest } from "./schema/manifest.js";
import { readSalesbotGuide, readSalesbotLaptops, readSalessimPersonas } from "./source-files.js";

/** The seed of the checked-in data. */
export const CUSTOMERSIM_SEED = 20260;

const SOURCES: CustomerSimManifest["sources"] = [
  {
    name: "salesforce/salesbot (laptops.json, guides.json, laptop_preferences.jsonl)",
    licence: "Apache-2.0",
    use: "the 26 laptops (names, descriptions, features, prices), the laptop buying guide, 10 laptop shopper profiles",
  },
  {
    name: "SalesforceAIResearch/SalesSim (laptop_personas.jsonl)",
    licence: "Apache-2.0",
    use: "8 laptop personas: name, age, background, speaking style, knowledge level",
  },
  {
    name: "facebookresearch/PAHF (shopping personas)",
    licence: "MIT",
    use: "20 shopper first names",
  },
  {
    name: "siturec authored data",
    licence: "MIT (authored for siturec)",
    use: "laptop enrichment (OS, weight, battery), clothing, smart watches, games, domain knowledge, guides but laptops, persona generator",
  },
];

/**
 * Generates CustomerSim's whole data from the vendored sources (`src/customersim/sources`) and the
 * authored tables: the same seed gives byte-identical files.
 */
export function generateCustomerSimData(seed: number = CUSTOMERSIM_SEED): CustomerSimData {
  const rng = new Rng(seed);
  const knowledge = buildKnowledgeBase();
  const catalog = buildCatalog(rng.fork("catalog"), knowledge, readSalesbotLaptops());
  const personas = buildPersonas(rng.fork("personas"), catalog, knowledge, readSalessimPersonas());
  const guides = buildGuides(readSalesbotGuide());
  const count = (f: (c: CategoryId) => number) =>
    Object.fromEntries(CATEGORY_IDS.map((c) => [c, f(c)])) as Record<CategoryId, number>;
  const manifest: CustomerSimManifest = {
    kind: "customersim.manifest",
    version: 1,
    seed,
    counts: {
      products: count((c) => catalog.products.filter((p) => p.category === c).length),
      personas: count((c) => personas.personas.filter((p) => p.category === c).length),
      infeasible: count((c) => personas.personas.filter((p) => p.category === c && !p.feasible).length),
      guideEntries: count((c) => guides.guides.find((g) => g.category === c)?.entries.length ?? 0),
    },
    sources: SOURCES,
  };
  return { manifest, catalog, personas, knowledge, guides };
}
