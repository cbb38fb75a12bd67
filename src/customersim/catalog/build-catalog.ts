import type { Rng } from "../../core/random.js";
import { deriveProperties } from "../checker/evaluate.js";
import { knowledgeFor } from "../domain-knowledge/knowledge-base.js";
import { CATEGORIES } from "../schema/category.js";
import type { KnowledgeBase } from "../schema/knowledge.js";
import type { Catalog, Product } from "../schema/product.js";
import type { SalesbotLaptop } from "../source-files.js";
import { buildApparel } from "./apparel-catalog.js";
import { buildGames } from "./game-catalog.js";
import { buildLaptops } from "./laptop-catalog.js";
import { buildWatches } from "./watch-catalog.js";

type Draft = Omit<Product, "hardCriteria">;

/** The whole catalog, each category from its own stream of `rng`, hard criteria derived by the checker. */
export function buildCatalog(
  rng: Rng,
  knowledge: KnowledgeBase,
  laptops: readonly SalesbotLaptop[],
): Catalog {
  const names = new Set<string>();
  const drafts: Draft[] = [
    ...buildApparel(rng.fork("female-clothing"), "female", CATEGORIES["female-clothing"].products, names),
    ...buildApparel(rng.fork("male-clothing"), "male", CATEGORIES["male-clothing"].products, names),
    ...buildLaptops(laptops),
    ...buildWatches(rng.fork("smart-watches"), CATEGORIES["smart-watches"].products),
    ...buildGames(rng.fork("games"), CATEGORIES.games.products),
  ];
  const products = drafts.map((d) => withHardCriteria(d, knowledge));
  return { kind: "customersim.catalog", version: 1, products };
}

function withHardCriteria(draft: Draft, knowledge: KnowledgeBase): Product {
  const product = { ...draft, hardCriteria: [] } as Product;
  const { source, ...rest } = product;
  return {
    ...rest,
    hardCriteria: deriveProperties(product, knowledgeFor(knowledge, draft.category)),
    source,
  } as Product;
}
